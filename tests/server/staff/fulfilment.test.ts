import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bundles, emailOutbox } from '../../../server/db/schema';
import type { StaffOrderBoardResponse, StaffOrderDetailResponse } from '../../../server/routes/staffOrders';
import type { BulkMoveResponse, OrderFulfilmentResponse, OrderNoteResponse, OrderTagsResponse, PackingSlipsResponse } from '../../../server/routes/staffFulfil';
import type { Order } from '../../../src/domain/types';
import { useStaffApp } from './staff-helpers';
import { makeShopper, openSession, payForm, postJson, TP } from '../checkout-helpers';
import { insertOrder, ITEMS, listen, next, openSocket } from '../chat-helpers';

const ctx = useStaffApp({ config: { publicUrl: 'http://shop.test' }, catalog: true });
const { get, send } = ctx;

const fulfilment = async (id: string) => {
  const res = await get(`/api/staff/orders/${id}/fulfilment`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderFulfilmentResponse;
};
const board = async (q: string) => {
  const res = await get(`/api/staff/orders/search?q=${encodeURIComponent(q)}&pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as StaffOrderBoardResponse).orders.map((o) => o._id);
};
const addNote = (id: string, body: unknown) => send('POST', `/api/staff/orders/${id}/notes`, { body });
const addTag = (id: string, tag: unknown) => send('POST', `/api/staff/orders/${id}/tags`, { tag });

async function paidOrder(token: string) {
  const s = await openSession(ctx.app, token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
  expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(303);
  return s;
}

describe('internal notes', () => {
  it('are saved with their author and time, audited, and never reach the shopper (answers or e-mails)', async () => {
    const a = await makeShopper(ctx.app, 'Noted');
    const s = await paidOrder(a.token);
    const res = await addNote(s.orderId, '  Customer is a florist: pack the vase extra carefully  ');
    expect(res.statusCode, res.body).toBe(200);
    const { note } = res.json() as OrderNoteResponse;
    expect(note).toMatchObject({ body: 'Customer is a florist: pack the vase extra carefully', author: { _id: ctx.staff.id, name: 'Staff', email: ctx.staff.email } });
    expect(Date.parse(note.createdAt)).not.toBeNaN();
    expect((await fulfilment(s.orderId)).notes).toEqual([note]);

    // The shopper's order answers and the e-mails of a later move hold nothing of it.
    expect((await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Processing' }, ctx.staff.token)).statusCode).toBe(200);
    expect((await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Delivered', trackingNumber: 'TRK-77' }, ctx.staff.token)).statusCode).toBe(200);
    const mine = await postJson(ctx.app, '/api/order/userorders', {}, a.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(s.orderId);
    expect(mine.body).not.toContain('florist');
    const mails = await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, s.orderId));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const m of mails) expect(`${m.subject} ${m.text} ${m.html}`).not.toContain('florist');
    // Staff routes stay closed to shoppers.
    expect((await get(`/api/staff/orders/${s.orderId}/fulfilment`, a.token)).statusCode).toBe(403);
    expect((await send('POST', `/api/staff/orders/${s.orderId}/notes`, { body: 'x' }, a.token)).statusCode).toBe(403);

    const audit = (await get(`/api/staff/orders/${s.orderId}`)).json() as StaffOrderDetailResponse;
    expect(audit.audit.map((e) => e.action)).toContain('note added');
  });

  it('refuses an empty, too long or unknown-order note with a message for people, saving nothing', async () => {
    const a = await makeShopper(ctx.app, 'Blank');
    const order = await insertOrder(ctx.app, a.id);
    expect((await addNote(order.id, '   ')).json()).toMatchObject({ success: false, message: 'Write the note first.' });
    expect((await addNote(order.id, 'x'.repeat(2001))).json()).toMatchObject({ success: false, message: 'A note has at most 2000 characters (this one has 2001).' });
    expect((await addNote(order.id, 42)).json()).toMatchObject({ success: false, message: 'Write the note first.' });
    expect((await addNote('f'.repeat(24), 'hello')).statusCode).toBe(404);
    expect((await addNote('nope', 'hello')).json()).toMatchObject({ message: 'This is not an order id (24 hexadecimal characters).' });
    expect((await fulfilment(order.id)).notes).toEqual([]);
  });
});

describe('tags', () => {
  it('are added (normalised), suggested, removed, audited, and found by the board search like notes', async () => {
    const a = await makeShopper(ctx.app, 'Taggy');
    const gift = await insertOrder(ctx.app, a.id, { status: 'Processing' });
    const plain = await insertOrder(ctx.app, a.id, { status: 'Processing' });
    const noted = await insertOrder(ctx.app, a.id, { status: 'Processing' });

    let res = await addTag(gift.id, '  Gift Wrap ');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OrderTagsResponse).tags).toEqual(['gift-wrap']);
    expect(((await addTag(gift.id, 'gift-wrap')).json() as OrderTagsResponse).tags).toEqual(['gift-wrap']); // twice is once
    expect(((await addTag(gift.id, 'rush')).json() as OrderTagsResponse).tags).toEqual(['gift-wrap', 'rush']);
    expect((await addTag(plain.id, 'rush')).statusCode).toBe(200);
    expect((await addTag(gift.id, '!!')).json()).toMatchObject({ success: false, message: 'A tag uses letters, digits, dashes and underscores, starting with a letter or digit.' });
    expect((await addTag(gift.id, 'x'.repeat(31))).json()).toMatchObject({ success: false, message: 'A tag has at most 30 characters.' });

    const suggested = (await get('/api/staff/order-tags')).json() as OrderTagsResponse;
    expect(suggested.tags.slice(0, 2)).toEqual(['rush', 'gift-wrap']); // most used first
    expect(((await get('/api/staff/order-tags?prefix=gi')).json() as OrderTagsResponse).tags).toEqual(['gift-wrap']);

    expect((await addNote(noted.id, 'Shopper asked for the Zanzibar box')).statusCode).toBe(200);
    expect(await board('gift')).toEqual([gift.id]);
    const row = ((await get(`/api/staff/orders/search?q=gift`)).json() as StaffOrderBoardResponse).orders[0]!;
    expect(row.tags).toEqual(['gift-wrap', 'rush']);
    expect(await board('#rush')).toEqual([plain.id, gift.id]);
    expect(await board('zanzib')).toEqual([noted.id]);
    expect(await board('zanzibar box')).toEqual([noted.id]);

    res = await send('DELETE', `/api/staff/orders/${gift.id}/tags/rush`);
    expect((res.json() as OrderTagsResponse).tags).toEqual(['gift-wrap']);
    expect(await board('rush')).toEqual([plain.id]);

    const { audit } = (await get(`/api/staff/orders/${gift.id}`)).json() as StaffOrderDetailResponse;
    expect(audit.map((e) => e.action)).toEqual(['tag removed', 'tag added', 'tag added']);
    expect(audit[0]).toMatchObject({ actor: { email: ctx.staff.email }, changes: { tag: { from: 'rush', to: null } } });
  });
});

describe('the timeline', () => {
  it('tells what happened: placed, paid, e-mails, status moves with who, tracking, notes, tags, refunds', async () => {
    const a = await makeShopper(ctx.app, 'Timeline Tess');
    const s = await paidOrder(a.token);
    await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Processing' }, ctx.staff.token);
    await addNote(s.orderId, 'Print in blue');
    await addTag(s.orderId, 'vip');
    // A partial refund keeps the status: its event is the refund's, not a tracking change.
    expect((await send('POST', `/api/staff/orders/${s.orderId}/refunds`, { amount: 5, idempotencyKey: 'timeline-partial-1' })).statusCode).toBe(200);
    await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Refunded' }, ctx.staff.token);

    const { timeline } = await fulfilment(s.orderId);
    expect(timeline.filter((e) => e.kind === 'tracking')).toEqual([]);
    expect(timeline.filter((e) => e.kind === 'refund').map((e) => e.title)).toEqual(['Refund of $5.00', 'Refund of $65.00']);
    const kinds = timeline.map((e) => e.kind);
    expect(kinds.slice(0, 2)).toEqual(['placed', 'paid']);
    expect(kinds).toEqual(expect.arrayContaining(['email', 'status', 'note', 'tag', 'refund']));
    const at = timeline.map((e) => e.at);
    expect([...at].sort()).toEqual(at); // oldest first
    expect(timeline[0]).toMatchObject({ title: 'Order placed (awaiting payment)', by: 'Timeline Tess (shopper)' });
    expect(timeline[1]).toMatchObject({ kind: 'paid', by: 'The payment provider', detail: '$70.00 by Card' });
    expect(timeline[1]!.title).toMatch(/^Paid: order #\d+$/);
    expect(timeline.find((e) => e.kind === 'status' && e.title === 'Order Placed → Processing')).toMatchObject({ by: 'Staff (staff)' });
    expect(timeline.find((e) => e.kind === 'note')).toMatchObject({ title: 'Internal note', detail: 'Print in blue', by: 'Staff (staff)' });
    expect(timeline.find((e) => e.kind === 'tag')).toMatchObject({ title: 'Tag added: vip' });
    expect(timeline.find((e) => e.kind === 'refund')).toMatchObject({ title: 'Refund of $5.00', detail: 'succeeded · through test' });
    const confirmation = timeline.find((e) => e.kind === 'email');
    expect(confirmation?.title).toMatch(/^E-mail: /);
    expect(confirmation?.detail).toMatch(/^To .+@example\.com · (sent|waiting to be sent)$/);
  });

  it('lists the products inside a bundle line', async () => {
    const a = await makeShopper(ctx.app, 'Bundler');
    const order = await insertOrder(ctx.app, a.id, { items: ITEMS });
    const { bundleContents } = await fulfilment(order.id);
    expect(Object.keys(bundleContents)).toEqual(['1']);
    expect(bundleContents[1]!.length).toBeGreaterThan(0);
    expect(bundleContents[1]![0]).toMatchObject({ productId: expect.any(String), name: expect.any(String) });
  });
});

describe('a bundle line', () => {
  it('keeps the products it held when ordered, whatever later edits of the bundle do', async () => {
    const a = await makeShopper(ctx.app, 'Keeper');
    const items = [{ productId: TP.activeBundle, color: 'bundle', quantity: 1 }];
    const quote = (await postJson(ctx.app, '/api/order/quote', { items }, a.token)).json() as { quote: { amount: number } };
    const s = await openSession(ctx.app, a.token, items, quote.quote.amount);
    const before = (await fulfilment(s.orderId)).bundleContents[0]!;
    expect(before.length).toBeGreaterThan(0);
    const [bundle] = await ctx.app.db.select().from(bundles).where(eq(bundles.id, TP.activeBundle));
    await ctx.app.db.update(bundles).set({ productIds: [TP.cheap] }).where(eq(bundles.id, TP.activeBundle));
    try {
      expect((await fulfilment(s.orderId)).bundleContents[0]).toEqual(before);
      const slip = (await get(`/api/staff/slips?ids=${s.orderId}`)).json() as PackingSlipsResponse;
      expect(slip.slips[0]!.lines[0]!.contents).toEqual(before);
    } finally {
      await ctx.app.db.update(bundles).set({ productIds: bundle!.productIds }).where(eq(bundles.id, TP.activeBundle));
    }
  });
});

describe('packing slips', () => {
  it('hold the shop, number, date, address and lines with options and bundle contents, and no prices', async () => {
    const a = await makeShopper(ctx.app, 'Slippy');
    const one = await insertOrder(ctx.app, a.id, { items: ITEMS });
    const two = await insertOrder(ctx.app, a.id, { status: 'Processing', items: [ITEMS[0]!] });
    const missing = 'e'.repeat(24);
    const res = await get(`/api/staff/slips?ids=${two.id},${one.id},${missing}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PackingSlipsResponse;
    expect(body.shopName).toBeTruthy();
    expect(body.missing).toEqual([missing]);
    expect(body.slips.map((s) => s._id)).toEqual([two.id, one.id]); // the order asked
    const slip = body.slips[1]!;
    expect(slip).toMatchObject({ orderNumber: one.orderNumber, address: { name: 'Ada Lovelace', phone: expect.any(String) } });
    expect(slip.lines[0]).toMatchObject({ name: 'Galaxy Dragon', options: 'Red · Size M', quantity: 2, contents: [] });
    expect(slip.lines[1]).toMatchObject({ name: 'Desk Buddies Bundle', options: 'Bundle', quantity: 1 });
    expect(slip.lines[1]!.contents.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/price|cents|amount|total|subtotal|discount/i);

    expect((await get('/api/staff/slips')).json()).toMatchObject({ success: false, message: 'Choose at least one order.' });
    expect((await get('/api/staff/slips?ids=zzz')).json()).toMatchObject({ message: 'One of the chosen orders is not an order id.' });
    const many = Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')).join(',');
    expect((await get(`/api/staff/slips?ids=${many}`)).json()).toMatchObject({ message: 'Choose at most 100 orders at a time.' });
  });
});

describe('bulk move to Processing', () => {
  it('moves the paid orders (each audited, through the workflow) and lists the others with why', async () => {
    const a = await makeShopper(ctx.app, 'Bulky');
    const placed1 = await insertOrder(ctx.app, a.id, { status: 'Order Placed' });
    const placed2 = await insertOrder(ctx.app, a.id, { status: 'Order Placed' });
    const pending = await insertOrder(ctx.app, a.id, { status: 'Payment Pending' });
    const processing = await insertOrder(ctx.app, a.id, { status: 'Processing' });
    const delivered = await insertOrder(ctx.app, a.id, { status: 'Delivered' });
    const unknown = 'd'.repeat(24);
    const res = await send('POST', '/api/staff/orders/bulk-status', { status: 'Processing', ids: [placed1.id, pending.id, processing.id, delivered.id, unknown, placed2.id, placed1.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BulkMoveResponse;
    expect(body.moved).toEqual([
      { _id: placed1.id, orderNumber: placed1.orderNumber },
      { _id: placed2.id, orderNumber: placed2.orderNumber },
    ]);
    expect(body.skipped).toEqual([
      { _id: pending.id, orderNumber: null, reason: 'Not paid yet: it can be moved once its payment is confirmed.' },
      { _id: processing.id, orderNumber: processing.orderNumber, reason: 'Already Processing.' },
      { _id: delivered.id, orderNumber: delivered.orderNumber, reason: 'It is Delivered: it cannot go back to Processing.' },
      { _id: unknown, orderNumber: null, reason: 'Order not found' },
    ]);
    for (const id of [placed1.id, placed2.id]) {
      const { order, audit } = (await get(`/api/staff/orders/${id}`)).json() as StaffOrderDetailResponse;
      expect(order.status).toBe('Processing');
      expect(order.history.at(-1)).toMatchObject({ from: 'Order Placed', to: 'Processing', by: { kind: 'staff', email: ctx.staff.email } });
      expect(audit[0]).toMatchObject({ action: 'status', changes: { status: { from: 'Order Placed', to: 'Processing' } } });
    }
    expect((await ctx.app.orders.findById(pending.id))!.status).toBe('Payment Pending');

    // The selection exported: exactly those orders, whatever the board's filters.
    const csv = await get(`/api/staff/orders/export.csv?ids=${placed1.id},${pending.id}&status=Delivered`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(3);
    expect(csv.body).toContain('Payment Pending');
    expect((await get('/api/staff/orders/export.csv?ids=nope')).json()).toMatchObject({ success: false });

    expect((await send('POST', '/api/staff/orders/bulk-status', { status: 'Delivered', ids: [placed1.id] })).json()).toMatchObject({ success: false, message: 'Orders can be moved together to Processing only.' });
    expect((await send('POST', '/api/staff/orders/bulk-status', { status: 'Processing', ids: [] })).json()).toMatchObject({ message: 'Choose at least one order.' });
    const shopper = await makeShopper(ctx.app, 'Sneaky');
    expect((await send('POST', '/api/staff/orders/bulk-status', { status: 'Processing', ids: [placed1.id] }, shopper.token)).statusCode).toBe(403);
  });
});

describe('live updates', () => {
  it("a staff socket hears when a shopper pays or an unpaid checkout is cancelled", async () => {
    const a = await makeShopper(ctx.app, 'Livewire');
    const url = ctx.app.server.listening ? `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}` : await listen(ctx.app);
    const socket = await openSocket(url, ctx.staff.token);
    try {
      const s = await openSession(ctx.app, a.token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
      const paid = next(socket, 'orderUpdated', 5000, (o: Order) => o._id === s.orderId);
      expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(303);
      expect((await paid).status).toBe('Order Placed');

      const t = await openSession(ctx.app, a.token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
      const cancelled = next(socket, 'orderUpdated', 5000, (o: Order) => o._id === t.orderId);
      await ctx.app.orderWorkflow.cancelPending(t.orderId);
      expect((await cancelled).status).toBe('Cancelled');
    } finally {
      socket.close();
    }
  });
});
