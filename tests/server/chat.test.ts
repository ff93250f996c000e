import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS } from '../../server/routes/messages';
import type { ConversationResponse, Message, UnreadResponse } from '../../src/domain/types';
import { buildTestApp, type TestApp } from './helpers';
import { makeShopper, postJson } from './checkout-helpers';
import { makeStaff } from './chat-helpers';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp({ config: { messageRateLimit: { max: 5, windowMs: 10_000 } } });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { token } : {} });
const general = async (token: string) => (await get('/api/conversations/general', token)).json() as ConversationResponse;
const unread = async (token: string) => (await get('/api/conversations/general/unread', token)).json() as UnreadResponse;
const send = (token: string, conversationId: string, body: unknown) => postJson(app, '/api/messages', { conversationId, body }, token);

describe('the general support conversation', () => {
  it('needs a session', async () => {
    expect((await get('/api/conversations/general')).statusCode).toBe(401);
    expect((await get('/api/conversations/general/unread')).statusCode).toBe(401);
    expect((await postJson(app, '/api/conversations/general/read', {})).statusCode).toBe(401);
    expect((await postJson(app, '/api/messages', { conversationId: 'a'.repeat(24), body: 'hi' })).statusCode).toBe(401);
  });

  it("is created on first use, once, and belongs to the caller", async () => {
    const a = await makeShopper(app, 'Alice');
    const first = await general(a.token);
    expect(first).toMatchObject({ success: true, conversation: { user: { _id: a.id, name: 'Alice' } }, messages: [] });
    expect(first.conversation._id).toMatch(/^[0-9a-f]{24}$/);
    const [again, count] = await Promise.all([general(a.token), unread(a.token)]);
    expect(again.conversation._id).toBe(first.conversation._id);
    expect(count).toEqual({ success: true, unread: 0, conversationId: first.conversation._id });
  });

  it('stores the trimmed message and answers it; the thread shows it once', async () => {
    const a = await makeShopper(app, 'Alice');
    const { conversation } = await general(a.token);
    const res = await send(a.token, conversation._id, '   Where is my dragon? <b>now</b>  \n');
    expect(res.statusCode).toBe(200);
    const { message } = res.json() as { message: Message };
    expect(message).toMatchObject({ body: 'Where is my dragon? <b>now</b>', sender: { _id: a.id }, conversation: conversation._id, isAdmin: false });
    expect(Date.parse(message.createdAt)).not.toBeNaN();
    expect((await general(a.token)).messages).toEqual([message]);
  });

  it('refuses empty, blank and over-long messages; 2000 characters pass', async () => {
    const a = await makeShopper(app, 'Alice');
    const { conversation } = await general(a.token);
    for (const body of ['', '   \n\t ', undefined, 42]) {
      const res = await send(a.token, conversation._id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await send(a.token, conversation._id, '   ')).json().message).toContain(MESSAGE_ERRORS.empty);
    const long = await send(a.token, conversation._id, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(MESSAGE_ERRORS.tooLong);
    expect((await send(a.token, conversation._id, ` ${'y'.repeat(2000)} `)).statusCode).toBe(200);
  });

  it("never lets one shopper read or post in another's thread", async () => {
    const a = await makeShopper(app, 'Alice');
    const b = await makeShopper(app, 'Bob');
    const aConv = (await general(a.token)).conversation;
    await send(a.token, aConv._id, 'private to Alice');
    const res = await send(b.token, aConv._id, 'hello from Bob');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Conversation not found' });
    // Bob's own thread is a different one and shows nothing of Alice's.
    const bConv = await general(b.token);
    expect(bConv.conversation._id).not.toBe(aConv._id);
    expect(bConv.messages).toEqual([]);
    expect((await general(a.token)).messages.map((m) => m.body)).toEqual(['private to Alice']);
    expect((await send(a.token, 'f'.repeat(24), 'nowhere')).statusCode).toBe(404);
    expect((await send(a.token, '../../etc', 'bad id')).statusCode).toBe(400);
  });

  it('counts unread staff messages until the shopper reads them', async () => {
    const a = await makeShopper(app, 'Alice');
    const staff = await makeStaff(app);
    const { conversation } = await general(a.token);
    await send(a.token, conversation._id, 'hello?');
    expect((await unread(a.token)).unread).toBe(0); // own messages never count
    expect((await send(staff.token, conversation._id, 'Hi Alice!')).json().message).toMatchObject({ isAdmin: true, sender: { _id: staff.id } });
    await send(staff.token, conversation._id, 'It ships tomorrow.');
    expect((await unread(a.token)).unread).toBe(2);
    const read = await postJson(app, '/api/conversations/general/read', {}, a.token);
    expect(read.json()).toEqual({ success: true, unread: 0, conversationId: conversation._id });
    expect((await unread(a.token)).unread).toBe(0);
    await send(staff.token, conversation._id, 'One more thing');
    expect((await unread(a.token)).unread).toBe(1);
  });

  it('limits a shopper to 5 messages per 10 s with a clear 429; staff are not limited', async () => {
    const a = await makeShopper(app, 'Alice');
    const staff = await makeStaff(app);
    const { conversation } = await general(a.token);
    for (let i = 1; i <= 5; i++) expect((await send(a.token, conversation._id, `message ${i}`)).statusCode).toBe(200);
    const sixth = await send(a.token, conversation._id, 'message 6');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json().message).toMatch(/^You are sending messages too quickly\. Please wait \d+ seconds? and try again\.$/);
    // Another shopper has a budget of their own.
    const b = await makeShopper(app, 'Bob');
    const bConv = (await general(b.token)).conversation;
    expect((await send(b.token, bConv._id, 'hi')).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) expect((await send(staff.token, conversation._id, `staff ${i}`)).statusCode).toBe(200);
    expect((await general(a.token)).messages).toHaveLength(13);
  });
});
