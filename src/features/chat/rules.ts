import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { Conversation, Message } from '../../domain/types';

export const CHAT_TEXT = {
  title: 'Support Chat',
  empty: 'No messages yet.',
  placeholder: 'Type a message…',
  you: 'You',
  contactSupport: 'Contact Support',
  loadFailed: 'Failed to load conversation',
  sendFailed: 'Failed to send message',
} as const;

/** The longest message the server accepts, and which keystroke sends: shared with the staff inbox (src/domain/chat.ts). */
export { MAX_MESSAGE_LENGTH, isSendKeystroke } from '../../domain/chat';

function byTime(a: Message, b: Message): number {
  const d = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return Number.isNaN(d) || d === 0 ? 0 : d;
}

/**
 * The thread's messages by id, oldest first: the POST answer, the socket's copy and a re-fetch of
 * the same message all land on one entry (deduplicated by `_id`).
 */
export const messagesAdapter = createEntityAdapter<Message, string>({ selectId: (m) => m._id, sortComparer: byTime });

/** The support thread as the cache holds it. */
export interface Thread {
  conversation: Conversation;
  messages: EntityState<Message, string>;
}

/** Messages the server sent that can be shown (an entry without an id is dropped). */
function validMessages(raw: unknown): Message[] {
  return Array.isArray(raw) ? (raw as Message[]).filter((m) => m && typeof m._id === 'string' && m._id !== '') : [];
}

/** A fresh thread from the server's answer. */
export function threadOf(conversation: Conversation, messages: unknown): Thread {
  return { conversation, messages: messagesAdapter.setAll(messagesAdapter.getInitialState(), validMessages(messages)) };
}

/**
 * SPEC §4 unread rule for one live message: while the chat is closed, each new staff message of
 * the shopper's conversation adds 1; the shopper's own messages, other conversations, messages
 * already counted or already in the thread, and anything while the chat is open add nothing.
 */
export function countsAsUnread(message: Message, at: { conversationId: string | null; chatOpen: boolean; alreadySeen: boolean }): boolean {
  return !at.chatOpen && !at.alreadySeen && message.isAdmin === true && at.conversationId !== null && message.conversation === at.conversationId;
}

/** SPEC §5: a message is sent only when its trimmed text is non-empty and a conversation is loaded, one at a time. */
export function canSendMessage(at: { open: boolean; draft: string; conversationLoaded: boolean; sending: boolean }): boolean {
  return at.open && at.conversationLoaded && !at.sending && at.draft.trim().length > 0;
}
