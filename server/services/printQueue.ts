import type { FastifyBaseLogger } from 'fastify';
import { isReadyToShip, printJobMoveProblem, type CalendarView, type OrderPrintStatus, type PrintJobStatus, type PrintQueueView, type PrinterView } from '../../src/domain/madeToOrder';
import { calendarProblem, localMoment, planQueue, printerProblem, type CivilDate } from '../../src/domain/shipBy';
import type { Db } from '../db/client';
import { HttpError } from '../lib/errors';
import type { AuditActor } from '../repositories/audit';
import type { OrderRow } from '../repositories/orders';
import type { PrintJobRow, PrintQueueRepository } from '../repositories/printQueue';

/** What staff are told when a print-queue change is refused. */
export const PRINT_QUEUE_MESSAGES = {
  jobNotFound: 'That print job no longer exists.',
  printerNotFound: 'That printer no longer exists: reload the page.',
  movedMeanwhile: 'Someone moved this job meanwhile: the queue shows where it is now.',
  nothingToDo: 'Choose a new status or a printer.',
  printerProblem: (index: number, problem: string) => `Printer ${index + 1}: ${problem}`,
  duplicateName: (name: string) => `Two printers are called "${name}": give each its own name.`,
  tooManyPrinters: 'At most 50 printers.',
} as const;
const M = PRINT_QUEUE_MESSAGES;

export interface PrintQueueDeps {
  db: Db;
  repo: PrintQueueRepository;
  timeZone: string;
  log: FastifyBaseLogger;
  /** The order's move to Processing when its first job starts printing (through the order workflow). */
  startProcessing: (orderId: string, actor: AuditActor) => Promise<OrderRow | null>;
  now?: () => number;
}

/**
 * The staff's print queue: the jobs with their promised and planned dates, each print day's load,
 * job moves (Queued → Printing → Printed → Passed QA, or Failed back into the queue), printers and
 * the calendar. Each change is one transaction that bumps the queue's version, so every ship-by
 * date the shop states is planned anew.
 */
export class PrintQueueService {
  private readonly now: () => number;

  constructor(private readonly deps: PrintQueueDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  async view(): Promise<PrintQueueView> {
    const { repo } = this.deps;
    const [calendar, printers, queue, listed] = await Promise.all([repo.calendar(this.deps.timeZone), repo.printers(), repo.openQueue(this.now()), repo.listJobs()]);
    const plan = planQueue({ now: this.now(), calendar, printers, queue }, 7);
    const planned = new Map<string, CivilDate | null>(queue.map((j, i) => [j.id, plan.jobShipDates[i]]));
    const jobs = listed.map((j) => {
      const plannedShipBy = planned.get(j.id) ?? null;
      const promise = j.shipBy ?? j.orderShipBy;
      const [color = '', size = ''] = j.variant.startsWith('accessory-') ? ['', ''] : j.variant.split('|');
      return {
        _id: j.id,
        orderId: j.orderId,
        orderNumber: j.orderNumber,
        design: j.design ?? 'A product no longer in the catalog',
        color,
        size,
        material: j.material,
        printMinutes: j.printMinutes,
        status: j.status,
        printerId: j.printerId,
        attempts: j.attempts,
        shipBy: promise,
        plannedShipBy,
        atRisk: planned.has(j.id) && promise !== null && (plannedShipBy === null || plannedShipBy > promise),
      };
    });
    // Queued by ship-by date (then first paid first), done jobs last.
    const done = (s: PrintJobStatus) => s === 'Printed' || s === 'Passed QA';
    jobs.sort((a, b) => Number(done(a.status)) - Number(done(b.status)) || (a.shipBy ?? '9999').localeCompare(b.shipBy ?? '9999'));
    const atRisk = new Map<string, PrintQueueView['atRisk'][number]>();
    for (const j of jobs) {
      if (!j.atRisk || j.shipBy === null) continue;
      const seen = atRisk.get(j.orderId);
      if (!seen || (seen.plannedShipBy !== null && (j.plannedShipBy === null || j.plannedShipBy > seen.plannedShipBy))) {
        atRisk.set(j.orderId, { orderId: j.orderId, orderNumber: j.orderNumber, shipBy: j.shipBy, plannedShipBy: j.plannedShipBy });
      }
    }
    return { today: localMoment(this.now(), this.deps.timeZone).date, jobs, printers, days: plan.days, atRisk: [...atRisk.values()] };
  }

  /** The orders the queue's plan puts past their promised date (the board's "At risk" view and the dashboard's tile). */
  async atRiskOrderIds(): Promise<string[]> {
    return (await this.view()).atRisk.map((r) => r.orderId);
  }

  /** A job moved and/or given a printer; its order goes to Processing when its first job starts printing. */
  async moveJob(id: string, change: { status?: PrintJobStatus; printerId?: string | null }, actor: AuditActor): Promise<PrintJobRow> {
    const { repo, db } = this.deps;
    const job = await repo.job(id);
    if (!job) throw new HttpError(404, M.jobNotFound);
    const moves = change.status !== undefined && change.status !== job.status;
    if (!moves && change.printerId === undefined) throw new HttpError(409, change.status ? printJobMoveProblem(job.status, change.status)! : M.nothingToDo);
    if (moves) {
      const problem = printJobMoveProblem(job.status, change.status!);
      if (problem) throw new HttpError(409, problem);
    }
    if (change.printerId && !(await repo.printerExists(change.printerId))) throw new HttpError(409, M.printerNotFound);
    const moved = await db.transaction((tx) => repo.moveJob(tx, id, { from: job.status, ...(moves ? { to: change.status } : {}), ...(change.printerId !== undefined ? { printerId: change.printerId } : {}) }));
    if (!moved) throw new HttpError(409, M.movedMeanwhile);
    this.deps.log.info({ jobId: id, orderId: job.orderId, from: job.status, to: moved.status, printerId: moved.printerId }, 'print job updated');
    if (moves && moved.status === 'Printing') await this.deps.startProcessing(job.orderId, actor);
    return moved;
  }

  /** The printers, all saved or none (each checked first, with the printer's place in the message). */
  async savePrinters(list: { _id?: string; name: string; materials: string[]; hoursPerDay: number }[]): Promise<PrinterView[]> {
    if (list.length > 50) throw new HttpError(400, M.tooManyPrinters);
    const names = new Set<string>();
    list.forEach((p, i) => {
      const problem = printerProblem(p);
      if (problem) throw new HttpError(400, M.printerProblem(i, problem));
      const name = p.name.trim().toLowerCase();
      if (names.has(name)) throw new HttpError(400, M.duplicateName(p.name.trim()));
      names.add(name);
    });
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.replacePrinters(tx, list);
      await this.deps.repo.bump(tx);
    });
    return this.deps.repo.printers();
  }

  printers(): Promise<PrinterView[]> {
    return this.deps.repo.printers();
  }

  async calendar(): Promise<CalendarView> {
    const c = await this.deps.repo.calendar(this.deps.timeZone);
    return { timeZone: c.timeZone, workingDays: [...c.workingDays], cutoff: c.cutoff, holidays: [...c.holidays] };
  }

  /** The calendar, checked whole before anything is saved (a holiday list may not close every working day). */
  async saveCalendar(input: { workingDays: number[]; cutoff: string; holidays: string[] }): Promise<CalendarView> {
    const holidays = [...new Set(input.holidays.map((h) => h.trim()).filter(Boolean))].sort();
    const workingDays = [...new Set(input.workingDays)].sort();
    const calendar = { timeZone: this.deps.timeZone, workingDays, cutoff: input.cutoff.trim(), holidays };
    const problem = calendarProblem(calendar, localMoment(this.now(), this.deps.timeZone).date);
    if (problem) throw new HttpError(400, problem);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.repo.saveCalendar(tx, calendar);
      await this.deps.repo.bump(tx);
    });
    return this.calendar();
  }

  /** An order's print progress (the staff order page): ready to ship once every job passed QA. */
  async ofOrder(order: Pick<OrderRow, 'id' | 'shipBy'>): Promise<OrderPrintStatus> {
    const jobs = await this.deps.repo.jobsOfOrder(order.id);
    const open = jobs.some((j) => j.status !== 'Printed' && j.status !== 'Passed QA');
    const late = open ? (await this.view()).atRisk.find((r) => r.orderId === order.id) : undefined;
    return {
      jobs: jobs.length,
      passed: jobs.filter((j) => j.status === 'Passed QA').length,
      readyToShip: isReadyToShip(jobs.map((j) => j.status)),
      shipBy: order.shipBy,
      lateUntil: late ? (late.plannedShipBy ?? 'no printer') : null,
    };
  }
}
