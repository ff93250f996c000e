import { DEFAULT_PRINT, productOptionVariants, type LinesShipBy, type OptionShipBy, type ProductShipBy } from '../../src/domain/madeToOrder';
import { describeShipPlan, describeShipRange, formatShipDay, orderShipDate, planLine, planQueue, planSchedule, type CivilDate, type PrintWork, type Schedule, type ShipPlan } from '../../src/domain/shipBy';
import type { Product } from '../../src/domain/types';
import type { DbOrTx } from '../db/client';
import type { OrderRow, StoredOrderItem } from '../repositories/orders';
import type { NewPrintJob, PrintQueueRepository, StockOptionRow } from '../repositories/printQueue';

/** What an option's stock row says for dating it: units free on the shelf, and its print (null: stocked only). */
export function optionSupply(row: StockOptionRow | undefined): { onHand: number; print: PrintWork | null } {
  // No row yet (the catalog's stock fields not set): made to order with the default print.
  if (!row) return { onHand: 0, print: DEFAULT_PRINT };
  const onHand = Math.max(0, row.onHand - row.reserved);
  if (!row.madeToOrder || row.printMinutes === null || row.material === null) return { onHand, print: null };
  return { onHand, print: { material: row.material, minutes: row.printMinutes } };
}

/** A line to date: a product option, an accessory ('accessory-N') or a bundle (its products inside). */
export interface LineToDate {
  productId: string;
  variant: string;
  quantity: number;
}

/**
 * Ship-by dates, answered on the server for the product page, its server-rendered HTML, the cart,
 * checkout, the confirmation and the e-mail: the one pure rule (src/domain/shipBy.ts) applied to
 * the open print queue, the printers, the calendar and the stock rows.
 *
 * The schedule after the queue is planned once per queue version and shop moment (its day, and
 * whether the cut-off has passed) and reused for every product asked about: a product page then
 * costs one read of the settings row, one of its stock rows and a few jobs placed in memory.
 */
export class ShipByService {
  private planned: { key: string; schedule: Schedule } | null = null;
  private planning: { key: string; promise: Promise<Schedule> } | null = null;

  constructor(
    private readonly repo: PrintQueueRepository,
    private readonly timeZone: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The schedule as of now, with the key it was planned under (queue version, day, cut-off side). */
  async current(): Promise<{ key: string; schedule: Schedule }> {
    const now = this.now();
    const { version, calendar } = await this.repo.state(this.timeZone);
    // The moment's key: an empty queue planned now tells the day and the first print day cheaply.
    const moment = planSchedule({ now, calendar, printers: [], queue: [] });
    const key = `${version}|${moment.today}|${moment.shelfDay ?? 'closed'}|${JSON.stringify(calendar)}`;
    if (this.planned?.key === key) return this.planned;
    if (this.planning?.key !== key) {
      const promise = Promise.all([this.repo.printers(), this.repo.openQueue(now)]).then(([printers, queue]) => planSchedule({ now, calendar, printers, queue }));
      this.planning = { key, promise };
      promise.then(
        (schedule) => {
          if (this.planning?.key === key) this.planning = null;
          this.planned = { key, schedule };
        },
        () => {
          if (this.planning?.key === key) this.planning = null;
        },
      );
    }
    return { key, schedule: await this.planning!.promise };
  }

  private static option(schedule: Schedule, plan: ShipPlan): OptionShipBy {
    return { plan, text: describeShipPlan(plan, schedule.today) };
  }

  /** Each option's plan for one unit, and the product's range across them. */
  async forProduct(product: Pick<Product, '_id' | 'colorVariants' | 'clothingSizes' | 'canvasSizes' | 'accessories'>): Promise<ProductShipBy> {
    const [{ schedule }, rows] = await Promise.all([this.current(), this.repo.stockOf(product._id)]);
    const byVariant = new Map(rows.map((r) => [r.variant, r]));
    const options: Record<string, OptionShipBy> = {};
    const productPlans: ShipPlan[] = [];
    for (const variant of productOptionVariants(product)) {
      const plan = planLine(schedule, { quantity: 1, ...optionSupply(byVariant.get(variant)) });
      productPlans.push(plan);
      options[variant] = ShipByService.option(schedule, plan);
    }
    (product.accessories ?? []).forEach((_, i) => {
      const variant = `accessory-${i}`;
      options[variant] = ShipByService.option(schedule, planLine(schedule, { quantity: 1, ...optionSupply(byVariant.get(variant)) }));
    });
    return { today: schedule.today, range: describeShipRange(productPlans, schedule.today), options };
  }

  /** Lines of a cart or checkout, each with its quantity; a bundle line ships when its last product does. */
  async forLines(lines: readonly LineToDate[]): Promise<LinesShipBy> {
    const bundleIds = lines.filter((l) => l.variant === 'bundle').map((l) => l.productId);
    const [{ schedule }, contents] = await Promise.all([this.current(), this.repo.bundleParts(bundleIds)]);
    const parts = (l: LineToDate) => (l.variant === 'bundle' ? (contents.get(l.productId) ?? []) : [l]);
    const rows = await this.repo.stockOfMany(lines.flatMap((l) => parts(l).map((p) => p.productId)));
    const stock = new Map(rows.map((r) => [`${r.productId}_${r.variant}`, r]));
    const plans = lines.map((l) => {
      const each = parts(l).map((p) => planLine(schedule, { quantity: l.quantity, ...optionSupply(stock.get(`${p.productId}_${p.variant}`)) }));
      if (each.length === 0) return { kind: 'unavailable' } as ShipPlan;
      const date = orderShipDate(each);
      if (date === null) return { kind: 'unavailable' } as ShipPlan;
      return { kind: each.some((p) => p.kind === 'made-to-order') ? 'made-to-order' : 'shelf', date } as ShipPlan;
    });
    const orderDate = orderShipDate(plans);
    return {
      today: schedule.today,
      lines: plans.map((p) => ShipByService.option(schedule, p)),
      orderDate,
      orderText: orderDate === null ? null : `Ships by ${formatShipDay(orderDate)}`,
    };
  }

  /**
   * An order just paid (in its transaction): a print job per made-to-order unit — what its stock
   * reservations left to print when it has them, else every unit of a made-to-order option — and
   * its ship-by date (the latest line's) and each job's, planned with the new jobs in the queue.
   * Answers the order with its date (the confirmation e-mail states it). Idempotent.
   */
  async orderPaid(tx: DbOrTx, order: OrderRow): Promise<OrderRow> {
    const existing = await this.repo.jobsOfOrder(order.id, tx);
    if (existing.length > 0 || order.shipBy) return order;
    const queuedAt = order.paidAt ?? new Date(this.now());
    const items = order.items as unknown as StoredOrderItem[];
    const reservations = await this.repo.reservationsOf(tx, order.id);
    const units: { lineIndex: number; productId: string; variant: string; count: number }[] = [];
    let shelfUnits = 0;
    if (reservations.length > 0) {
      for (const r of reservations) {
        if (r.toPrint > 0) units.push({ lineIndex: r.lineIndex, productId: r.productId, variant: r.variant, count: r.toPrint });
        shelfUnits += r.fromShelf;
      }
    } else {
      const bundleContents = await this.repo.bundleParts(items.filter((i) => i.kind === 'bundle').map((i) => i.productId), tx);
      items.forEach((item, lineIndex) => {
        const parts = item.kind === 'bundle' ? (bundleContents.get(item.productId) ?? []) : [{ productId: item.productId, variant: item.variant }];
        for (const p of parts) units.push({ lineIndex, ...p, count: item.quantity });
      });
    }
    const stock = new Map((await this.repo.stockOfMany(units.map((u) => u.productId), tx)).map((r) => [`${r.productId}_${r.variant}`, r]));
    const jobs: NewPrintJob[] = [];
    const unitIndex = new Map<number, number>();
    for (const u of units) {
      const supply = optionSupply(stock.get(`${u.productId}_${u.variant}`));
      // Without reservations, a stocked-only option's units come off the shelf.
      const print = supply.print ?? (reservations.length > 0 ? DEFAULT_PRINT : null);
      if (print === null) {
        shelfUnits += u.count;
        continue;
      }
      for (let i = 0; i < u.count; i++) {
        const index = unitIndex.get(u.lineIndex) ?? 0;
        unitIndex.set(u.lineIndex, index + 1);
        jobs.push({ orderId: order.id, lineIndex: u.lineIndex, unitIndex: index, productId: u.productId, variant: u.variant, material: print.material, printMinutes: print.minutes, queuedAt });
      }
    }
    await this.repo.addJobs(tx, jobs);
    const dates: CivilDate[] = [];
    const calendar = await this.repo.calendar(this.timeZone, tx);
    const [printers, queue] = await Promise.all([this.repo.printers(tx), this.repo.openQueue(this.now(), tx)]);
    const plan = planQueue({ now: this.now(), calendar, printers, queue }, 0);
    if (jobs.length > 0) {
      const mine = new Set((await this.repo.jobsOfOrder(order.id, tx)).map((j) => j.id));
      const byDate = new Map<CivilDate, string[]>();
      queue.forEach((job, i) => {
        const date = plan.jobShipDates[i];
        if (!mine.has(job.id) || date === null) return;
        byDate.set(date, [...(byDate.get(date) ?? []), job.id]);
        dates.push(date);
      });
      for (const [date, ids] of byDate) await this.repo.setJobShipBy(tx, ids, date);
    }
    if (shelfUnits > 0 || jobs.length === 0) {
      const shelf = planLine(plan.schedule, { quantity: 1, onHand: 1, print: null });
      if (shelf.kind !== 'unavailable') dates.push(shelf.date);
    }
    const shipBy = dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : null;
    return (await this.repo.setOrderShipBy(tx, order.id, shipBy)) ?? order;
  }
}
