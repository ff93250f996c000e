import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../server/lib/auth';
import { csvCell } from '../../../server/lib/csv';
import { CUSTOMER_CSV_COLUMNS, CUSTOMER_MESSAGES } from '../../../server/routes/staffCustomers';
import type { CustomerSummary } from '../../../src/domain/customers';
import { makeShopper, postJson } from '../checkout-helpers';
import { insertOrder, ITEMS, openSocket } from '../chat-helpers';
import { useStaffApp } from './staff-helpers';

// Every login of this file comes from one address: a limit the file never reaches.
const ctx = useStaffApp({ config: { authRateLimit: { max: 1000, windowMs: 60_000 } } });
let server: string;
/** A word only this run's customers carry, so the searches below see nobody else. */
const RUN = `cz${Date.now().toString(36)}`;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  server = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
});

/** ITEMS cost $110.00 (2 × $30 + $50): every paid order of this file. */
const ORDER_CENTS = ITEMS.reduce((s, i) => s + i.lineTotalCents, 0);

async function refund(orderId: string, cents: number, status = 'succeeded') {
  await ctx.app.db.execute(sql`insert into order_refunds (id, order_id, provider, amount_cents, status) values (${`re_${orderId}_${status}`}, ${orderId}, 'test', ${cents}, ${status})`);
}

const list = async (query: string) => {
  const res = await ctx.get(`/api/staff/customers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { customers: CustomerSummary[]; total: number; page: number; pageSize: number };
};

describe('the customer list', () => {
  it('shows paid orders, lifetime spend (paid minus refunded) and the last order, computed by hand', async () => {
    const ada = await makeShopper(ctx.app, `Ada ${RUN}`);
    const first = await insertOrder(ctx.app, ada.id, { status: 'Delivered' });
    const second = await insertOrder(ctx.app, ada.id, { status: 'Processing' });
    await insertOrder(ctx.app, ada.id, { status: 'Cancelled' }); // abandoned checkout: not an order
    await insertOrder(ctx.app, ada.id, { status: 'Payment Pending' }); // not paid: not an order
    await refund(first.id, 2500);
    await refund(second.id, 999, 'failed'); // the provider refused it: nothing given back
    const noOrders = await makeShopper(ctx.app, `Bob ${RUN}`);

    const page = await list(`q=${RUN}&sort=name`);
    expect(page.total).toBe(2);
    expect(page.customers.map((c) => [c.name, c.orderCount, c.spend, c.lastOrderAt])).toEqual([
      [`Ada ${RUN}`, 2, (2 * ORDER_CENTS - 2500) / 100, second.createdAt.toISOString()],
      [`Bob ${RUN}`, 0, 0, null],
    ]);

    const detail = (await ctx.get(`/api/staff/customers/${ada.id}`)).json().customer;
    expect(detail).toMatchObject({ _id: ada.id, email: ada.email, orderCount: 2, paid: 220, refunded: 25, spend: 195, disabled: false, disabledReason: null, conversation: null });
    // Every order of the account, newest first, with the numbers people read.
    expect(detail.orders).toHaveLength(4);
    expect(detail.orders.filter((o: { orderNumber: number | null }) => o.orderNumber !== null).map((o: { _id: string }) => o._id).sort()).toEqual([first.id, second.id].sort());
    expect((await ctx.get(`/api/staff/customers/${noOrders.id}`)).json().customer).toMatchObject({ orderCount: 0, spend: 0, orders: [] });
    // A staff account and an unknown id are not customers.
    expect((await ctx.get(`/api/staff/customers/${ctx.staff.id}`)).statusCode).toBe(404);
    expect((await ctx.get('/api/staff/customers/nobody')).json()).toEqual({ success: false, message: CUSTOMER_MESSAGES.notFound });
  });

  it('shows the support thread read only: reading the page marks nothing read', async () => {
    const shopper = await makeShopper(ctx.app, `Chatty ${RUN}`);
    const conversation = await ctx.app.conversations.getOrCreateForUser(shopper.id);
    await ctx.app.conversations.addMessage({ conversationId: conversation.id, senderId: shopper.id, body: 'Where is my dragon?', isAdmin: false });
    const detail = (await ctx.get(`/api/staff/customers/${shopper.id}`)).json().customer;
    expect(detail.conversation.messages.map((m: { body: string }) => m.body)).toEqual(['Where is my dragon?']);
    const unread = await ctx.app.db.execute(sql`select count(*)::int as n from messages where conversation_id = ${detail.conversation._id} and read_at is null`);
    expect((unread as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('sorts by each column and pages on the server without overlap', async () => {
    const tag = `${RUN}s`;
    const made: Array<{ id: string; orders: number }> = [];
    for (const [name, orders] of [['Cara', 3], ['Abe', 1], ['Dee', 0], ['Bea', 2]] as const) {
      const s = await makeShopper(ctx.app, `${name} ${tag}`);
      for (let i = 0; i < orders; i++) await insertOrder(ctx.app, s.id, { status: 'Order Placed' });
      made.push({ id: s.id, orders });
    }
    const names = (p: { customers: CustomerSummary[] }) => p.customers.map((c) => c.name.split(' ')[0]);
    expect(names(await list(`q=${tag}&sort=name`))).toEqual(['Abe', 'Bea', 'Cara', 'Dee']);
    expect(names(await list(`q=${tag}&sort=name&dir=desc`))).toEqual(['Dee', 'Cara', 'Bea', 'Abe']);
    expect(names(await list(`q=${tag}&sort=orders`))).toEqual(['Cara', 'Bea', 'Abe', 'Dee']);
    expect(names(await list(`q=${tag}&sort=spend`))).toEqual(['Cara', 'Bea', 'Abe', 'Dee']);
    expect(names(await list(`q=${tag}&sort=spend&dir=asc`))).toEqual(['Dee', 'Abe', 'Bea', 'Cara']);
    // Newest last order first; who never ordered comes last.
    expect(names(await list(`q=${tag}&sort=lastOrder`)).at(-1)).toBe('Dee');

    const one = await list(`q=${tag}&sort=orders&pageSize=3&page=1`);
    const two = await list(`q=${tag}&sort=orders&pageSize=3&page=2`);
    expect(one.total).toBe(4);
    expect([...names(one), ...names(two)]).toEqual(['Cara', 'Bea', 'Abe', 'Dee']);
  });

  it('finds customers by part of the name or e-mail in any letter case, wildcards taken literally', async () => {
    const tag = `${RUN}f`;
    const s = await makeShopper(ctx.app, `Grace ${tag}`);
    expect((await list(`q=${encodeURIComponent(`GRACE ${tag.toUpperCase()}`)}`)).customers.map((c) => c._id)).toEqual([s.id]);
    expect((await list(`q=${encodeURIComponent(s.email.slice(0, 12).toUpperCase())}`)).customers.map((c) => c._id)).toContain(s.id);
    expect((await list(`q=${encodeURIComponent(`%${tag}`)}`)).total).toBe(0);
    expect((await list(`q=${encodeURIComponent(ctx.staff.email)}`)).total).toBe(0); // staff are not customers
  });

  it('refuses bad parameters with a sentence, and is staff only', async () => {
    const bad = await ctx.get('/api/staff/customers?sort=height&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Sort by one of: name, orders, spend, lastOrder/);
    expect(bad.json().message).toMatch(/The page must be 1 or more/);
    const shopper = await makeShopper(ctx.app, 'Nosy');
    expect((await ctx.get('/api/staff/customers', shopper.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/customers' })).statusCode).toBe(401);
    expect((await postJson(ctx.app, `/api/staff/customers/${shopper.id}/disable`, { reason: 'x' }, shopper.token)).statusCode).toBe(403);
  });
});

describe('disabling a customer', () => {
  it('ends their sessions and sockets at once, refuses login with a clear message, and is audited; enabling lets them back', async () => {
    const email = `leaving.${RUN}@example.com`;
    const registered = await postJson(ctx.app, '/api/user/register', { name: 'Leaving', email, password: 'correct horse' });
    expect(registered.statusCode, registered.body).toBe(200);
    const token = registered.json().token as string;
    const id = (await ctx.app.users.findByEmail(email))!.id;
    const socket = await openSocket(server, token);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const noReason = await postJson(ctx.app, `/api/staff/customers/${id}/disable`, { reason: '   ' }, ctx.staff.token);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(CUSTOMER_MESSAGES.reasonRequired);
    expect((await ctx.app.users.findByEmail(email))!.disabledAt).toBeNull(); // nothing half-saved

    const res = await postJson(ctx.app, `/api/staff/customers/${id}/disable`, { reason: 'Chargebacks on every order' }, ctx.staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer).toMatchObject({ disabled: true, disabledReason: 'Chargebacks on every order' });
    expect(await disconnected).toBe('io server disconnect');
    socket.close();

    const refused = await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AUTH_MESSAGES.disabled);
    const relogin = await postJson(ctx.app, '/api/user/login', { email, password: 'correct horse' });
    expect(relogin.statusCode).toBe(403);
    expect(relogin.json().message).toBe(AUTH_MESSAGES.disabled);
    expect((await postJson(ctx.app, `/api/staff/customers/${id}/disable`, { reason: 'again' }, ctx.staff.token)).json().message).toBe(CUSTOMER_MESSAGES.alreadyDisabled);
    const listed = await list(`q=${encodeURIComponent(email)}`);
    expect(listed.customers.map((c) => c.disabled)).toEqual([true]);

    const enabled = await postJson(ctx.app, `/api/staff/customers/${id}/enable`, {}, ctx.staff.token);
    expect(enabled.json().customer).toMatchObject({ disabled: false, disabledReason: null });
    expect((await postJson(ctx.app, '/api/user/login', { email, password: 'correct horse' })).statusCode).toBe(200);
    // The old token stays ended: enabling lets the shopper log in anew, it revives no session.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } })).statusCode).toBe(401);

    const audit = await ctx.app.audit.list('user', id);
    expect(audit.map((a) => a.action)).toEqual(['enable-customer', 'disable-customer']);
    expect(audit[1]).toMatchObject({ actor: { _id: ctx.staff.id }, changes: { reason: { from: null, to: 'Chargebacks on every order' } } });
    // Staff accounts are not disabled here (they have their own route).
    expect((await postJson(ctx.app, `/api/staff/customers/${ctx.staff.id}/disable`, { reason: 'x' }, ctx.staff.token)).statusCode).toBe(404);
  });
});

describe('the customer export', () => {
  it('streams the list (its search, every page) as spreadsheet-safe CSV', async () => {
    const tag = `${RUN}x`;
    const hostile = await makeShopper(ctx.app, `=HYPERLINK("http://evil") ${tag}`);
    const order = await insertOrder(ctx.app, hostile.id, { status: 'Delivered' });
    await refund(order.id, 1000);
    const res = await ctx.get(`/api/staff/customers/export.csv?q=${tag}&sort=spend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(CUSTOMER_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil"") ${tag}",${csvCell(hostile.email)},1,110.00,10.00,100.00,${order.createdAt.toISOString()},${(await ctx.app.users.findByEmail(hostile.email))!.createdAt.toISOString()},active`,
    );
    expect(lines.slice(2)).toEqual(['']);
  });

  it('pages through more customers than one batch, none lost or doubled', async () => {
    const tag = `${RUN}b`;
    await ctx.app.db.execute(sql`
      insert into users (id, name, email, password_hash)
      select substr(md5(${tag} || g), 1, 24), 'Bulk ' || ${tag} || ' ' || g, 'bulk' || g || '.' || ${tag} || '@example.com', 'x'
      from generate_series(1, 1234) g`);
    const res = await ctx.get(`/api/staff/customers/export.csv?q=${tag}`);
    const rows = res.body.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(1234);
    expect(new Set(rows).size).toBe(1234);
  });
});
