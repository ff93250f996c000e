/**
 * Made to order's dates and print queue, through the API: the product page's statements against
 * fixtures worked out by hand, print jobs and the order's ship-by date when it is paid, a failed
 * job pushing the dates behind it, the settings' refusals, and the cache key of server-rendered pages.
 * The clock stands on Wed 2026-12-02 10:00 in New York (the shop's zone; cut-off 14:00, Mon–Fri).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PrintQueueResponse, PrintingSettingsResponse } from '../../../server/routes/staffPrintQueue';
import type { ProductShipByResponse, LinesShipByResponse } from '../../../server/routes/shipBy';
import type { StaffOrderBoardResponse } from '../../../server/routes/staffOrders';
import { bundles, paymentSessions, printJobs, settings, stockOptions } from '../../../server/db/schema';
import { makeShopper, mailsAbout, openSession, orderRow, payForm, postJson, TP } from '../checkout-helpers';
import { useStaffApp } from '../staff/staff-helpers';

const ctx = useStaffApp({ catalog: true });
const WED_10AM_NY = Date.parse('2026-12-02T15:00:00Z');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(WED_10AM_NY);
  // One PLA printer, two hours a day: one default job (120 min of PLA) a day.
  const res = await ctx.send('PUT', '/api/staff/printers', { printers: [{ name: 'Prusa A', materials: ['PLA'], hoursPerDay: 2 }] });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.app.db.insert(stockOptions).values([
    { productId: TP.sale, variant: 'Red|S', onHand: 3, madeToOrder: false },
    { productId: TP.sale, variant: 'Blue|M', onHand: 0, madeToOrder: true, printMinutes: 120, material: 'PLA' },
    { productId: TP.sale, variant: 'Blue|S', onHand: 0, madeToOrder: true, printMinutes: 60, material: 'PETG' },
  ]);
});
afterAll(() => {
  vi.useRealTimers();
});

const productShipBy = async (id: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/ship-by/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ProductShipByResponse).shipBy;
};
const queue = async () => (((await ctx.get('/api/staff/print-queue')).json()) as PrintQueueResponse).queue;
const atRiskBoard = async () => {
  const res = await ctx.get('/api/staff/orders/search?view=atRisk&pageSize=100');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as StaffOrderBoardResponse).orders.map((o) => o._id).sort();
};
const move = (id: string, body: unknown) => ctx.send('POST', `/api/staff/print-jobs/${id}`, body);

let orderId = '';

describe('ship-by dates and the print queue', () => {
  it('answers each option and the range from shelf stock, the empty queue and capacity per material', async () => {
    const s = await productShipBy(TP.sale);
    expect(s.today).toBe('2026-12-02');
    // Shelf before the cut-off ships today; a 2-hour print fits today's 2 hours and ships the next working day.
    expect(s.options['Red|S'].text).toBe('In stock — ships today');
    expect(s.options['Blue|M'].text).toBe('Made to order — ships tomorrow');
    expect(s.options['Red|M'].text).toBe('Made to order — ships tomorrow'); // no stock row: the default print
    expect(s.options['Blue|S'].text).toBe('Currently unavailable'); // no printer takes PETG
    expect(s.range).toBe('Ships today – tomorrow');
  });

  it('a paid order gets a job per made-to-order unit, each job its date, the order the latest, the e-mail the same', async () => {
    const shopper = await makeShopper(ctx.app, 'Printa');
    const session = await openSession(ctx.app, shopper.token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
    // The session was opened at the database's real time: it stays open at the test's clock.
    await ctx.app.db.update(paymentSessions).set({ expiresAt: new Date('2027-01-01T00:00:00Z') }).where(eq(paymentSessions.id, session.sessionId));
    expect((await payForm(ctx.app, session.sessionId)).statusCode).toBe(303);
    orderId = session.orderId;
    const jobs = await ctx.app.db.select().from(printJobs).where(eq(printJobs.orderId, orderId));
    // One job a day on Wed, Thu, Fri: they ship Thu, Fri and (after the weekend) Mon.
    expect(jobs.map((j) => [j.unitIndex, j.material, j.printMinutes, j.status, j.shipBy]).sort()).toEqual([
      [0, 'PLA', 120, 'Queued', '2026-12-03'],
      [1, 'PLA', 120, 'Queued', '2026-12-04'],
      [2, 'PLA', 120, 'Queued', '2026-12-07'],
    ]);
    expect((await orderRow(ctx.app, orderId)).shipBy).toBe('2026-12-07');
    const [mail] = mailsAbout(ctx.t.dataDir, orderId);
    expect(mail.text).toContain('your order ships by Mon, Dec 7');
    expect(mail.html).toContain('your order ships by Mon, Dec 7');
    const mine = await postJson(ctx.app, '/api/order/userorders', {}, shopper.token);
    expect((mine.json() as { orders: { _id: string; shipBy?: string }[] }).orders.find((o) => o._id === orderId)?.shipBy).toBe('2026-12-07');
    // The next print goes after the queue: printed Mon, shipped Tue.
    const s = await productShipBy(TP.sale);
    expect(s.options['Blue|M'].text).toBe('Made to order — ships by Tue, Dec 8');
    expect(s.range).toBe('Ships today – Tue, Dec 8');
    const lines = (await postJson(ctx.app, '/api/ship-by/lines', { lines: [{ productId: TP.sale, variant: 'Red|S', quantity: 1 }, { productId: TP.sale, variant: 'Blue|M', quantity: 2 }] })).json() as LinesShipByResponse;
    expect(lines.lines.map((l) => l.text)).toEqual(['In stock — ships today', 'Made to order — ships by Wed, Dec 9']);
    expect(lines.orderText).toBe('Ships by Wed, Dec 9');
  });

  it('staff move jobs: Printing moves the order to Processing; Failed re-queues and pushes the dates behind it', async () => {
    let q = await queue();
    const mine = q.jobs.filter((j) => j.orderId === orderId);
    expect(mine.map((j) => j.plannedShipBy)).toEqual(['2026-12-03', '2026-12-04', '2026-12-07']);
    expect(q.days[0]).toEqual({ date: '2026-12-02', printers: [{ plannedMinutes: 120, capacityMinutes: 120 }] });
    const [first, , last] = mine;

    const refused = await move(first._id, { status: 'Passed QA' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A Queued job cannot go to Passed QA. From Queued it can go to Printing.');

    const printer = q.printers[0]._id;
    expect((await move(first._id, { status: 'Printing', printerId: printer })).statusCode).toBe(200);
    expect((await orderRow(ctx.app, orderId)).status).toBe('Processing');
    expect((await move(first._id, { status: 'Printed' })).statusCode).toBe(200);
    q = await queue();
    expect(q.jobs.find((j) => j._id === last._id)?.plannedShipBy).toBe('2026-12-04');
    expect((await productShipBy(TP.sale)).options['Blue|M'].text).toBe('Made to order — ships by Mon, Dec 7');

    expect((await move(first._id, { status: 'Failed' })).statusCode).toBe(200);
    q = await queue();
    const failed = q.jobs.find((j) => j._id === first._id)!;
    expect(failed).toMatchObject({ status: 'Failed', attempts: 1, printerId: printer });
    expect(q.jobs.find((j) => j._id === last._id)?.plannedShipBy).toBe('2026-12-07');
    expect((await productShipBy(TP.sale)).options['Blue|M'].text).toBe('Made to order — ships by Tue, Dec 8');
  });

  it('an order is ready to ship when all its jobs passed QA; late plans show as at risk', async () => {
    // Capacity halved: the queue now runs late against the promised dates.
    await ctx.send('PUT', '/api/staff/printers', { printers: [{ _id: (await queue()).printers[0]._id, name: 'Prusa A', materials: ['PLA'], hoursPerDay: 1 }] });
    let q = await queue();
    expect(q.atRisk.map((r) => r.orderId)).toContain(orderId);
    // The board's "At risk" view lists the same orders (whatever else it is asked), the export too.
    expect(await atRiskBoard()).toEqual(q.atRisk.map((r) => r.orderId).sort());
    expect((await ctx.get(`/api/staff/orders/export.csv?view=atRisk`)).body.trim().split('\n')).toHaveLength(1 + q.atRisk.length);
    const late = (await ctx.get(`/api/staff/orders/${orderId}/print`)).json().print;
    expect(late).toMatchObject({ jobs: 3, passed: 0, readyToShip: false, shipBy: '2026-12-07' });
    expect(late.lateUntil > '2026-12-07').toBe(true);
    for (const job of q.jobs.filter((j) => j.orderId === orderId)) {
      for (const status of job.status === 'Failed' ? ['Printing', 'Printed', 'Passed QA'] : ['Printing', 'Printed', 'Passed QA']) {
        const res = await move(job._id, { status });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    q = await queue();
    expect(q.atRisk).toEqual([]);
    expect(await atRiskBoard()).toEqual([]);
    expect((await ctx.get(`/api/staff/orders/${orderId}/print`)).json().print).toMatchObject({ jobs: 3, passed: 3, readyToShip: true, lateUntil: null });
  });

  it('a capacity of zero hours makes made-to-order options unavailable', async () => {
    const id = (await queue()).printers[0]._id;
    await ctx.send('PUT', '/api/staff/printers', { printers: [{ _id: id, name: 'Prusa A', materials: ['PLA'], hoursPerDay: 0 }] });
    const s = await productShipBy(TP.sale);
    expect(s.options['Blue|M'].text).toBe('Currently unavailable');
    expect(s.range).toBe('Ships today');
    expect((await productShipBy(TP.plain)).range).toBe('Currently unavailable');
    await ctx.send('PUT', '/api/staff/printers', { printers: [{ _id: id, name: 'Prusa A', materials: ['PLA'], hoursPerDay: 2 }] });
  });

  it('refuses bad settings with a clear message and saves nothing', async () => {
    const before = (await ctx.get('/api/staff/printing-settings')).json() as PrintingSettingsResponse;
    const allHolidays = Array.from({ length: 366 }, (_, i) => new Date(Date.UTC(2026, 11, 2 + i)).toISOString().slice(0, 10));
    const cases: [string, unknown, string][] = [
      ['/api/staff/calendar', { workingDays: [1, 2, 3, 4, 5], cutoff: '25:00', holidays: [] }, 'The cut-off must be a time of day such as 14:00.'],
      ['/api/staff/calendar', { workingDays: [], cutoff: '14:00', holidays: [] }, 'Choose at least one working day.'],
      ['/api/staff/calendar', { workingDays: [1, 2, 3, 4, 5], cutoff: '14:00', holidays: ['2026-02-30'] }, '"2026-02-30" is not a date: write holidays as 2026-12-25.'],
      ['/api/staff/calendar', { workingDays: [1, 2, 3, 4, 5], cutoff: '14:00', holidays: allHolidays.slice(0, 400) }, 'These holidays close every working day of the coming year: leave at least one day open.'],
      ['/api/staff/printers', { printers: [{ name: 'Ok', materials: ['PLA'], hoursPerDay: 8 }, { name: ' ', materials: ['PLA'], hoursPerDay: 8 }] }, 'Give the printer a name.'],
      ['/api/staff/printers', { printers: [{ name: 'Ok', materials: ['PLA'], hoursPerDay: 8 }, { name: 'B', materials: [], hoursPerDay: 8 }] }, 'Printer 2: Choose at least one material the printer takes.'],
      ['/api/staff/printers', { printers: [{ name: 'Ok', materials: ['PLA'], hoursPerDay: 25 }] }, 'A day has at most 24 hours.'],
    ];
    for (const [url, body, message] of cases) {
      const res = await ctx.send('PUT', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const after = (await ctx.get('/api/staff/printing-settings')).json() as PrintingSettingsResponse;
    expect(after).toEqual(before);
    const good = await ctx.send('PUT', '/api/staff/calendar', { workingDays: [1, 2, 3, 4, 5], cutoff: '09:30', holidays: ['2026-12-25'] });
    expect(good.statusCode, good.body).toBe(200);
    expect((good.json() as PrintingSettingsResponse).calendar).toEqual({ timeZone: 'America/New_York', workingDays: [1, 2, 3, 4, 5], cutoff: '09:30', holidays: ['2026-12-25'] });
    // Past the 09:30 cut-off: shelf units ship tomorrow now.
    expect((await productShipBy(TP.sale)).options['Red|S'].text).toBe('In stock — ships tomorrow');
  });

  it('a job that fails while printing re-queues and pushes the dates behind it: the time it printed is lost', async () => {
    const shopper = await makeShopper(ctx.app, 'Failing');
    const session = await openSession(ctx.app, shopper.token, [{ productId: TP.plain, color: '|', quantity: 2 }], 50);
    await ctx.app.db.update(paymentSessions).set({ expiresAt: new Date('2027-01-01T00:00:00Z') }).where(eq(paymentSessions.id, session.sessionId));
    expect((await payForm(ctx.app, session.sessionId)).statusCode).toBe(303);
    let q = await queue();
    const [first, second] = q.jobs.filter((j) => j.orderId === session.orderId);
    expect((await move(first!._id, { status: 'Printing', printerId: q.printers[0]._id })).statusCode).toBe(200);
    try {
      // Two hours later the print (two hours) is as good as done: the job behind it prints next.
      vi.setSystemTime(WED_10AM_NY + 120 * 60_000);
      q = await queue();
      const whilePrinting = q.jobs.find((j) => j._id === second!._id)!.plannedShipBy!;
      expect((await move(first!._id, { status: 'Failed' })).statusCode).toBe(200);
      q = await queue();
      expect(q.jobs.find((j) => j._id === first!._id)).toMatchObject({ status: 'Failed', attempts: 1 });
      // The reprint takes its two hours again, ahead of the second job: a print day later.
      const afterFailure = q.jobs.find((j) => j._id === second!._id)!.plannedShipBy!;
      expect(afterFailure > whilePrinting, `${afterFailure} after ${whilePrinting}`).toBe(true);
    } finally {
      vi.setSystemTime(WED_10AM_NY);
    }
  });

  it('a bundle line ships when the last of its products does, each in the option the bundle names', async () => {
    await ctx.app.db.insert(stockOptions).values({ productId: TP.cheap, variant: '|', onHand: 5, madeToOrder: false });
    const day = 86_400_000;
    const pack = (id: string, productIds: string[]) => ({ id, title: `Pack ${id.slice(-2)}`, priceCents: 3000, startDate: new Date(Date.now() - day), endDate: new Date(Date.now() + day), productIds, productOptions: { [TP.sale]: 'Red|S' } });
    // Red, S is on the shelf (TP.sale's first option, '|', would be printed); the cheap one is on the shelf; the plain one is printed.
    await ctx.app.db.insert(bundles).values([pack('eeeeeeeeeeeeeeeeeeeeee01', [TP.sale, TP.cheap]), pack('eeeeeeeeeeeeeeeeeeeeee02', [TP.sale, TP.plain])]);
    const res = await postJson(ctx.app, '/api/ship-by/lines', {
      lines: [
        { productId: 'eeeeeeeeeeeeeeeeeeeeee01', variant: 'bundle', quantity: 1 },
        { productId: 'eeeeeeeeeeeeeeeeeeeeee02', variant: 'bundle', quantity: 1 },
        { productId: TP.sale, variant: 'Red|S', quantity: 1 },
        { productId: TP.plain, variant: '|', quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [shelfPack, mixedPack, redS, plain] = (res.json() as LinesShipByResponse).lines.map((l) => l.text);
    expect(redS).toMatch(/^In stock — ships /);
    expect(shelfPack).toBe(redS);
    expect(plain).toMatch(/^Made to order — ships by /);
    expect(mixedPack).toBe(plain);
  });

  it("a product's statements (its cached page's key) move with the day, not with a queue version that moves no date", async () => {
    const first = await productShipBy(TP.sale);
    await ctx.app.db.update(settings).set({ printQueueVersion: 1000 }).where(eq(settings.id, 1));
    expect(await productShipBy(TP.sale)).toEqual(first);
    vi.setSystemTime(WED_10AM_NY + 24 * 3600_000);
    const nextDay = await productShipBy(TP.sale);
    expect(nextDay.today).toBe('2026-12-03');
    expect(nextDay).not.toEqual(first);
    vi.setSystemTime(WED_10AM_NY);
  });
});
