import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/domain/types';
import { canSendMessage, countsAsUnread, messagesAdapter, threadOf } from '../../../src/features/chat/rules';

const CONV = 'c'.repeat(24);
const msg = (id: string, second: number, over: Partial<Message> = {}): Message => ({
  _id: id,
  body: id,
  sender: { _id: 'u1' },
  conversation: CONV,
  isAdmin: false,
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, second)).toISOString(),
  ...over,
});
const { selectAll } = messagesAdapter.getSelectors();

describe('the thread (messages by _id, oldest first)', () => {
  it('keeps one copy of each message, in time order, whatever order they arrive in', () => {
    let thread = threadOf({ _id: CONV, user: { _id: 'u1', name: 'Ada' } }, [msg('a', 1), msg('c', 3)]);
    thread = { ...thread, messages: messagesAdapter.addOne(thread.messages, msg('b', 2)) };
    thread = { ...thread, messages: messagesAdapter.addOne(thread.messages, msg('c', 3)) };
    expect(selectAll(thread.messages).map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });

  it('drops entries without an id and a non-list answer', () => {
    const conversation = { _id: CONV, user: { _id: 'u1', name: 'Ada' } };
    expect(selectAll(threadOf(conversation, [msg('a', 1), { body: 'no id' }, null]).messages).map((m) => m._id)).toEqual(['a']);
    expect(selectAll(threadOf(conversation, undefined).messages)).toEqual([]);
  });
});

describe('unread rule (SPEC §4)', () => {
  const closed = { conversationId: CONV, chatOpen: false, alreadySeen: false };
  it('counts a new staff message of the conversation while the chat is closed', () => {
    expect(countsAsUnread(msg('s', 1, { isAdmin: true }), closed)).toBe(true);
  });

  it('counts nothing else', () => {
    expect(countsAsUnread(msg('s', 1, { isAdmin: false }), closed)).toBe(false);
    expect(countsAsUnread(msg('s', 1, { isAdmin: true }), { ...closed, chatOpen: true })).toBe(false);
    expect(countsAsUnread(msg('s', 1, { isAdmin: true }), { ...closed, alreadySeen: true })).toBe(false);
    expect(countsAsUnread(msg('s', 1, { isAdmin: true, conversation: 'x'.repeat(24) }), closed)).toBe(false);
    expect(countsAsUnread(msg('s', 1, { isAdmin: true }), { ...closed, conversationId: null })).toBe(false);
  });
});

describe('can send (SPEC §5)', () => {
  const ready = { open: true, draft: 'hi', conversationLoaded: true, sending: false };
  it('only a non-empty trimmed draft, in an open chat with its conversation loaded, one message at a time', () => {
    expect(canSendMessage(ready)).toBe(true);
    expect(canSendMessage({ ...ready, draft: '  \n ' })).toBe(false);
    expect(canSendMessage({ ...ready, open: false })).toBe(false);
    expect(canSendMessage({ ...ready, conversationLoaded: false })).toBe(false);
    expect(canSendMessage({ ...ready, sending: true })).toBe(false);
  });
});
