import { minutesLeft } from '../../../src/domain/madeToOrder';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarProblem,
  describeShipPlan,
  describeShipRange,
  formatShipDay,
  isCivilDate,
  localMoment,
  orderShipDate,
  planLine,
  planSchedule,
  printerProblem,
  printTimeProblem,
  startOfLocalDay,
  stockProblem,
  type PrintWork,
  type Printer,
  type ShopCalendar,
} from '../../../src/domain/shipBy';

/** Monday to Friday in New York, cut-off 14:00, closed on Thanksgiving 2026. */
const calendar: ShopCalendar = { timeZone: 'America/New_York', workingDays: [1, 2, 3, 4, 5], cutoff: '14:00', holidays: ['2026-11-26'] };
const printers: Printer[] = [
  { name: 'Prusa 1', materials: ['PLA'], hoursPerDay: 8 },
  { name: 'Prusa 2', materials: ['PLA', 'PETG'], hoursPerDay: 8 },
];
const pla = (minutes: number): PrintWork => ({ material: 'PLA', minutes });
const at = (iso: string) => Date.parse(iso);
/** Friday 27 November 2026, 10:00 in New York (EST, UTC−5). */
const fridayMorning = at('2026-11-27T15:00:00Z');

function ships(now: number, line: Parameters<typeof planLine>[1], queue: PrintWork[] = [], cal = calendar, ps = printers) {
  const schedule = planSchedule({ now, calendar: cal, printers: ps, queue });
  const plan = planLine(schedule, line);
  return { plan, text: describeShipPlan(plan, schedule.today), today: schedule.today };
}

describe('civil dates', () => {
  it('reads an instant as the shop’s day and time, across daylight saving', () => {
    expect(localMoment(fridayMorning, 'America/New_York')).toEqual({ date: '2026-11-27', minuteOfDay: 600 });
    // 04:30 UTC on the 27th is still the 26th, 23:30, in New York.
    expect(localMoment(at('2026-11-27T04:30:00Z'), 'America/New_York')).toEqual({ date: '2026-11-26', minuteOfDay: 23 * 60 + 30 });
    // Summer time (UTC−4) after 8 March 2026.
    expect(localMoment(at('2026-03-09T18:30:00Z'), 'America/New_York').minuteOfDay).toBe(14 * 60 + 30);
  });

  it('formats a day as the shopper reads it and checks dates strictly', () => {
    expect(formatShipDay('2026-12-03')).toBe('Thu, Dec 3');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(isCivilDate('2026-02-28')).toBe(true);
    expect(isCivilDate('2026-02-30')).toBe(false);
    expect(isCivilDate('26-2-3')).toBe(false);
  });
});

describe('shelf units', () => {
  it('ship the same working day before the cut-off, the next working day after it', () => {
    expect(ships(fridayMorning, { quantity: 2, onHand: 5, print: null }).text).toBe('In stock — ships today');
    // Friday 15:00 in New York: after the cut-off, so Monday.
    expect(ships(at('2026-11-27T20:00:00Z'), { quantity: 1, onHand: 5, print: null }).text).toBe('In stock — ships by Mon, Nov 30');
  });

  it('skip weekends and holidays', () => {
    // Saturday → Monday.
    expect(ships(at('2026-11-28T15:00:00Z'), { quantity: 1, onHand: 1, print: null }).plan).toEqual({ kind: 'shelf', date: '2026-11-30' });
    // Wednesday after the cut-off: Thursday is Thanksgiving, so Friday.
    expect(ships(at('2026-11-25T20:00:00Z'), { quantity: 1, onHand: 1, print: null }).text).toBe('In stock — ships by Fri, Nov 27');
    // Thanksgiving itself, late in the evening: tomorrow.
    expect(ships(at('2026-11-27T04:30:00Z'), { quantity: 1, onHand: 1, print: null }).text).toBe('In stock — ships tomorrow');
  });

  it('read the cut-off in the shop’s zone on both sides of daylight saving', () => {
    // Monday 9 March 2026, 14:30 EDT: past the cut-off (as EST it would read 13:30 and ship today).
    expect(ships(at('2026-03-09T18:30:00Z'), { quantity: 1, onHand: 1, print: null }).text).toBe('In stock — ships tomorrow');
    // Monday 2 November 2026, 13:30 EST: before it (as EDT it would read 14:30).
    expect(ships(at('2026-11-02T18:30:00Z'), { quantity: 1, onHand: 1, print: null }).text).toBe('In stock — ships today');
  });

  it('a stocked-only option beyond what is on hand cannot be had', () => {
    expect(ships(fridayMorning, { quantity: 3, onHand: 2, print: null }).text).toBe('Currently unavailable');
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: null }).plan).toEqual({ kind: 'unavailable' });
  });
});

describe('made-to-order units', () => {
  it('print today before the cut-off and ship the working day after', () => {
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: pla(60) }).text).toBe('Made to order — ships by Mon, Nov 30');
    // After the cut-off printing starts Monday: ships Tuesday.
    expect(ships(at('2026-11-27T20:00:00Z'), { quantity: 1, onHand: 0, print: pla(60) }).plan).toEqual({ kind: 'made-to-order', date: '2026-12-01' });
  });

  it('the shelf serves first; the rest is printed, and the line ships with its last unit', () => {
    expect(ships(fridayMorning, { quantity: 3, onHand: 2, print: pla(60) }).plan).toEqual({ kind: 'made-to-order', date: '2026-11-30' });
    expect(ships(fridayMorning, { quantity: 2, onHand: 2, print: pla(60) }).plan).toEqual({ kind: 'shelf', date: '2026-11-27' });
  });

  it('wait behind a queue longer than a week, first paid first', () => {
    // 100 jobs of 2 h on two 8-hour printers: 8 a day, so the queue fills working days 0–12.
    const queue = Array.from({ length: 100 }, () => pla(120));
    // Working day 12 from Fri Nov 27 is Tue Dec 15; the new unit prints then and ships Wed Dec 16.
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: pla(120) }, queue).text).toBe('Made to order — ships by Wed, Dec 16');
    // Four more units fill day 12 and spill into day 13 (Wed Dec 16): ship Thu Dec 17.
    expect(ships(fridayMorning, { quantity: 5, onHand: 0, print: pla(120) }, queue).plan).toEqual({ kind: 'made-to-order', date: '2026-12-17' });
  });

  it('count capacity per material: a job only goes to a printer that takes it', () => {
    // Ten 8-hour PETG jobs take the one PETG printer for ten working days (Fri Nov 27 … Thu Dec 10).
    const queue = Array.from({ length: 10 }, () => ({ material: 'PETG', minutes: 480 }));
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: { material: 'PETG', minutes: 60 } }, queue).plan).toEqual({ kind: 'made-to-order', date: '2026-12-14' });
    // PLA still has Prusa 1 free today.
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: pla(60) }, queue).plan).toEqual({ kind: 'made-to-order', date: '2026-11-30' });
  });

  it('a job longer than a printer’s day runs on into the next working days', () => {
    // 20 h on an 8-hour printer: Fri 8 h, Mon 8 h, Tue 4 h → ships Wed Dec 2.
    const one = [{ name: 'Solo', materials: ['PLA'], hoursPerDay: 8 }];
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: pla(1200) }, [], calendar, one).plan).toEqual({ kind: 'made-to-order', date: '2026-12-02' });
    // Exactly one day's hours ends that day.
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: pla(480) }, [], calendar, one).plan).toEqual({ kind: 'made-to-order', date: '2026-11-30' });
  });

  it('a material without capacity (no printer, or zero hours) makes the option unavailable', () => {
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: { material: 'RESIN', minutes: 30 } }).text).toBe('Currently unavailable');
    const off = printers.map((p) => ({ ...p, hoursPerDay: 0 }));
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: pla(30) }, [], calendar, off).text).toBe('Currently unavailable');
    // Units on the shelf still ship.
    expect(ships(fridayMorning, { quantity: 1, onHand: 1, print: pla(30) }, [], calendar, off).text).toBe('In stock — ships today');
  });

  it('a queued job no printer can take holds no printer time', () => {
    const queue = [{ material: 'RESIN', minutes: 10_000 }];
    expect(ships(fridayMorning, { quantity: 1, onHand: 0, print: pla(60) }, queue).plan).toEqual({ kind: 'made-to-order', date: '2026-11-30' });
  });
});

describe('what the shopper reads', () => {
  it('states a product across its options, and an order by its latest line', () => {
    const today = '2026-11-27';
    const shelfTomorrow = { kind: 'shelf', date: '2026-11-28' } as const;
    const printedThu = { kind: 'made-to-order', date: '2026-12-03' } as const;
    expect(describeShipRange([shelfTomorrow, printedThu], today)).toBe('Ships tomorrow – Thu, Dec 3');
    expect(describeShipRange([printedThu, printedThu], today)).toBe('Ships by Thu, Dec 3');
    expect(describeShipRange([shelfTomorrow, { kind: 'unavailable' }], today)).toBe('Ships tomorrow');
    expect(describeShipRange([{ kind: 'unavailable' }], today)).toBe('Currently unavailable');
    expect(describeShipPlan(shelfTomorrow, today)).toBe('In stock — ships tomorrow');
    expect(describeShipPlan(printedThu, today)).toBe('Made to order — ships by Thu, Dec 3');
    expect(orderShipDate([shelfTomorrow, printedThu])).toBe('2026-12-03');
    expect(orderShipDate([shelfTomorrow, { kind: 'unavailable' }])).toBeNull();
  });
});

describe('settings and editor checks', () => {
  it('refuse a calendar that cannot be used, in words for people', () => {
    expect(calendarProblem(calendar)).toBeNull();
    expect(calendarProblem({ ...calendar, timeZone: 'Mars/Olympus' })).toMatch(/not a time zone/);
    expect(calendarProblem({ ...calendar, workingDays: [] })).toBe('Choose at least one working day.');
    expect(calendarProblem({ ...calendar, cutoff: '25:00' })).toBe('The cut-off must be a time of day such as 14:00.');
    expect(calendarProblem({ ...calendar, holidays: ['2026-02-30'] })).toMatch(/is not a date/);
    // Every weekday of the coming year a holiday: nothing would ever ship.
    const everyDay = Array.from({ length: 370 }, (_, i) => addDays('2026-11-27', i));
    expect(calendarProblem({ ...calendar, holidays: everyDay }, '2026-11-27')).toMatch(/close every working day/);
    expect(calendarProblem({ ...calendar, holidays: everyDay.slice(0, 300) }, '2026-11-27')).toBeNull();
  });

  it('refuse negative or fractional stock, a zero print time and impossible hours', () => {
    expect(stockProblem(3)).toBeNull();
    expect(stockProblem(-1)).toMatch(/whole number/);
    expect(stockProblem(1.5)).toMatch(/whole number/);
    expect(printTimeProblem(0)).toMatch(/more than 0/);
    expect(printTimeProblem(45)).toBeNull();
    expect(printerProblem({ name: 'P', materials: ['PLA'], hoursPerDay: 25 })).toBe('Hours per day must be between 0 and 24.');
    expect(printerProblem({ name: ' ', materials: ['PLA'], hoursPerDay: 8 })).toBe('Give the printer a name.');
    expect(printerProblem({ name: 'P', materials: ['PLA'], hoursPerDay: 0 })).toBeNull();
  });
});

describe('far dates', () => {
  it('name their year when most of a year away', () => {
    const today = '2026-11-27';
    expect(describeShipPlan({ kind: 'made-to-order', date: '2027-12-03' }, today)).toBe('Made to order — ships by Fri, Dec 3, 2027');
    expect(describeShipPlan({ kind: 'made-to-order', date: '2027-01-04' }, today)).toBe('Made to order — ships by Mon, Jan 4');
  });
});

describe('startOfLocalDay', () => {
  it('is the instant a day begins in the zone, on ordinary and daylight-saving days', () => {
    expect(new Date(startOfLocalDay('2026-11-20', 'America/New_York')).toISOString()).toBe('2026-11-20T05:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-07-04', 'America/New_York')).toISOString()).toBe('2026-07-04T04:00:00.000Z');
    // The clocks change at 2:00 on these days; midnight is still on the old side.
    expect(new Date(startOfLocalDay('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-11-01', 'America/New_York')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-11-20', 'UTC')).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-11-20', 'Asia/Tokyo')).toISOString()).toBe('2026-11-19T15:00:00.000Z');
    // The day after begins where this one ends (a 25-hour day on the autumn change).
    expect(startOfLocalDay('2026-11-02', 'America/New_York') - startOfLocalDay('2026-11-01', 'America/New_York')).toBe(25 * 3_600_000);
  });
});

describe('minutesLeft: what a job of the open queue still needs of a printer', () => {
  const start = Date.parse('2026-12-02T15:00:00Z');
  it('a queued or failed job needs all its minutes; a printing one what its start has not used', () => {
    expect(minutesLeft({ status: 'Queued', printMinutes: 120, startedAt: start }, start + 90 * 60_000)).toBe(120);
    expect(minutesLeft({ status: 'Printing', printMinutes: 120, startedAt: start }, start + 90 * 60_000)).toBe(30);
    expect(minutesLeft({ status: 'Printing', printMinutes: 120, startedAt: start }, start + 5 * 3600_000)).toBe(0);
    // Failing loses the attempt: the whole time again.
    expect(minutesLeft({ status: 'Failed', printMinutes: 120, startedAt: start }, start + 90 * 60_000)).toBe(120);
  });
});
