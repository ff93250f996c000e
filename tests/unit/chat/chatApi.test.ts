import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../src/domain/types';
import { chatApi } from '../../../src/features/chat/chatApi';
import { selectChatMessages, selectUnread } from '../../../src/features/chat/chatSelectors';
import { chatClosed, chatOpened } from '../../../src/features/chat/chatSlice';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { messageReceived } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';

const CONV = 'c'.repeat(24);
let n = 0;
const msg = (over: Partial<Message> = {}): Message => ({
  _id: `m${++n}`,
  body: 'hello',
  sender: { _id: 'u1' },
  conversation: CONV,
  isAdmin: false,
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString(),
  ...over,
});
const staff = (over: Partial<Message> = {}) => msg({ isAdmin: true, sender: { _id: 'staff' }, ...over });

let server: { unread: number; thread: Message[] };

beforeEach(() => {
  server = { unread: 0, thread: [] };
  mswServer.use(
    http.get('*/api/conversations/general/unread', () => HttpResponse.json({ success: true, unread: server.unread, conversationId: CONV })),
    http.get('*/api/conversations/general', () => HttpResponse.json({ success: true, conversation: { _id: CONV, user: { _id: 'u1', name: 'Ada' } }, messages: server.thread })),
    http.post('*/api/conversations/general/read', () => HttpResponse.json({ success: true, unread: 0, conversationId: CONV })),
  );
});

function loggedInStore() {
  return makeStore({ session: { ...initialSessionState, status: 'authenticated', token: 'tok' } });
}

const ids = (store: ReturnType<typeof loggedInStore>) => selectChatMessages(store.getState()).map((m) => m._id);

describe('the thread is a query kept live from the socket', () => {
  it('appends live messages of its conversation once each (deduplicated by _id), oldest first', async () => {
    const m1 = msg();
    server.thread = [m1];
    const store = loggedInStore();
    store.dispatch(chatOpened());
    store.dispatch(chatApi.endpoints.getConversation.initiate());
    await vi.waitFor(() => expect(ids(store)).toEqual([m1._id]));

    const m2 = staff();
    store.dispatch(messageReceived(m1));
    store.dispatch(messageReceived(m2));
    store.dispatch(messageReceived(m2));
    store.dispatch(messageReceived(msg({ conversation: 'x'.repeat(24) })));
    expect(ids(store)).toEqual([m1._id, m2._id]);
  });

  it('a re-read merges with what arrived live, in time order, without duplicates', async () => {
    const [a, b, c] = [msg(), msg(), msg()];
    server.thread = [a];
    const store = loggedInStore();
    store.dispatch(chatOpened());
    store.dispatch(chatApi.endpoints.getConversation.initiate());
    await vi.waitFor(() => expect(ids(store)).toEqual([a._id]));
    store.dispatch(messageReceived(c));
    server.thread = [a, b];
    await store.dispatch(chatApi.endpoints.getConversation.initiate(undefined, { forceRefetch: true }));
    expect(ids(store)).toEqual([a._id, b._id, c._id]);
  });

  it('is dropped once no screen holds it (another session never sees it)', async () => {
    server.thread = [msg()];
    const store = loggedInStore();
    const sub = store.dispatch(chatApi.endpoints.getConversation.initiate());
    await sub;
    expect(ids(store)).toHaveLength(1);
    sub.unsubscribe();
    await vi.waitFor(() => expect(chatApi.endpoints.getConversation.select()(store.getState()).isUninitialized).toBe(true));
  });
});

describe('unread count (SPEC §4) is a query kept live from the socket', () => {
  async function withUnread(count: number) {
    server.unread = count;
    const store = loggedInStore();
    store.dispatch(chatApi.endpoints.getUnread.initiate());
    await vi.waitFor(() => expect(selectUnread(store.getState())).toBe(count));
    return store;
  }

  it('while closed, each new staff message adds 1; own messages and duplicates do not', async () => {
    const store = await withUnread(2);
    const s = staff();
    store.dispatch(messageReceived(s));
    store.dispatch(messageReceived(s));
    store.dispatch(messageReceived(msg()));
    expect(selectUnread(store.getState())).toBe(3);
    store.dispatch(messageReceived(staff()));
    expect(selectUnread(store.getState())).toBe(4);
    store.dispatch(messageReceived(staff({ conversation: 'x'.repeat(24) })));
    expect(selectUnread(store.getState())).toBe(4);
  });

  it('opening resets it to 0; staff messages while open do not count; closed again they do', async () => {
    const store = await withUnread(3);
    store.dispatch(chatOpened());
    expect(selectUnread(store.getState())).toBe(0);
    store.dispatch(messageReceived(staff()));
    expect(selectUnread(store.getState())).toBe(0);
    store.dispatch(chatClosed());
    store.dispatch(messageReceived(staff()));
    expect(selectUnread(store.getState())).toBe(1);
  });

  it('a count read while the chat is open does not bring the dot back', async () => {
    const store = await withUnread(0);
    store.dispatch(chatOpened());
    server.unread = 3;
    await store.dispatch(chatApi.endpoints.getUnread.initiate(undefined, { forceRefetch: true }));
    expect(selectUnread(store.getState())).toBe(0);
  });

  it('a message already in the thread is not counted again', async () => {
    const known = staff();
    server.thread = [known];
    const store = await withUnread(0);
    store.dispatch(chatApi.endpoints.getConversation.initiate());
    await vi.waitFor(() => expect(ids(store)).toEqual([known._id]));
    store.dispatch(messageReceived(known));
    expect(selectUnread(store.getState())).toBe(0);
  });

  it('counts nothing before the conversation is known', () => {
    const store = loggedInStore();
    store.dispatch(messageReceived(staff()));
    expect(selectUnread(store.getState())).toBe(0);
  });
});
