import { describe, expect, it, vi } from 'vitest';
import { STAFF_MESSAGES, type StaffConversationsResponse, type StaffOrdersResponse, type StaffThreadResponse } from '../../server/routes/staff';
import type { ConversationResponse, Order, UnreadResponse } from '../../src/domain/types';
import { useStaffApp } from './staff/staff-helpers';
import { mailsAbout, makeShopper, postJson } from './checkout-helpers';
import { insertOrder, makeStaff } from './chat-helpers';

const ctx = useStaffApp();

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
const setStatus = (body: Record<string, unknown>) => postJson(ctx.app, '/api/staff/order-status', body, ctx.staff.token);

describe('the staff API', () => {
  it('is for staff only', async () => {
    const shopper = await makeShopper(ctx.app, 'Mallory');
    for (const [method, url] of [
      ['GET', '/api/staff/conversations'],
      ['GET', '/api/staff/orders'],
      ['GET', '/api/staff/settings'],
      ['POST', '/api/staff/reply'],
      ['POST', '/api/staff/order-status'],
      ['POST', '/api/staff/settings'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
      const res = await ctx.app.inject({ method, url, headers: { token: shopper.token }, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'This action is for staff only.' });
    }
  });

  it('lists conversations with unread counts and replies by e-mail, live in the shopper thread', async () => {
    const a = await makeShopper(ctx.app, 'Alice');
    const conv = ((await get('/api/conversations/general', a.token)).json() as ConversationResponse).conversation;
    await postJson(ctx.app, '/api/messages', { conversationId: conv._id, body: 'Is my order shipped?' }, a.token);
    await postJson(ctx.app, '/api/messages', { conversationId: conv._id, body: 'Thanks!' }, a.token);

    const list = (await get('/api/staff/conversations', ctx.staff.token)).json() as StaffConversationsResponse;
    const mine = list.conversations.find((c) => c._id === conv._id)!;
    expect(mine).toMatchObject({ user: { _id: a.id, name: 'Alice', email: a.email }, unread: 2, messageCount: 2, lastMessage: { body: 'Thanks!', isAdmin: false } });

    const reply = await postJson(ctx.app, '/api/staff/reply', { email: a.email.toUpperCase(), text: '  It ships today.  ' }, ctx.staff.token);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, conversationId: conv._id, message: { body: 'It ships today.', isAdmin: true } });
    const after = ((await get('/api/staff/conversations', ctx.staff.token)).json() as StaffConversationsResponse).conversations.find((c) => c._id === conv._id)!;
    expect(after.unread).toBe(0); // answering reads the thread
    expect(((await get('/api/conversations/general/unread', a.token)).json() as UnreadResponse).unread).toBe(1);

    const thread = (await get(`/api/staff/conversations/thread?email=${encodeURIComponent(a.email)}`, ctx.staff.token)).json() as StaffThreadResponse;
    expect(thread.messages.map((m) => [m.isAdmin, m.body])).toEqual([
      [false, 'Is my order shipped?'],
      [false, 'Thanks!'],
      [true, 'It ships today.'],
    ]);
  });

  it("replies to a shopper who never opened the chat (the thread is made) and never to a staff address", async () => {
    const a = await makeShopper(ctx.app, 'Quiet');
    const reply = await postJson(ctx.app, '/api/staff/reply', { email: a.email, text: 'Your parcel is on its way' }, ctx.staff.token);
    expect(reply.statusCode).toBe(200);
    const conv = ((await get('/api/conversations/general', a.token)).json() as ConversationResponse).conversation;
    expect(reply.json()).toMatchObject({ success: true, conversationId: conv._id, message: { conversation: conv._id, isAdmin: true } });
    expect(((await get('/api/conversations/general/unread', a.token)).json() as UnreadResponse).unread).toBe(1);

    const colleague = await makeStaff(ctx.app);
    const refused = await postJson(ctx.app, '/api/staff/reply', { email: colleague.email, text: 'hi' }, ctx.staff.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(STAFF_MESSAGES.noCustomer(colleague.email));
  });

  it('answers a reply in three database statements: the session, the customer with their thread, the message saved with the thread read', async () => {
    // Five sequential round trips per reply made the chat benchmark queue up behind the
    // database on a busy machine. Counted at the driver (PGlite or the pg pool), whatever the driver.
    const a = await makeShopper(ctx.app, 'Counted');
    const conv = ((await get('/api/conversations/general', a.token)).json() as ConversationResponse).conversation;
    await postJson(ctx.app, '/api/messages', { conversationId: conv._id, body: 'Hello?' }, a.token);
    const client = (ctx.t.database.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
    const spy = vi.spyOn(client, 'query');
    try {
      const reply = await postJson(ctx.app, '/api/staff/reply', { email: a.email, text: 'Hi!' }, ctx.staff.token);
      expect(reply.statusCode).toBe(200);
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
    // The one statement that saved the reply also marked the shopper's message read by staff.
    const list = (await get('/api/staff/conversations', ctx.staff.token)).json() as StaffConversationsResponse;
    expect(list.conversations.find((c) => c._id === conv._id)).toMatchObject({ unread: 0, messageCount: 2, lastMessage: { body: 'Hi!', isAdmin: true } });
  });

  it('refuses a reply to an unknown customer or with an empty text', async () => {
    const missing = await postJson(ctx.app, '/api/staff/reply', { email: 'nobody@example.com', text: 'hi' }, ctx.staff.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(STAFF_MESSAGES.noCustomer('nobody@example.com'));
    const a = await makeShopper(ctx.app, 'Alice');
    expect((await postJson(ctx.app, '/api/staff/reply', { email: a.email, text: '   ' }, ctx.staff.token)).statusCode).toBe(400);
  });

  it('moves orders only along the arrows, with a clear refusal otherwise', async () => {
    const a = await makeShopper(ctx.app, 'Alice');
    const pending = await insertOrder(ctx.app, a.id, { status: 'Payment Pending' });
    const refused = await setStatus({ orderId: pending.id, status: 'Delivered' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Cannot move order ${pending.id} from Payment Pending to Delivered. From Payment Pending it can go to: Order Placed, Cancelled.`);

    const placed = await insertOrder(ctx.app, a.id, { status: 'Order Placed' });
    expect((await setStatus({ orderId: placed.id, status: 'processing' })).json()).toMatchObject({ success: true, order: { status: 'Processing' }, emailed: false });
    expect((await setStatus({ orderId: placed.id, status: 'Order Placed' })).statusCode).toBe(409);
    expect((await setStatus({ orderId: placed.id, status: 'Processing' })).json().message).toBe(STAFF_MESSAGES.alreadyInStatus('Processing'));
    expect((await setStatus({ orderId: placed.id, status: 'Shipped' })).statusCode).toBe(400);
    expect((await setStatus({ orderId: placed.id })).json().message).toBe(STAFF_MESSAGES.nothingToDo);
    expect((await setStatus({ orderId: 'f'.repeat(24), status: 'Processing' })).statusCode).toBe(404);

    const cancelled = await insertOrder(ctx.app, a.id, { status: 'Cancelled' });
    expect((await setStatus({ orderId: cancelled.id, status: 'Refunded' })).json().message).toBe(`Cannot move order ${cancelled.id} from Cancelled to Refunded. Cancelled is final.`);
    expect((await setStatus({ orderId: cancelled.id, trackingNumber: '1Z' })).json().message).toBe(STAFF_MESSAGES.trackingOnUnpaid('Cancelled'));
  });

  it('sets a tracking number and Delivered, e-mailing the shopper each time; the shopper sees both', async () => {
    const a = await makeShopper(ctx.app, 'Alice');
    const order = await insertOrder(ctx.app, a.id, { status: 'Processing' });
    const tracked = await setStatus({ orderId: order.id, trackingNumber: '1Z999AA10123456784' });
    expect(tracked.json()).toMatchObject({ order: { status: 'Processing', trackingNumber: '1Z999AA10123456784' }, emailed: true });
    // E-mails name a paid order by its number.
    expect(order.orderNumber).toBeGreaterThanOrEqual(1001);
    let mails = mailsAbout(ctx.t.dataDir, `#${order.orderNumber} `);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: a.email, subject: `Your LayerLoft order #${order.orderNumber} is on its way` });
    expect(mails[0]!.text).toContain('Tracking number: 1Z999AA10123456784');

    const delivered = await setStatus({ orderId: order.id, status: 'Delivered' });
    expect(delivered.json()).toMatchObject({ order: { status: 'Delivered', trackingNumber: '1Z999AA10123456784' }, emailed: true });
    mails = mailsAbout(ctx.t.dataDir, `#${order.orderNumber} `);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Your LayerLoft order #${order.orderNumber} was delivered`);

    const mine = (await postJson(ctx.app, '/api/order/userorders', {}, a.token)).json() as { orders: Order[] };
    expect(mine.orders.find((o) => o._id === order.id)).toMatchObject({ status: 'Delivered', trackingNumber: '1Z999AA10123456784' });

    const staffView = (await get(`/api/staff/orders?email=${encodeURIComponent(a.email)}`, ctx.staff.token)).json() as StaffOrdersResponse;
    expect(staffView.orders[0]).toMatchObject({ _id: order.id, customer: { email: a.email } });
  });

  it('switches the support button setting that GET /api/settings answers', async () => {
    const off = await postJson(ctx.app, '/api/staff/settings', { showSupportInOrders: false }, ctx.staff.token);
    expect(off.json()).toMatchObject({ success: true, settings: { showSupportInOrders: false } });
    expect((await get('/api/settings')).json().settings.showSupportInOrders).toBe(false);
    await postJson(ctx.app, '/api/staff/settings', { showSupportInOrders: true }, ctx.staff.token);
    expect((await get('/api/settings')).json().settings.showSupportInOrders).toBe(true);
    expect((await postJson(ctx.app, '/api/staff/settings', { showSupportInOrders: 'maybe' }, ctx.staff.token)).statusCode).toBe(400);
  });
});

describe('the staff CLI (scripts/staff.ts) against the running server', () => {
  it('logs in with DATA_DIR/staff.json and lists, replies, moves orders and switches settings', async () => {
    const { main } = await import('../../scripts/staff');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = ctx.app.server.address() as { port: number };
    const server = `http://127.0.0.1:${addr.port}`;
    const env = { DATA_DIR: ctx.t.dataDir };
    const run = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await main([...args, '--server', server], env, (l) => lines.push(l));
      return { code, text: lines.join('\n') };
    };

    const a = await makeShopper(ctx.app, 'Dora');
    const conv = ((await get('/api/conversations/general', a.token)).json() as ConversationResponse).conversation;
    await postJson(ctx.app, '/api/messages', { conversationId: conv._id, body: 'Where is my order?' }, a.token);
    expect((await run('list')).text).toContain(`[1 unread] Dora <${a.email}> · 1 messages · customer`);

    expect(await run('reply', '--email', a.email, '--text', 'On its way!')).toMatchObject({ code: 0, text: expect.stringMatching(/^Sent to /) });
    expect((await run('thread', '--email', a.email)).text).toMatch(/customer: Where is my order\?\n.*staff: On its way!/);

    const order = await insertOrder(ctx.app, a.id, { status: 'Processing' });
    expect((await run('order-status', '--order', order.id, '--status', 'Delivered', '--tracking', 'ZX-1')).text).toBe(
      `Order #${order.orderNumber} is now Delivered (tracking ZX-1); the customer was e-mailed.`,
    );
    expect((await run('orders', '--email', a.email)).text).toMatch(new RegExp(`^#${order.orderNumber} · ${order.id} · Delivered`));
    await expect(run('order-status', '--order', order.id, '--status', 'Processing')).rejects.toThrow(
      `Cannot move order ${order.id} from Delivered to Processing. From Delivered it can go to: Refunded.`,
    );
    expect((await run('orders', '--email', a.email)).text).toContain(`${order.id} · Delivered · $110.00 · ${a.email}`);

    expect((await run('settings', '--show-support', 'off')).text).toBe('Contact Support on My Orders: off');
    expect((await get('/api/settings')).json().settings.showSupportInOrders).toBe(false);
    expect((await run('settings', '--show-support', 'on')).text).toBe('Contact Support on My Orders: on');
    await expect(run('settings', '--show-support', 'maybe')).rejects.toThrow('--show-support takes on or off');
    await expect(run('reply', '--email', a.email)).rejects.toThrow('--text is required');
    await expect(main(['list', '--server', server], { DATA_DIR: '/nonexistent-dir' }, () => undefined)).rejects.toThrow(/No staff credentials/);
  });
});
