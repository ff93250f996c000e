/**
 * When a thing ships: one pure rule for the product page, the cart, checkout, the confirmation and
 * the order e-mail, on the server and in the browser alike, so every place states the same date.
 *
 * The shop's days are civil dates in its own time zone ('YYYY-MM-DD'), never instants: a day is a
 * day whatever daylight saving does to its length. Time enters only as `now` (ms since 1970), read
 * in the shop's zone once.
 *
 * The schedule, as the print shop runs it:
 * - a unit on the shelf ships the next working day, or the same day when paid before the cut-off;
 * - a made-to-order unit is one print job; jobs print first-paid-first, each on a printer that takes
 *   its material, up to that printer's hours per working day (a long job runs on into the next
 *   working days); a line ships the working day after its last job is printed;
 * - printing starts today when today is a working day and the cut-off has not passed (the queue's
 *   own jobs have already taken their share of today), otherwise on the next working day.
 */

/** A day in the shop's time zone: 'YYYY-MM-DD'. */
export type CivilDate = string;

export interface ShopCalendar {
  /** IANA zone, e.g. 'America/New_York'. */
  timeZone: string;
  /** Days the shop prints and ships: 0 = Sunday … 6 = Saturday. */
  workingDays: readonly number[];
  /** Paid before this local time on a working day, a shelf unit ships that day: 'HH:MM'. */
  cutoff: string;
  holidays: readonly CivilDate[];
}

export interface Printer {
  name: string;
  materials: readonly string[];
  hoursPerDay: number;
}

/** One made-to-order unit's print: material and minutes of printer time. */
export interface PrintWork {
  material: string;
  minutes: number;
}

/** How one line (an option × a quantity) would be fulfilled and when it ships. */
export type ShipPlan =
  | { kind: 'shelf'; date: CivilDate }
  | { kind: 'made-to-order'; date: CivilDate }
  | { kind: 'unavailable' };

/** The furthest a calendar may look for a working day: a year without one is a closed shop. */
const HORIZON_DAYS = 366;
const CIVIL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Civil dates

function civilToUtcMs(date: CivilDate): number {
  const m = CIVIL_DATE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function utcMsToCivil(ms: number): CivilDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real calendar day written 'YYYY-MM-DD' (no 2026-02-30). */
export function isCivilDate(value: string): boolean {
  // 'YYYY-MM-DD' is ten characters: anything else is refused before the pattern reads it.
  const m = value.length === 10 ? CIVIL_DATE.exec(value) : null;
  return m !== null && utcMsToCivil(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) === value;
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return utcMsToCivil(civilToUtcMs(date) + days * DAY_MS);
}

/** 'Thu, Dec 3' */
export function formatShipDay(date: CivilDate): string {
  const d = new Date(civilToUtcMs(date));
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The shop's zone when SHOP_TIMEZONE is unset (the server's default; a client before settings arrive). */
export const DEFAULT_SHOP_TIME_ZONE = 'America/New_York';

/** True when the runtime knows the zone (Intl refuses an unknown one). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    zoneFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The shop's local day and minute of the day at an instant. */
export function localMoment(now: number, timeZone: string): { date: CivilDate; minuteOfDay: number } {
  const parts: Record<string, string> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(new Date(now))) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant a day begins in a zone (its local midnight; on a daylight-saving day, whenever the day starts). */
export function startOfLocalDay(date: CivilDate, timeZone: string): number {
  const midnightUtc = civilToUtcMs(date);
  let t = midnightUtc;
  // The zone's offset at the guess, twice: a guess on the far side of a clock change settles on the second.
  for (let i = 0; i < 2; i++) {
    const local = localMoment(t, timeZone);
    const offset = civilToUtcMs(local.date) + local.minuteOfDay * 60_000 - t;
    t = midnightUtc - offset;
  }
  return t;
}

// ---------------------------------------------------------------------------------------------
// Checks for what staff type into the settings and the product editor

/**
 * What is wrong with a calendar, in words for the staff, or null when it can be used. With `today`,
 * a calendar whose holidays close every working day of the coming year is refused too.
 */
export function calendarProblem(calendar: ShopCalendar, today?: CivilDate): string | null {
  if (!isKnownTimeZone(calendar.timeZone)) return `"${String(calendar.timeZone).slice(0, 64)}" is not a time zone this server knows (for example America/New_York).`;
  const days = new Set(calendar.workingDays);
  if (days.size === 0) return 'Choose at least one working day.';
  if ([...days].some((d) => !Number.isInteger(d) || d < 0 || d > 6)) return 'Working days are Sunday to Saturday.';
  if (!TIME_OF_DAY.test(calendar.cutoff)) return 'The cut-off must be a time of day such as 14:00.';
  const bad = calendar.holidays.find((h) => !isCivilDate(h));
  if (bad !== undefined) return `"${String(bad).slice(0, 32)}" is not a date: write holidays as 2026-12-25.`;
  if (today !== undefined && new WorkingDays(calendar).after(toDayNumber(today) - 1) === null) return 'These holidays close every working day of the coming year: leave at least one day open.';
  return null;
}

/**
 * What is wrong with printing capacity, or null. A printer may be set to 0 hours (off for now);
 * a material no printer takes makes its made-to-order options unavailable, which is allowed.
 */
export function printerProblem(printer: Printer): string | null {
  if (printer.name.trim().length === 0) return 'Give the printer a name.';
  if (!Number.isFinite(printer.hoursPerDay) || printer.hoursPerDay < 0 || printer.hoursPerDay > 24) return 'Hours per day must be between 0 and 24.';
  if (printer.materials.length === 0) return 'Choose at least one material the printer takes.';
  return null;
}

/** What is wrong with a stock figure, or null. */
export function stockProblem(onHand: number): string | null {
  return Number.isInteger(onHand) && onHand >= 0 && onHand <= 1_000_000 ? null : 'Stock must be a whole number of units, 0 or more.';
}

/** What is wrong with a print time in minutes, or null. */
export function printTimeProblem(minutes: number): string | null {
  return Number.isInteger(minutes) && minutes > 0 && minutes <= 10_080 ? null : 'Print time must be a whole number of minutes, more than 0 (at most a week).';
}

// ---------------------------------------------------------------------------------------------
// Working days

/** Days since 1970-01-01: the calendar walks integers, and only names the days it answers with. */
const toDayNumber = (date: CivilDate) => Math.round(civilToUtcMs(date) / DAY_MS);
const fromDayNumber = (day: number) => utcMsToCivil(day * DAY_MS);

/** A calendar read once: its working days found on demand. */
class WorkingDays {
  private readonly open: boolean[];
  private readonly holidays: Set<number>;

  constructor(calendar: ShopCalendar) {
    this.open = [0, 1, 2, 3, 4, 5, 6].map((d) => calendar.workingDays.includes(d));
    this.holidays = new Set(calendar.holidays.filter(isCivilDate).map(toDayNumber));
  }

  /** 1970-01-01 was a Thursday (weekday 4). */
  isWorkingDay(day: number): boolean {
    return this.open[(((day + 4) % 7) + 7) % 7] && !this.holidays.has(day);
  }

  /** The first working day after `day`, or null when the coming year has none. */
  after(day: number): number | null {
    for (let d = day + 1; d <= day + HORIZON_DAYS; d++) if (this.isWorkingDay(d)) return d;
    return null;
  }
}

/** Working day number i counted from the first print day (0), found lazily and remembered. */
class PrintDays {
  private readonly days: number[];

  constructor(
    private readonly calendar: WorkingDays,
    first: number,
  ) {
    this.days = [first];
  }

  at(index: number): number | null {
    while (this.days.length <= index) {
      const next = this.calendar.after(this.days[this.days.length - 1]);
      if (next === null) return null;
      this.days.push(next);
    }
    return this.days[index];
  }
}

// ---------------------------------------------------------------------------------------------
// The schedule

interface PrinterCursor {
  materials: ReadonlySet<string>;
  minutesPerDay: number;
  /** Print day index and minutes already used on it. */
  day: number;
  used: number;
}

/** Where a job of `minutes` on this printer would end: the day it ends and minutes used that day. */
function placeOn(cursor: PrinterCursor, minutes: number): { day: number; used: number } {
  let { day, used } = cursor;
  if (used >= cursor.minutesPerDay) {
    day += 1;
    used = 0;
  }
  const free = cursor.minutesPerDay - used;
  if (minutes <= free) return { day, used: used + minutes };
  // Runs on past today's hours: whole days, then the rest.
  const rest = minutes - free;
  const fullDays = Math.ceil(rest / cursor.minutesPerDay);
  return { day: day + fullDays, used: rest - (fullDays - 1) * cursor.minutesPerDay };
}

/**
 * The shop's state for dating new lines: today, the calendar, and where each printer stands once
 * the queue ahead is printed. Built once per queue version and reused for every option asked about.
 */
export interface Schedule {
  readonly today: CivilDate;
  /** When a shelf unit ordered now ships (a day number), or null when the calendar has no working day. */
  readonly shelfDay: number | null;
  readonly workingDays: WorkingDays;
  readonly printDays: PrintDays;
  readonly printers: readonly PrinterCursor[];
}

/** Puts one job on the printer that finishes it first; returns its end day, or null if no printer can. */
function scheduleJob(printers: PrinterCursor[], job: PrintWork): number | null {
  let best = -1;
  let bestEnd: { day: number; used: number } | null = null;
  for (let i = 0; i < printers.length; i++) {
    const p = printers[i];
    if (p.minutesPerDay <= 0 || !p.materials.has(job.material)) continue;
    const end = placeOn(p, job.minutes);
    if (bestEnd === null || end.day < bestEnd.day || (end.day === bestEnd.day && end.used < bestEnd.used)) {
      best = i;
      bestEnd = end;
    }
  }
  if (bestEnd === null) return null;
  printers[best].day = bestEnd.day;
  printers[best].used = bestEnd.used;
  return bestEnd.day;
}

/**
 * The schedule after the queue ahead: `queue` holds the made-to-order units still to print, in the
 * order they print (first paid first). A job no printer can take (its material has no capacity)
 * holds no printer time: it waits for staff, and the dates of others do not move for it.
 */
export function planSchedule(input: { now: number; calendar: ShopCalendar; printers: readonly Printer[]; queue: readonly PrintWork[] }): Schedule {
  return scheduleQueue(input, null);
}

/** The print queue as staff plan it: each job's ship date and each print day's load. */
export interface QueuePlan {
  schedule: Schedule;
  /** Per job of the queue, in its order: the day it ships, or null when no printer can take it. */
  jobShipDates: (CivilDate | null)[];
  /** The coming print days: minutes planned against minutes of capacity, per printer (input order). */
  days: { date: CivilDate; printers: { plannedMinutes: number; capacityMinutes: number }[] }[];
}

/** The queue planned job by job (the staff's print queue; the same rule as `planSchedule`). */
export function planQueue(input: { now: number; calendar: ShopCalendar; printers: readonly Printer[]; queue: readonly PrintWork[] }, dayCount = 7): QueuePlan {
  const jobDays: (number | null)[] = [];
  const schedule = scheduleQueue(input, jobDays);
  const shipDay = (day: number | null): CivilDate | null => {
    if (day === null) return null;
    const printed = schedule.printDays.at(day);
    const ships = printed === null ? null : schedule.workingDays.after(printed);
    return ships === null ? null : fromDayNumber(ships);
  };
  const days: QueuePlan['days'] = [];
  if (schedule.shelfDay !== null) {
    for (let i = 0; i < dayCount; i++) {
      const day = schedule.printDays.at(i);
      if (day === null) break;
      // A printer works without gaps from the first print day: full days before its cursor, then what its cursor used.
      days.push({
        date: fromDayNumber(day),
        printers: schedule.printers.map((p) => ({ plannedMinutes: i < p.day ? p.minutesPerDay : i === p.day ? p.used : 0, capacityMinutes: p.minutesPerDay })),
      });
    }
  }
  return { schedule, jobShipDates: jobDays.map(shipDay), days };
}

function scheduleQueue(input: { now: number; calendar: ShopCalendar; printers: readonly Printer[]; queue: readonly PrintWork[] }, jobDays: (number | null)[] | null): Schedule {
  const { date: today, minuteOfDay } = localMoment(input.now, input.calendar.timeZone);
  const workingDays = new WorkingDays(input.calendar);
  const [h, m] = input.calendar.cutoff.split(':').map(Number);
  const beforeCutoff = minuteOfDay < h * 60 + m;
  const todayNumber = toDayNumber(today);
  const startsToday = workingDays.isWorkingDay(todayNumber) && beforeCutoff;
  const firstDay = startsToday ? todayNumber : workingDays.after(todayNumber);
  const printers: PrinterCursor[] = input.printers.map((p) => ({
    materials: new Set(p.materials),
    minutesPerDay: Math.max(0, Math.round(p.hoursPerDay * 60)),
    day: 0,
    used: 0,
  }));
  for (const job of input.queue) {
    const day = scheduleJob(printers, job);
    jobDays?.push(day);
  }
  return {
    today,
    shelfDay: firstDay,
    workingDays,
    printDays: new PrintDays(workingDays, firstDay ?? todayNumber),
    printers,
  };
}

/**
 * When `quantity` units of one option would ship if ordered now: from the shelf while `onHand`
 * lasts; the rest printed after the queue when the option is made to order (`print` set), else the
 * line cannot be had.
 */
export function planLine(schedule: Schedule, line: { quantity: number; onHand: number; print: PrintWork | null }): ShipPlan {
  if (schedule.shelfDay === null || line.quantity <= 0) return { kind: 'unavailable' };
  const fromShelf = Math.min(Math.max(0, line.onHand), line.quantity);
  const toPrint = line.quantity - fromShelf;
  if (toPrint === 0) return { kind: 'shelf', date: fromDayNumber(schedule.shelfDay) };
  if (line.print === null || line.print.minutes <= 0) return { kind: 'unavailable' };
  const printers = schedule.printers.map((p) => ({ ...p }));
  let lastDay = -1;
  for (let i = 0; i < toPrint; i++) {
    const day = scheduleJob(printers, line.print);
    if (day === null) return { kind: 'unavailable' };
    lastDay = day;
  }
  const printed = schedule.printDays.at(lastDay);
  const ships = printed === null ? null : schedule.workingDays.after(printed);
  return ships === null ? { kind: 'unavailable' } : { kind: 'made-to-order', date: fromDayNumber(ships) };
}

/** An order's ship-by date: the latest of its lines', or null when any line cannot be had. */
export function orderShipDate(plans: readonly ShipPlan[]): CivilDate | null {
  let latest: CivilDate | null = null;
  for (const plan of plans) {
    if (plan.kind === 'unavailable') return null;
    if (latest === null || plan.date > latest) latest = plan.date;
  }
  return latest;
}

// ---------------------------------------------------------------------------------------------
// What the shopper reads

/** 'today', 'tomorrow', 'Thu, Dec 3', or with its year when it is most of a year away. */
function dayWords(date: CivilDate, today: CivilDate): string {
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  return date > addDays(today, 300) ? `${formatShipDay(date)}, ${date.slice(0, 4)}` : formatShipDay(date);
}

/** 'ships today', 'ships tomorrow' or 'ships by Thu, Dec 3'. */
function shipsWords(date: CivilDate, today: CivilDate): string {
  const words = dayWords(date, today);
  return words === 'today' || words === 'tomorrow' ? `ships ${words}` : `ships by ${words}`;
}

export const UNAVAILABLE_TEXT = 'Currently unavailable';

/** A chosen option or a line: 'In stock — ships tomorrow', 'Made to order — ships by Thu, Dec 3'. */
export function describeShipPlan(plan: ShipPlan, today: CivilDate): string {
  if (plan.kind === 'unavailable') return UNAVAILABLE_TEXT;
  return `${plan.kind === 'shelf' ? 'In stock' : 'Made to order'} — ${shipsWords(plan.date, today)}`;
}

/**
 * A product before an option is chosen, across its options: 'Ships tomorrow', 'Ships by Thu, Dec 3'
 * or 'Ships tomorrow – Thu, Dec 3'; 'Currently unavailable' when no option can be had.
 */
export function describeShipRange(plans: readonly ShipPlan[], today: CivilDate): string {
  const dates = plans.flatMap((p) => (p.kind === 'unavailable' ? [] : [p.date])).sort();
  if (dates.length === 0) return UNAVAILABLE_TEXT;
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (first === last) {
    const words = shipsWords(first, today);
    return words[0].toUpperCase() + words.slice(1);
  }
  return `Ships ${dayWords(first, today)} – ${dayWords(last, today)}`;
}
