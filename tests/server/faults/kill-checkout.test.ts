/**
 * Fault: the server is SIGKILLed in the middle of checkout, on PostgreSQL, and restarted. The test
 * holds a row or table lock from its own connection so the kill lands at an exact point inside the
 * server's work: (1) between storing the order and attaching its payment session (the shopper never
 * gets a link); (2) inside the
 * payment transaction (session claimed, order not yet moved, cart not yet emptied). Afterwards:
 * every order exists once and in the right state, paying and verifying after the restart completes
 * it, exactly one confirmation e-mail goes out, and no cart line is lost.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  createOwnDatabase,
  http,
  pgClient,
  postgresAnswers,
  removeDir,
  spawnServer,
  stopServer,
  type SpawnedServer,
} from './fault-helpers';

const available = await postgresAnswers();

const ADDRESS = {
  firstName: 'Kim',
  lastName: 'Kill',
  email: 'kim.kill@example.com',
  street: '1 Crash Road',
  city: 'Portland',
  state: 'OR',
  zipcode: '97201',
  country: 'United States',
  phone: '5035550100',
};

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function payForm(base: string, sessionId: string) {
  const form = new URLSearchParams({ name: 'Kim Kill', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' });
  return fetch(`${base}/pay/${sessionId}`, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
}

describe.skipIf(!available)('SIGKILL in the middle of checkout (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createOwnDatabase>>;
  let server: SpawnedServer | undefined;
  let dataDir: string | undefined;
  let direct: pg.Client;

  beforeAll(async () => {
    db = await createOwnDatabase('kill');
    direct = await pgClient(db.url);
  });
  afterAll(async () => {
    await stopServer(server);
    await direct?.end();
    await db?.drop();
    removeDir(dataDir);
  });

  async function start() {
    server = await spawnServer({ databaseUrl: db.url, dataDir });
    dataDir = server.dataDir;
    return server.url;
  }

  async function kill() {
    server!.kill('SIGKILL');
    expect(await server!.exited).toBe('SIGKILL');
  }

  const waitingOnLock = () =>
    waitFor('the server to block on the test lock', async () => {
      const { rows } = await direct.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`, [db.name]);
      return rows[0].n > 0;
    });

  const ordersOf = async (userId: string) =>
    (await direct.query(`select id, status, paid_at, payment_session_id from orders where user_id = $1 order by created_at`, [userId])).rows as { id: string; status: string; paid_at: Date | null; payment_session_id: string | null }[];
  const cartOf = async (userId: string) =>
    Object.fromEntries((await direct.query(`select key, quantity from cart_lines where user_id = $1`, [userId])).rows.map((r: { key: string; quantity: number }) => [r.key, r.quantity]));

  it('leaves one order in the right state at each kill point; paying after the restart completes it once', async () => {
    let base = await start();
    const reg = await http(base, 'POST', '/api/user/register', { name: 'Kim', email: `kim.${Date.now()}@example.com`, password: 'kill-test-password' });
    expect(reg.status).toBe(200);
    const token = reg.json.token as string;
    const userId = ((await direct.query(`select id from users where email like 'kim.%' order by created_at desc limit 1`)).rows[0] as { id: string }).id;

    const products = (await http(base, 'GET', '/api/product/list')).json.products as { _id: string; colorVariants: { color: string }[]; clothingSizes: string[]; canvasSizes: string[]; outOfStock: boolean; vaulted: boolean; notAvailableYet: boolean; comingSoon: boolean }[];
    const buyable = products.filter((p) => p.colorVariants.length > 0 && !p.clothingSizes.length && !p.canvasSizes.length && !p.outOfStock && !p.vaulted && !p.notAvailableYet && !p.comingSoon).slice(0, 2);
    const items = buyable.map((p, i) => ({ productId: p._id, color: `${p.colorVariants[0]!.color}|`, quantity: i + 1 }));
    for (const it of items) expect((await http(base, 'POST', '/api/cart/add', { itemId: it.productId, color: it.color, quantity: it.quantity }, { token })).status).toBe(200);
    const cartBefore = await cartOf(userId);
    expect(Object.keys(cartBefore)).toHaveLength(2);
    const amount = ((await http(base, 'POST', '/api/order/quote', { items }, { token })).json.quote as { amount: number }).amount;
    const orderBody = { address: ADDRESS, items, amount, description: '', discountCode: '', isBuyNow: false };

    // ---- kill point 1: the order is stored, its payment session not yet recorded ----
    await direct.query('begin');
    await direct.query('lock table payment_sessions in exclusive mode');
    const placing = http(base, 'POST', '/api/order/stripe', orderBody, { token }).catch((err: Error) => err);
    await waitingOnLock();
    await kill();
    await direct.query('rollback');
    expect(await placing).toBeInstanceOf(Error); // the shopper never got a payment link
    const afterKill1 = await ordersOf(userId);
    expect(afterKill1).toHaveLength(1);
    expect(afterKill1[0]).toMatchObject({ status: 'Payment Pending', paid_at: null, payment_session_id: null });
    expect(await cartOf(userId)).toEqual(cartBefore);

    // ---- restart; the shopper tries again; kill point 2: inside the payment transaction ----
    base = await start();
    const placed = await http(base, 'POST', '/api/order/stripe', orderBody, { token });
    expect(placed.status).toBe(200);
    const { orderId, sessionId } = placed.json as unknown as { orderId: string; sessionId: string };
    await direct.query('begin');
    await direct.query('select id from orders where id = $1 for update', [orderId]);
    const paying = payForm(base, sessionId).catch((err: Error) => err);
    await waitingOnLock();
    await kill();
    await direct.query('rollback');
    expect(await paying).toBeInstanceOf(Error);
    // The killed transaction rolled back as a whole: session open, order pending, cart intact.
    await waitFor('the killed backend to roll back', async () => (await direct.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and state like 'idle in transaction%'`, [db.name])).rows[0].n === 0);
    expect((await direct.query(`select status from payment_sessions where id = $1`, [sessionId])).rows[0].status).toBe('open');
    expect((await ordersOf(userId)).find((o) => o.id === orderId)).toMatchObject({ status: 'Payment Pending', paid_at: null });
    expect(await cartOf(userId)).toEqual(cartBefore);

    // ---- restart: paying and verifying complete the order, once ----
    base = await start();
    const paid = await payForm(base, sessionId);
    expect(paid.status).toBe(303);
    const verified = await http(base, 'POST', '/api/order/verifyStripe', { success: 'true', sessionId }, { token });
    expect(verified.json).toMatchObject({ success: true, order: { _id: orderId, status: 'Order Placed' } });
    const again = await http(base, 'POST', '/api/order/verifyStripe', { success: 'true', sessionId }, { token });
    expect(again.json).toMatchObject({ success: true, order: { _id: orderId, status: 'Order Placed' } });

    const final = await ordersOf(userId);
    expect(final.filter((o) => o.status === 'Order Placed').map((o) => o.id)).toEqual([orderId]);
    // The cart became the order: emptied by the same transaction that placed it, not before.
    expect(await cartOf(userId)).toEqual({});
    const outbox = path.join(dataDir!, 'outbox.jsonl');
    const mails = existsSync(outbox) ? readFileSync(outbox, 'utf8').split('\n').filter((l) => l.includes(orderId)) : [];
    expect(mails).toHaveLength(1);

    // The order orphaned at kill point 1 (no payment link ever sent) is cancelled once its grace is over.
    const orphan = afterKill1[0]!.id;
    await direct.query(`update orders set created_at = now() - interval '16 minutes' where id = $1`, [orphan]);
    const listed = await http(base, 'POST', '/api/order/userorders', {}, { token });
    const wire = listed.json.orders as { _id: string; status: string }[];
    expect(wire.find((o) => o._id === orphan)?.status).toBe('Cancelled');
    expect(wire.filter((o) => o.status === 'Order Placed')).toHaveLength(1);
    // Every paid session has exactly one order, and it is the placed one.
    const paidSessions = (await direct.query(`select s.id, o.status from payment_sessions s join orders o on o.id = s.order_id where s.user_id = $1 and s.status = 'paid'`, [userId])).rows;
    expect(paidSessions).toEqual([{ id: sessionId, status: 'Order Placed' }]);
  }, 180_000);
});
