import { describe, expect, it } from 'vitest';
import { messageReceived } from '../../../src/api/socket';
import type { Message } from '../../../src/domain/types';
import {
  chatClosed,
  chatOpened,
  chatSlice,
  conversationLoaded,
  conversationLoadFailed,
  initialChatState,
  messageSent,
  serverMessage,
  unreadLoaded,
  type ChatState,
} from '../../../src/features/chat/chatSlice';
import { loggedOut } from '../../../src/store/events';

type Action = Parameters<typeof chatSlice.reducer>[1];
const run = (actions: Action[], from: ChatState = initialChatState) => actions.reduce(chatSlice.reducer, from);

const CONV = 'c'.repeat(24);
const conversation = { _id: CONV, user: { _id: 'u1', name: 'Ada' } };
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

describe('chat state machine', () => {
  it('closed → loading → open → closed', () => {
    let s = run([chatOpened()]);
    expect(s.status).toBe('loading');
    s = run([conversationLoaded({ conversation, messages: [] })], s);
    expect(s).toMatchObject({ status: 'open', conversationId: CONV, conversation });
    expect(run([chatClosed()], s).status).toBe('closed');
  });

  it('loading → error on failure; opening again retries', () => {
    const s = run([chatOpened(), conversationLoadFailed({ message: 'Failed to load conversation' })]);
    expect(s).toMatchObject({ status: 'error', error: 'Failed to load conversation' });
    expect(run([chatOpened()], s)).toMatchObject({ status: 'loading', error: null });
  });

  it('ignores events that do not fit the state', () => {
    expect(run([conversationLoaded({ conversation, messages: [msg()] })]).status).toBe('closed');
    expect(run([conversationLoadFailed({ message: 'x' })]).status).toBe('closed');
    const open = run([chatOpened(), conversationLoaded({ conversation, messages: [] })]);
    expect(run([chatOpened()], open)).toBe(open);
    expect(run([conversationLoadFailed({ message: 'late' })], open).status).toBe('open');
  });

  it('resets at logout', () => {
    expect(run([chatOpened(), conversationLoaded({ conversation, messages: [msg()] }), loggedOut()])).toEqual(initialChatState);
  });
});

describe('messages and unread (SPEC §4)', () => {
  it('appends live messages once, deduplicated by _id', () => {
    const m1 = msg();
    const m2 = msg({ isAdmin: true, sender: { _id: 'staff' } });
    let s = run([chatOpened(), conversationLoaded({ conversation, messages: [m1] })]);
    s = run([messageReceived(m1), messageReceived(m2), messageReceived(m2)], s);
    expect(s.messages.map((m) => m._id)).toEqual([m1._id, m2._id]);
    // Our own POST answer and its socket echo arrive in either order: one copy.
    const mine = msg();
    s = run([messageReceived(mine), messageSent(mine)], s);
    expect(s.messages.filter((m) => m._id === mine._id)).toHaveLength(1);
  });

  it('re-fetching the thread merges it in time order without duplicates', () => {
    const [a, b, c] = [msg(), msg(), msg()];
    let s = run([chatOpened(), conversationLoaded({ conversation, messages: [a] }), messageReceived(c)]);
    s = run([conversationLoaded({ conversation, messages: [a, b, c] })], s);
    expect(s.messages.map((m) => m._id)).toEqual([a._id, b._id, c._id]);
  });

  it('ignores messages of another conversation', () => {
    const s = run([chatOpened(), conversationLoaded({ conversation, messages: [] }), messageReceived(msg({ conversation: 'x'.repeat(24) }))]);
    expect(s.messages).toEqual([]);
  });

  it('while closed, each new staff message adds 1; own messages and duplicates do not', () => {
    let s = run([unreadLoaded({ unread: 2, conversationId: CONV })]);
    expect(s.unread).toBe(2);
    const staff = msg({ isAdmin: true });
    s = run([messageReceived(staff), messageReceived(staff), messageReceived(msg({ isAdmin: false }))], s);
    expect(s.unread).toBe(3);
    s = run([messageReceived(msg({ isAdmin: true }))], s);
    expect(s.unread).toBe(4);
  });

  it('opening resets unread to 0; staff messages while open do not count; a stale count is ignored', () => {
    let s = run([unreadLoaded({ unread: 3, conversationId: CONV }), chatOpened()]);
    expect(s.unread).toBe(0);
    s = run([conversationLoaded({ conversation, messages: [] }), messageReceived(msg({ isAdmin: true })), unreadLoaded({ unread: 3, conversationId: CONV })], s);
    expect(s.unread).toBe(0);
    s = run([chatClosed(), messageReceived(msg({ isAdmin: true }))], s);
    expect(s.unread).toBe(1);
  });

  it('counts nothing before the conversation is known', () => {
    expect(run([messageReceived(msg({ isAdmin: true }))]).unread).toBe(0);
  });
});

describe('serverMessage', () => {
  it("keeps the server's own words and drops synthesized or network messages", () => {
    expect(serverMessage({ status: 429, message: 'Slow down' })).toBe('Slow down');
    expect(serverMessage({ status: 500, message: 'Request failed with status 500' })).toBeNull();
    expect(serverMessage({ status: 200, message: 'Request failed' })).toBeNull();
    expect(serverMessage({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBeNull();
    expect(serverMessage(undefined)).toBeNull();
  });
});
