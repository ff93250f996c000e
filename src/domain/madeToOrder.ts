/**
 * Made to order, as the shop and the shopper see it: the print a unit needs when nothing else says
 * so, the options a product offers, and what the ship-by and print-queue endpoints answer.
 */
import { formatShipDay, isCivilDate, type CivilDate, type PrintWork, type ShipPlan } from './shipBy';
import type { Product } from './types';

/**
 * The print an option needs while it has no stock row of its own (the catalog's stock fields not
 * set yet): made to order, two hours of PLA a unit.
 */
export const DEFAULT_PRINT: PrintWork = { material: 'PLA', minutes: 120 };

/** The materials the shop prints with (the printers' settings offer these). */
export const MATERIALS = ['PLA', 'PETG', 'TPU', 'Resin'] as const;

/** The cart variants ('color|size', empty parts for none) of every option a product offers. */
export function productOptionVariants(product: Pick<Product, 'colorVariants' | 'clothingSizes' | 'canvasSizes'>): string[] {
  const colors = (Array.isArray(product.colorVariants) ? product.colorVariants.map((c) => c.color).filter(Boolean) : []) as string[];
  const sizes = [...(Array.isArray(product.clothingSizes) ? product.clothingSizes : []), ...(Array.isArray(product.canvasSizes) ? product.canvasSizes : [])].filter(Boolean);
  const out: string[] = [];
  for (const color of colors.length ? colors : ['']) for (const size of sizes.length ? sizes : ['']) out.push(`${color}|${size}`);
  return out;
}

/** One option's ship plan with the words the shopper reads. */
export interface OptionShipBy {
  plan: ShipPlan;
  /** 'In stock — ships tomorrow', 'Made to order — ships by Thu, Dec 3' or 'Currently unavailable'. */
  text: string;
}

/** GET /api/ship-by/:productId — when the product ships, per option and across them. */
export interface ProductShipBy {
  /** The shop's day the statements were made on (the client says 'tomorrow' relative to it). */
  today: CivilDate;
  /** Before an option is chosen: 'Ships tomorrow', 'Ships by Thu, Dec 3', 'Ships tomorrow – Thu, Dec 3'. */
  range: string;
  /** Keyed by cart variant ('Red|M', '|', 'accessory-0'). */
  options: Record<string, OptionShipBy>;
}

/** POST /api/ship-by/lines — a cart's or checkout's lines, in their order. */
export interface LinesShipBy {
  today: CivilDate;
  lines: OptionShipBy[];
  /** The order's ship-by date (the latest line), or null when a line cannot be had. */
  orderDate: CivilDate | null;
  /** 'Ships by Thu, Dec 3' for the whole order, or null. */
  orderText: string | null;
}

export const PRINT_JOB_STATUSES = ['Queued', 'Printing', 'Printed', 'Passed QA', 'Failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/**
 * The printer minutes a job of the open queue still needs at `now`: all of them, except a job that
 * is printing, which has used the time since it started (`startedAt`). So a failed job — from
 * Printing as from Printed — needs its whole time again: the attempt's time is lost, and every
 * job behind it waits for the reprint.
 */
export function minutesLeft(job: { status: PrintJobStatus; printMinutes: number; startedAt: number | null }, now: number): number {
  if (job.status !== 'Printing' || job.startedAt === null) return job.printMinutes;
  return Math.max(0, job.printMinutes - Math.max(0, Math.floor((now - job.startedAt) / 60_000)));
}

/** The moves staff may make of a job: a failed one goes back to printing (it kept its place in the queue). */
export const PRINT_JOB_MOVES: Readonly<Record<PrintJobStatus, readonly PrintJobStatus[]>> = {
  Queued: ['Printing'],
  Printing: ['Printed', 'Failed'],
  Printed: ['Passed QA', 'Failed'],
  'Passed QA': [],
  Failed: ['Printing'],
};

/** Why a job may not move from `from` to `to`, in words for staff, or null. */
export function printJobMoveProblem(from: PrintJobStatus, to: PrintJobStatus): string | null {
  if (from === to) return `The job is already ${to}.`;
  if (PRINT_JOB_MOVES[from].includes(to)) return null;
  const next = PRINT_JOB_MOVES[from];
  return `A ${from} job cannot go to ${to}. ${next.length ? `From ${from} it can go to ${next.join(' or ')}.` : `${from} is final.`}`;
}

/** One job as the print queue lists it. */
export interface PrintJobView {
  _id: string;
  orderId: string;
  orderNumber: number | null;
  design: string;
  color: string;
  size: string;
  material: string;
  printMinutes: number;
  status: PrintJobStatus;
  printerId: string | null;
  attempts: number;
  /** 'YYYY-MM-DD', the date the job's order was promised. */
  shipBy: CivilDate | null;
  /** Where the queue now plans it: null when it is done, or no printer takes its material. */
  plannedShipBy: CivilDate | null;
  /** The planned date is later than the promise. */
  atRisk: boolean;
}

export interface PrinterView {
  _id: string;
  name: string;
  materials: string[];
  hoursPerDay: number;
}

export interface CalendarView {
  timeZone: string;
  workingDays: number[];
  cutoff: string;
  holidays: CivilDate[];
}

/** GET /api/staff/print-queue */
export interface PrintQueueView {
  today: CivilDate;
  jobs: PrintJobView[];
  printers: PrinterView[];
  days: { date: CivilDate; printers: { plannedMinutes: number; capacityMinutes: number }[] }[];
  /** Orders whose planned date is later than promised (their number and dates). */
  atRisk: { orderId: string; orderNumber: number | null; shipBy: CivilDate; plannedShipBy: CivilDate | null }[];
}

/** An order's print progress: what the staff order page shows. */
export interface OrderPrintStatus {
  jobs: number;
  passed: number;
  /** Every job passed QA (or the order had nothing to print). */
  readyToShip: boolean;
  shipBy: CivilDate | null;
  /** When the queue now plans the order's last job, if later than promised (null: on time). */
  lateUntil: CivilDate | 'no printer' | null;
}

/** All of an order's jobs passed QA: it can be packed. */
export function isReadyToShip(statuses: readonly PrintJobStatus[]): boolean {
  return statuses.every((s) => s === 'Passed QA');
}

/** A paid order's promised day in words ('Mon, Dec 7'), or null when it has none. */
export function shipByDay(shipBy: string | null | undefined): string | null {
  return shipBy && isCivilDate(shipBy) ? formatShipDay(shipBy) : null;
}
