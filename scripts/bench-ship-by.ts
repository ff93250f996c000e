/**
 * Ship-by dates for one product page with a long print queue: the queue of N made-to-order jobs
 * planned (first paid first, per material) and then each of the product's options dated, as the
 * server does for a page it renders. Timed cold (the queue planned for this page) and warm (the
 * planned queue reused while its version is unchanged). Prints one JSON line.
 *   node --import tsx scripts/bench-ship-by.ts 10000
 */
import { performance } from 'node:perf_hooks';
import { describeShipPlan, describeShipRange, planLine, planSchedule, type PrintWork, type Printer, type ShopCalendar } from '../src/domain/shipBy';

const jobs = Number(process.argv[2] ?? 10_000);
const pages = Number(process.argv[3] ?? 200);

const calendar: ShopCalendar = { timeZone: 'America/New_York', workingDays: [1, 2, 3, 4, 5], cutoff: '14:00', holidays: ['2026-11-26', '2026-12-25', '2027-01-01'] };
const printers: Printer[] = [
  { name: 'Prusa 1', materials: ['PLA', 'PETG'], hoursPerDay: 10 },
  { name: 'Prusa 2', materials: ['PLA', 'PETG'], hoursPerDay: 10 },
  { name: 'Bambu', materials: ['PLA'], hoursPerDay: 16 },
  { name: 'Form 3', materials: ['Resin'], hoursPerDay: 8 },
];
const materials = ['PLA', 'PLA', 'PETG', 'Resin'];
// A deterministic queue: mixed materials and print times (20 min to 8 h).
const queue: PrintWork[] = Array.from({ length: jobs }, (_, i) => ({ material: materials[i % materials.length], minutes: 20 + ((i * 37) % 460) }));
// A figure in 4 colours × 3 sizes: twelve options, some on the shelf.
const options = Array.from({ length: 12 }, (_, i) => ({ onHand: i % 4 === 0 ? 2 : 0, print: { material: i % 3 === 0 ? 'Resin' : 'PLA', minutes: 90 + i * 10 } }));
const now = Date.parse('2026-11-27T15:00:00Z');

function page(schedule = planSchedule({ now, calendar, printers, queue })) {
  const plans = options.map((o) => planLine(schedule, { quantity: 1, onHand: o.onHand, print: o.print }));
  return [describeShipRange(plans, schedule.today), ...plans.map((p) => describeShipPlan(p, schedule.today))];
}

const time = (fn: () => unknown) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { medianMs: +at(50).toFixed(3), p95Ms: +at(95).toFixed(3) };
};

for (let i = 0; i < 20; i++) page(); // warm the JIT
const cold = Array.from({ length: pages }, () => time(() => page()));
const planned = planSchedule({ now, calendar, printers, queue });
const warm = Array.from({ length: pages }, () => time(() => page(planned)));
console.log(JSON.stringify({ jobs, statement: page()[0], cold: stats(cold), warm: stats(warm) }));
