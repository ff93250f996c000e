import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type StaffConversationsResponse, type StaffThreadResponse } from '../../../server/routes/staff';
import type { ConversationResponse } from '../../../src/domain/types';
import { useStaffApp } from './staff-helpers';
import { makeShopper, postJson } from '../checkout-helpers';
import { insertOrder } from '../chat-helpers';

const ctx = useStaffApp();
const { get } = ctx;

const list = async (query = '') => ((await get(`/api/staff/conversations${query}`)).json() as StaffConversationsResponse).conversations;

/** A shopper with a support thread holding `bodies`. */
async function shopperWriting(name: string, ...bodies: string[]) {
  const s = await makeShopper(ctx.app, name);
  const conv = ((await get('/api/conversations/general', s.token)).json() as ConversationResponse).conversation;
  for (const body of bodies) await postJson(ctx.app, '/api/messages', { conversationId: conv._id, body }, s.token);
  return { ...s, conversationId: conv._id };
}

describe('the staff inbox', () => {
  it('is for staff only', async () => {
    const shopper = await shopperWriting('Mallory', 'hi');
    for (const [method, url] of [
      ['GET', '/api/staff/conversations?q=x'],
      ['GET', `/api/staff/conversations/${shopper.conversationId}`],
      ['POST', `/api/staff/conversations/${shopper.conversationId}/read`],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await ctx.app.inject({ method, url, headers: { token: shopper.token } })).statusCode, url).toBe(403);
    }
  });

  it('lists conversations newest first with name, e-mail, last message and unread count', async () => {
    const older = await shopperWriting('Olive Older', 'first question');
    const newer = await shopperWriting('Nina Newer', 'one', 'two');
    let mine = (await list()).filter((c) => [older.conversationId, newer.conversationId].includes(c._id));
    expect(mine.map((c) => c._id)).toEqual([newer.conversationId, older.conversationId]);
    expect(mine[0]).toMatchObject({ user: { _id: newer.id, name: 'Nina Newer', email: newer.email }, unread: 2, messageCount: 2, lastMessage: { body: 'two', isAdmin: false } });

    await postJson(ctx.app, '/api/messages', { conversationId: older.conversationId, body: 'anyone?' }, older.token);
    mine = (await list()).filter((c) => [older.conversationId, newer.conversationId].includes(c._id));
    expect(mine.map((c) => [c._id, c.unread, c.lastMessage?.body])).toEqual([
      [older.conversationId, 2, 'anyone?'],
      [newer.conversationId, 2, 'two'],
    ]);
  });

  it('searches by name or e-mail, case-insensitively, with no wildcards', async () => {
    const s = await shopperWriting('Zebulon Quill', 'hello');
    expect((await list('?q=zebulon')).map((c) => c._id)).toEqual([s.conversationId]);
    expect((await list('?q=QUILL')).map((c) => c._id)).toEqual([s.conversationId]);
    expect((await list(`?q=${encodeURIComponent(s.email.slice(0, 12))}`)).map((c) => c._id)).toContain(s.conversationId);
    expect(await list('?q=%25')).toEqual([]);
    expect(await list('?q=no-such-shopper')).toEqual([]);
    const bad = await get('/api/staff/conversations?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Limit must be 1 or more');
  });

  it("opens a thread by id with that shopper's orders beside it, and marks it read", async () => {
    const s = await shopperWriting('Thready', 'where is my parcel?');
    const mineNewer = await insertOrder(ctx.app, s.id, { status: 'Processing' });
    const mineOlder = await insertOrder(ctx.app, s.id, { status: 'Delivered' });
    await insertOrder(ctx.app, (await makeShopper(ctx.app, 'Someone Else')).id);

    const res = await get(`/api/staff/conversations/${s.conversationId}`);
    expect(res.statusCode).toBe(200);
    const thread = res.json() as StaffThreadResponse;
    expect(thread).toMatchObject({ customer: { _id: s.id, name: 'Thready', email: s.email }, conversation: { _id: s.conversationId }, messages: [{ body: 'where is my parcel?' }] });
    expect(thread.orders.map((o) => [o._id, o.status])).toEqual([
      [mineOlder.id, 'Delivered'],
      [mineNewer.id, 'Processing'],
    ]);
    expect((await list('?q=thready'))[0]!.unread).toBe(0);

    // The e-mail form of the same call answers the orders too.
    const byEmail = (await get(`/api/staff/conversations/thread?email=${encodeURIComponent(s.email)}`)).json() as StaffThreadResponse;
    expect(byEmail.orders).toHaveLength(2);
  });

  it('marks a conversation read without opening it', async () => {
    const s = await shopperWriting('Marker', 'a', 'b', 'c');
    const res = await postJson(ctx.app, `/api/staff/conversations/${s.conversationId}/read`, {}, ctx.staff.token);
    expect(res.json()).toEqual({ success: true, conversationId: s.conversationId, marked: 3 });
    expect((await list('?q=marker'))[0]!.unread).toBe(0);
    expect((await postJson(ctx.app, `/api/staff/conversations/${s.conversationId}/read`, {}, ctx.staff.token)).json().marked).toBe(0);

    const missing = await postJson(ctx.app, `/api/staff/conversations/${'e'.repeat(24)}/read`, {}, ctx.staff.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(STAFF_MESSAGES.conversationNotFound);
    expect((await get(`/api/staff/conversations/${'e'.repeat(24)}`)).statusCode).toBe(404);
    expect((await get('/api/staff/conversations/not-an-id')).json().message).toContain('Id must be a conversation id');
  });
});
