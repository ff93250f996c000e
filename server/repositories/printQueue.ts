import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { minutesLeft, type PrintJobStatus, type PrinterView } from '../../src/domain/madeToOrder';
import { bundleOption } from '../../src/domain/stock';
import type { ShopCalendar } from '../../src/domain/shipBy';
import type { Db, DbOrTx } from '../db/client';
import { bundles, orders, printers, printJobs, products, settings, stockOptions, stockReservations } from '../db/schema';
import type { OrderRow } from './orders';

export type PrintJobRow = typeof printJobs.$inferSelect;
export type StockOptionRow = typeof stockOptions.$inferSelect;

/** The statuses of jobs still to print: the schedule's load, in print order. */
const OPEN: PrintJobStatus[] = ['Queued', 'Printing', 'Failed'];

/** A job of the queue with what the staff read next to it. */
export interface ListedJob extends PrintJobRow {
  orderNumber: number | null;
  orderShipBy: string | null;
  design: string | null;
}

/** A new job: one made-to-order unit of a paid order. */
export type NewPrintJob = Pick<PrintJobRow, 'orderId' | 'lineIndex' | 'unitIndex' | 'productId' | 'variant' | 'material' | 'printMinutes' | 'queuedAt'>;

export const newPrintJobId = () => randomBytes(12).toString('hex');

/**
 * The print queue, the printers, the shop's calendar and the stock rows the ship-by dates are made
 * from (the only SQL of made to order's dates). Every change that moves a date bumps the queue's
 * version in its own transaction (`bump`).
 */
export class PrintQueueRepository {
  /** `reads`: the handle of what every dated page reads outside a transaction (`Database.reads`). */
  constructor(
    private readonly db: Db,
    private readonly reads: Db = db,
  ) {}

  /** Tells every instance its planned schedule is stale (in the transaction of the change). */
  async bump(db: DbOrTx): Promise<void> {
    await db
      .insert(settings)
      .values({ id: 1, printQueueVersion: 1 })
      .onConflictDoUpdate({ target: settings.id, set: { printQueueVersion: sql`${settings.printQueueVersion} + 1` } });
  }

  /** The queue's version and the calendar, in one read of the settings row (every dated page asks). */
  async state(timeZone: string): Promise<{ version: number; calendar: ShopCalendar }> {
    const [row] = await this.reads
      .select({ v: settings.printQueueVersion, workingDays: settings.workingDays, cutoff: settings.shippingCutoff, holidays: settings.holidays })
      .from(settings)
      .where(eq(settings.id, 1));
    return { version: row?.v ?? 0, calendar: { timeZone, workingDays: row?.workingDays ?? [1, 2, 3, 4, 5], cutoff: row?.cutoff ?? '14:00', holidays: row?.holidays ?? [] } };
  }

  async calendar(timeZone: string, db: DbOrTx = this.db): Promise<ShopCalendar> {
    const [row] = await db.select({ workingDays: settings.workingDays, cutoff: settings.shippingCutoff, holidays: settings.holidays }).from(settings).where(eq(settings.id, 1));
    return { timeZone, workingDays: row?.workingDays ?? [1, 2, 3, 4, 5], cutoff: row?.cutoff ?? '14:00', holidays: row?.holidays ?? [] };
  }

  async saveCalendar(db: DbOrTx, calendar: Omit<ShopCalendar, 'timeZone'>): Promise<void> {
    const values = { workingDays: [...calendar.workingDays], shippingCutoff: calendar.cutoff, holidays: [...calendar.holidays] };
    await db
      .insert(settings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: sql`now()` } });
  }

  async printers(db: DbOrTx = this.reads): Promise<PrinterView[]> {
    const rows = await db.select().from(printers).orderBy(asc(printers.createdAt), asc(printers.id));
    return rows.map((r) => ({ _id: r.id, name: r.name, materials: r.materials, hoursPerDay: Number(r.hoursPerDay) }));
  }

  /** The printers as staff saved them: the list replaces the old one (kept ids keep their jobs). */
  async replacePrinters(db: DbOrTx, list: readonly { _id?: string; name: string; materials: string[]; hoursPerDay: number }[]): Promise<void> {
    const keep = list.flatMap((p) => (p._id ? [p._id] : []));
    const existing = await db.select({ id: printers.id }).from(printers);
    const gone = existing.map((r) => r.id).filter((id) => !keep.includes(id));
    if (gone.length) await db.delete(printers).where(inArray(printers.id, gone));
    for (const p of list) {
      const values = { name: p.name.trim(), materials: p.materials, hoursPerDay: p.hoursPerDay };
      if (p._id && existing.some((r) => r.id === p._id)) await db.update(printers).set(values).where(eq(printers.id, p._id));
      else await db.insert(printers).values({ id: newPrintJobId(), ...values });
    }
  }

  /**
   * The open queue's work at `now` in print order (first paid first; a failed job keeps its place),
   * each job with the minutes it still needs (`minutesLeft`). A printing job started at its last
   * move (`updated_at`): assigning it another printer meanwhile restarts the count, which only ever
   * plans later, never earlier.
   */
  async openQueue(now: number, db: DbOrTx = this.reads): Promise<{ id: string; material: string; minutes: number }[]> {
    const rows = await db
      .select({ id: printJobs.id, material: printJobs.material, printMinutes: printJobs.printMinutes, status: printJobs.status, updatedAt: printJobs.updatedAt })
      .from(printJobs)
      .where(inArray(printJobs.status, OPEN))
      .orderBy(asc(printJobs.queuedAt), asc(printJobs.id));
    return rows.map((r) => ({ id: r.id, material: r.material, minutes: minutesLeft({ status: r.status, printMinutes: r.printMinutes, startedAt: r.updatedAt.getTime() }, now) }));
  }

  /** Stock rows of one product (its options and accessories). */
  async stockOf(productId: string, db: DbOrTx = this.reads): Promise<StockOptionRow[]> {
    return db.select().from(stockOptions).where(eq(stockOptions.productId, productId));
  }

  async stockOfMany(productIds: readonly string[], db: DbOrTx = this.db): Promise<StockOptionRow[]> {
    if (productIds.length === 0) return [];
    return db.select().from(stockOptions).where(inArray(stockOptions.productId, [...new Set(productIds)]));
  }

  /**
   * The options inside bundles: one unit of each product, in the option the bundle names (else the
   * product's first), as reservations hold them (`bundleOption`).
   */
  async bundleParts(bundleIds: readonly string[], db: DbOrTx = this.db): Promise<Map<string, { productId: string; variant: string }[]>> {
    if (bundleIds.length === 0) return new Map();
    const rows = await db
      .select({ id: bundles.id, productIds: bundles.productIds, productOptions: bundles.productOptions })
      .from(bundles)
      .where(inArray(bundles.id, [...new Set(bundleIds)]));
    const inside = [...new Set(rows.flatMap((r) => r.productIds))];
    const found = inside.length
      ? await db.select({ id: products.id, colorVariants: products.colorVariants, clothingSizes: products.clothingSizes, canvasSizes: products.canvasSizes }).from(products).where(inArray(products.id, inside))
      : [];
    const byId = new Map(found.map((p) => [p.id, p]));
    return new Map(rows.map((r) => [r.id, [...new Set(r.productIds)].map((productId) => ({ productId, variant: bundleOption(r.productOptions, productId, byId.get(productId)) }))]));
  }

  /** What the stock reservations of a paid order say is left to print, per line and option. */
  async reservationsOf(db: DbOrTx, orderId: string): Promise<{ lineIndex: number; productId: string; variant: string; toPrint: number; fromShelf: number }[]> {
    return db
      .select({ lineIndex: stockReservations.lineIndex, productId: stockReservations.productId, variant: stockReservations.variant, toPrint: stockReservations.toPrint, fromShelf: stockReservations.fromShelf })
      .from(stockReservations)
      .where(eq(stockReservations.orderId, orderId))
      .orderBy(asc(stockReservations.lineIndex), asc(stockReservations.productId), asc(stockReservations.variant));
  }

  /** Adds jobs (idempotent per order, line and unit: a second confirmation adds none). */
  async addJobs(db: DbOrTx, jobs: readonly NewPrintJob[]): Promise<void> {
    if (jobs.length === 0) return;
    // Jobs paid together print in their order: the queue breaks a tie of `queued_at` by id.
    const ids = jobs.map(() => newPrintJobId()).sort();
    const rows = jobs.map((j, i) => ({ id: ids[i], ...j }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(printJobs).values(rows.slice(i, i + 500)).onConflictDoNothing();
    await this.bump(db);
  }

  async setJobShipBy(db: DbOrTx, ids: readonly string[], shipBy: string): Promise<void> {
    if (ids.length) await db.update(printJobs).set({ shipBy }).where(inArray(printJobs.id, [...ids]));
  }

  async setOrderShipBy(db: DbOrTx, orderId: string, shipBy: string | null): Promise<OrderRow | null> {
    const [row] = await db.update(orders).set({ shipBy }).where(eq(orders.id, orderId)).returning();
    return row ?? null;
  }

  async jobsOfOrder(orderId: string, db: DbOrTx = this.db): Promise<PrintJobRow[]> {
    return db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(asc(printJobs.lineIndex), asc(printJobs.unitIndex));
  }

  async job(id: string, db: DbOrTx = this.db): Promise<PrintJobRow | null> {
    const [row] = await db.select().from(printJobs).where(eq(printJobs.id, id));
    return row ?? null;
  }

  /**
   * Moves a job if it is still in `from` (a conditional UPDATE: two staff moving the same job, one
   * wins). Failed adds an attempt; a printer may be assigned with the move or alone.
   */
  async moveJob(db: DbOrTx, id: string, change: { from: PrintJobStatus; to?: PrintJobStatus; printerId?: string | null }): Promise<PrintJobRow | null> {
    const set: Partial<typeof printJobs.$inferInsert> & { updatedAt: Date } = { updatedAt: new Date() };
    if (change.to) set.status = change.to;
    if (change.printerId !== undefined) set.printerId = change.printerId;
    const [row] = await db
      .update(printJobs)
      .set(change.to === 'Failed' ? { ...set, attempts: sql`${printJobs.attempts} + 1` } : set)
      .where(and(eq(printJobs.id, id), eq(printJobs.status, change.from)))
      .returning();
    if (row) await this.bump(db);
    return row ?? null;
  }

  async printerExists(id: string, db: DbOrTx = this.db): Promise<boolean> {
    const [row] = await db.select({ id: printers.id }).from(printers).where(eq(printers.id, id));
    return row !== undefined;
  }

  /** The queue as staff list it: every job not yet passed QA, and those passed in the last week, with its order and design. */
  async listJobs(db: DbOrTx = this.db): Promise<ListedJob[]> {
    const rows = await db
      .select({ job: printJobs, orderNumber: orders.orderNumber, orderShipBy: orders.shipBy, design: products.name })
      .from(printJobs)
      .innerJoin(orders, eq(orders.id, printJobs.orderId))
      .leftJoin(products, eq(products.id, printJobs.productId))
      .where(sql`${printJobs.status} <> 'Passed QA' or ${printJobs.updatedAt} > now() - interval '7 days'`)
      .orderBy(asc(printJobs.queuedAt), asc(printJobs.id))
      .limit(5000);
    return rows.map((r) => ({ ...r.job, orderNumber: r.orderNumber, orderShipBy: r.orderShipBy, design: r.design }));
  }
}
