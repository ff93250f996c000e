import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { conversations, messages, orderRefunds, orders } from '../../../server/db/schema';
import type { DashboardRepository } from '../../../server/repositories/dashboard';
import { newOrderId, type StoredOrderItem } from '../../../server/repositories/orders';
import type { DashboardFigures, DashboardResponse } from '../../../src/domain/dashboard';
import { ADDRESS, makeShopper } from '../checkout-helpers';
import { useStaffApp } from '../staff/staff-helpers';

/**
 * The dashboard's figures against fixtures computed by hand, at the edges of the shop's days.
 * "Now" is Friday 2026-11-20 12:00 in New York (17:00Z, EST, UTC−5); the 30 days reach back to
 * 2026-10-22, before the switch from EDT (UTC−4) on 2026-11-01, so that day starts at 04:00Z.
 */
const NOW = new Date('2026-11-20T17:00:00Z');
const TZ = 'America/New_York';

const ctx = useStaffApp({ catalog: false });
let repo: DashboardRepository;

const line = (name: string, quantity: number, cents: number, productId = name.padEnd(24, '0').slice(0, 24)): StoredOrderItem => ({
  productId,
  variant: '|',
  kind: 'product',
  name,
  image: '',
  quantity,
  unitPriceCents: cents / quantity,
  lineTotalCents: cents,
});

const ids: Record<string, string> = {};

beforeAll(async () => {
  repo = ctx.app.dashboard;
  const a = await makeShopper(ctx.app, 'Figures');
  // name: paid at (null: never paid), amount, status, lines.
  const fixture: Array<[string, string | null, number, 'Order Placed' | 'Processing' | 'Delivered' | 'Cancelled', StoredOrderItem[]]> = [
    ['A', '2026-11-20T05:00:00Z', 1000, 'Order Placed', [line('Dragon', 2, 1000)]], // today's first instant
    ['C', '2026-11-20T16:59:00Z', 3000, 'Order Placed', [line('Dragon', 1, 1000), line('Lamp', 1, 2000)]], // today, 11:59
    ['B', '2026-11-20T04:59:59Z', 2000, 'Processing', [line('Lamp', 1, 2000)]], // yesterday 23:59:59: after yesterday's 12:00
    ['D', '2026-11-19T17:30:00Z', 4000, 'Delivered', [line('Vase', 4, 4000)]], // yesterday 12:30: after yesterday's 12:00
    ['I', '2026-11-19T16:59:59Z', 500, 'Delivered', [line('Spinner', 1, 500)]], // yesterday 11:59:59
    ['J', '2026-11-19T05:00:00Z', 100, 'Delivered', [line('Spinner', 1, 100)]], // yesterday's first instant
    ['E', '2026-11-14T05:00:00Z', 5000, 'Delivered', [line('Dragon', 5, 5000)]], // first instant of the 7 days
    ['F', '2026-11-13T16:00:00Z', 6000, 'Delivered', [line('Cube', 6, 6000)]], // the 7 days before, 11:00
    ['K', '2026-10-22T04:00:00Z', 10000, 'Delivered', [line('Cube', 1, 10000)]], // first instant of the 30 days (EDT)
    ['L', '2026-10-21T15:00:00Z', 20000, 'Delivered', [line('Cube', 2, 20000)]], // the 30 days before, 11:00 EDT
    ['M', '2026-10-22T03:59:59Z', 700, 'Delivered', [line('Cube', 1, 700)]], // Oct 21 23:59:59 EDT: in neither month
    ['G', null, 7000, 'Cancelled', [line('Castle', 1, 7000)]], // abandoned today
    ['H', null, 9000, 'Cancelled', [line('Castle', 1, 9000)]], // abandoned 40 days ago: not in the 30 days
  ];
  for (const [name, paidAt, cents, status, items] of fixture) {
    const id = newOrderId();
    ids[name] = id;
    const created = paidAt ? new Date(new Date(paidAt).getTime() - 60_000) : name === 'G' ? new Date('2026-11-20T14:00:00Z') : new Date('2026-10-11T14:00:00Z');
    await ctx.app.db.insert(orders).values({
      id,
      userId: a.id,
      status,
      address: ADDRESS as unknown as Record<string, unknown>,
      items: items as unknown as Record<string, unknown>[],
      subtotalCents: cents,
      shippingCents: 0,
      amountCents: cents,
      createdAt: created,
      updatedAt: created,
      paidAt: paidAt ? new Date(paidAt) : null,
    });
  }
  // A refund today of part of yesterday's order D: it lowers today, not yesterday.
  await ctx.app.db.insert(orderRefunds).values({ id: 're_1', orderId: ids.D!, provider: 'test', amountCents: 1500, status: 'succeeded', createdAt: new Date('2026-11-20T06:00:00Z') });
  // Two conversations: one with unread shopper messages, one read.
  const b = await makeShopper(ctx.app, 'Chatty');
  await ctx.app.db.insert(conversations).values([{ id: 'c'.repeat(24), userId: a.id }, { id: 'd'.repeat(24), userId: b.id }]);
  await ctx.app.db.insert(messages).values([
    { id: 'm1', conversationId: 'c'.repeat(24), senderId: a.id, body: 'Hello?', isAdmin: false },
    { id: 'm2', conversationId: 'c'.repeat(24), senderId: a.id, body: 'Anyone?', isAdmin: false },
    { id: 'm3', conversationId: 'd'.repeat(24), senderId: b.id, body: 'Thanks', isAdmin: false, readAt: new Date() },
  ]);
});

describe('the dashboard figures', () => {
  let f: DashboardFigures;
  beforeAll(async () => {
    f = await repo.figures(NOW, TZ);
  });

  it('today against yesterday up to the same time, with a refund on the day it was made', () => {
    // Today: A 10.00 + C 30.00 − the 15.00 refund; yesterday until 12:00: J 1.00 + I 5.00.
    expect(f.periods[0]).toEqual({ key: 'today', sales: 25, orders: 2, previousSales: 6, previousOrders: 2, from: '2026-11-20', to: '2026-11-20' });
  });

  it('the last 7 and 30 days against the periods before, on the local calendar across the DST change', () => {
    // 7 days: A C B D I J E = 156.00 − 15.00; before: F.
    expect(f.periods[1]).toEqual({ key: 'week', sales: 141, orders: 7, previousSales: 60, previousOrders: 1, from: '2026-11-14', to: '2026-11-20' });
    // 30 days: those, F and K = 316.00 − 15.00; before: L (M falls between the two windows' ends).
    expect(f.periods[2]).toEqual({ key: 'month', sales: 301, orders: 9, previousSales: 200, previousOrders: 1, from: '2026-10-22', to: '2026-11-20' });
    expect(f.averageOrderValue).toBe(35.11); // 316.00 / 9, to the cent
  });

  it('a daily chart of 30 local days, today last', () => {
    expect(f.daily).toHaveLength(30);
    expect(f.daily[0]).toEqual({ day: '2026-10-22', sales: 100, orders: 1 });
    expect(f.daily.at(-1)).toEqual({ day: '2026-11-20', sales: 25, orders: 2 });
    expect(f.daily.find((d) => d.day === '2026-11-19')).toEqual({ day: '2026-11-19', sales: 66, orders: 4 });
    expect(f.daily.find((d) => d.day === '2026-11-14')).toEqual({ day: '2026-11-14', sales: 50, orders: 1 });
    expect(f.daily.find((d) => d.day === '2026-11-13')).toEqual({ day: '2026-11-13', sales: 60, orders: 1 });
    expect(f.daily.reduce((s, d) => s + d.sales, 0)).toBe(301);
  });

  it('orders to fulfil, unread conversations, abandoned checkouts and the top products', () => {
    expect(f.toFulfil).toBe(3); // A, C (Order Placed), B (Processing)
    expect(f.unreadConversations).toBe(1);
    expect(f.abandoned).toEqual({ count: 1, value: 70 });
    // Units paid in the 30 days: Dragon 2+1+5, Cube 6+1, Vase 4, Lamp 1+1, Spinner 1+1 (ties by name).
    expect(f.topProducts.map((p) => [p.name, p.units])).toEqual([
      ['Dragon', 8],
      ['Cube', 7],
      ['Vase', 4],
      ['Lamp', 2],
      ['Spinner', 2],
    ]);
  });

  it("days start at the shop's midnight: in UTC the same instant gives other figures", async () => {
    const utc = await repo.figures(NOW, 'UTC');
    // Today in UTC is 00:00Z–17:00Z: A, B and C, less the refund.
    expect(utc.periods[0]).toMatchObject({ sales: 45, orders: 3 });
  });

  it('is for staff only, and answers for now in the configured zone', async () => {
    const shopper = await makeShopper(ctx.app, 'Nosy');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/dashboard' })).statusCode).toBe(401);
    expect((await ctx.get('/api/staff/dashboard', shopper.token)).statusCode).toBe(403);
    const res = await ctx.get('/api/staff/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json() as DashboardResponse;
    expect(body.dashboard.timeZone).toBe('America/New_York');
    expect(body.dashboard.daily).toHaveLength(30);
  });
});

describe('SHOP_TIMEZONE', () => {
  it('defaults to New York and stops the start with a clear message for a zone nobody knows', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).shopTimeZone).toBe('America/New_York');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), SHOP_TIMEZONE: 'Europe/Paris' }).shopTimeZone).toBe('Europe/Paris');
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), SHOP_TIMEZONE: 'Mars/Olympus_Mons' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), SHOP_TIMEZONE: 'Mars/Olympus_Mons' })).toThrow(/SHOP_TIMEZONE="Mars\/Olympus_Mons": is not a time zone this system knows/);
  });
});
