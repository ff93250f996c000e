import { createAction, createSlice } from '@reduxjs/toolkit';
import { messageReceived } from '../../api/socket';
import type { Conversation, Message } from '../../domain/types';
import { loggedOut } from '../../store/events';

/**
 * The support chat state machine (SPEC §2, §4; issue 7):
 *
 *   closed ──chatOpened──▶ loading ──conversationLoaded──▶ open ──chatClosed──▶ closed
 *     ▲                      │ conversationLoadFailed        │ conversationLoaded (re-fetch after a reconnect)
 *     │                      ▼                               ▼
 *     └──── chatClosed ──── error ──chatOpened──▶ loading   open
 *
 * Opening resets the unread count to 0. Messages are kept once each (deduplicated by _id), oldest
 * first; while the chat is closed each new staff message of the conversation adds 1 to unread.
 * An event that does not fit the current state is ignored.
 */
export type ChatStatus = 'closed' | 'loading' | 'open' | 'error';

export interface ChatState {
  status: ChatStatus;
  /** The general conversation's id, once known (from the unread call or the thread). */
  conversationId: string | null;
  conversation: Conversation | null;
  messages: Message[];
  unread: number;
  error: string | null;
}

export const initialChatState: ChatState = { status: 'closed', conversationId: null, conversation: null, messages: [], unread: 0, error: null };

export const CHAT_TEXT = {
  title: 'Support Chat',
  empty: 'No messages yet.',
  placeholder: 'Type a message…',
  you: 'You',
  contactSupport: 'Contact Support',
  loadFailed: 'Failed to load conversation',
  sendFailed: 'Failed to send message',
} as const;

/** The server's own message in a failed call, or null (shared with other features' fallbacks). */
export { serverMessage } from '../../api/errors';

// ---- events (past tense) ---------------------------------------------------------------------
export const chatOpened = createAction('chat/opened');
export const chatClosed = createAction('chat/closed');
export const conversationLoaded = createAction<{ conversation: Conversation; messages: Message[] }>('chat/conversationLoaded');
export const conversationLoadFailed = createAction<{ message: string }>('chat/conversationLoadFailed');
export const unreadLoaded = createAction<{ unread: number; conversationId: string }>('chat/unreadLoaded');
/** The server saved the shopper's message (the POST answer; the socket may deliver it too). */
export const messageSent = createAction<Message>('chat/messageSent');

function byTime(a: Message, b: Message): number {
  const d = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return Number.isNaN(d) || d === 0 ? 0 : d;
}

/** `messages` plus those of `incoming` not already there (by _id), oldest first. */
export function mergeMessages(messages: readonly Message[], incoming: readonly Message[]): Message[] {
  const seen = new Set(messages.map((m) => m._id));
  const added = incoming.filter((m) => m && m._id && !seen.has(m._id) && (seen.add(m._id), true));
  if (added.length === 0) return messages as Message[];
  return [...messages, ...added].sort(byTime);
}

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(chatOpened, (state) => {
        if (state.status !== 'closed' && state.status !== 'error') return;
        state.status = 'loading';
        state.unread = 0;
        state.error = null;
      })
      .addCase(chatClosed, (state) => {
        if (state.status === 'closed') return;
        state.status = 'closed';
        state.error = null;
      })
      .addCase(conversationLoaded, (state, { payload }) => {
        if (state.status !== 'loading' && state.status !== 'open') return;
        const sameConversation = state.conversationId === null || state.conversationId === payload.conversation._id;
        state.status = 'open';
        state.conversation = payload.conversation;
        state.conversationId = payload.conversation._id;
        state.messages = mergeMessages(sameConversation ? state.messages : [], payload.messages);
        state.unread = 0;
      })
      .addCase(conversationLoadFailed, (state, { payload }) => {
        if (state.status !== 'loading') return;
        state.status = 'error';
        state.error = payload.message;
      })
      .addCase(unreadLoaded, (state, { payload }) => {
        if (state.conversationId === null) state.conversationId = payload.conversationId;
        // Opening resets the counter; a count read before that must not bring it back.
        if (state.status !== 'closed' || payload.conversationId !== state.conversationId) return;
        state.unread = Math.max(0, Math.floor(payload.unread) || 0);
      })
      .addCase(messageSent, (state, { payload }) => {
        if (state.conversationId !== null && payload.conversation !== state.conversationId) return;
        state.messages = mergeMessages(state.messages, [payload]);
      })
      .addCase(messageReceived, (state, { payload }) => {
        if (state.conversationId === null || payload.conversation !== state.conversationId) return;
        if (state.messages.some((m) => m._id === payload._id)) return;
        state.messages = mergeMessages(state.messages, [payload]);
        if (state.status === 'closed' && payload.isAdmin) state.unread += 1;
      })
      .addCase(loggedOut, () => initialChatState);
  },
  selectors: {
    selectChatStatus: (state) => state.status,
    selectChatOpen: (state) => state.status !== 'closed',
    selectChatConversation: (state) => state.conversation,
    selectChatMessages: (state) => state.messages,
    selectUnread: (state) => state.unread,
    selectChatError: (state) => state.error,
  },
});

export const { selectChatStatus, selectChatOpen, selectChatConversation, selectChatMessages, selectUnread, selectChatError } = chatSlice.selectors;
