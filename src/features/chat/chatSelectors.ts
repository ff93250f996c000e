import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store/types';
import { chatApi, SEND_MESSAGE_KEY } from './chatApi';
import { selectChatDraft, selectChatOpen } from './chatSlice';
import { canSendMessage, messagesAdapter } from './rules';

const selectThread = (state: RootState) => chatApi.endpoints.getConversation.select()(state).data;
const selectUnreadData = (state: RootState) => chatApi.endpoints.getUnread.select()(state).data;
const { selectAll } = messagesAdapter.getSelectors();
const NO_MESSAGES: ReturnType<typeof selectAll> = [];

export const selectChatConversation = (state: RootState) => selectThread(state)?.conversation ?? null;

/** The thread, oldest first (empty until loaded). */
export const selectChatMessages = createSelector([selectThread], (thread) => (thread ? selectAll(thread.messages) : NO_MESSAGES));

/** The general conversation's id, once known (from the thread or the unread count). */
export const selectConversationId = (state: RootState): string | null => selectThread(state)?.conversation._id ?? selectUnreadData(state)?.conversationId ?? null;

/** Unread staff messages (the red dot, SPEC §2/§4). */
export const selectUnread = (state: RootState): number => selectUnreadData(state)?.unread ?? 0;

/** A message is on its way (one at a time). */
export const selectChatSending = (state: RootState): boolean =>
  chatApi.endpoints.sendMessage.select({ fixedCacheKey: SEND_MESSAGE_KEY, requestId: undefined })(state).isLoading;

/** SPEC §5 "can send", for the button and for Enter alike. */
export const selectCanSend = (state: RootState): boolean =>
  canSendMessage({ open: selectChatOpen(state), draft: selectChatDraft(state), conversationLoaded: selectThread(state) !== undefined, sending: selectChatSending(state) });

export type ChatPhase = 'closed' | 'loading' | 'open' | 'error';

/** What the modal shows: nothing, the thread's loading, the thread, or why it failed. */
export const selectChatPhase = (state: RootState): ChatPhase => {
  if (!selectChatOpen(state)) return 'closed';
  const result = chatApi.endpoints.getConversation.select()(state);
  if (result.data) return 'open';
  return result.isError ? 'error' : 'loading';
};

/** The reason shown when the thread failed to load. */
export const selectChatLoadError = (state: RootState) => chatApi.endpoints.getConversation.select()(state).error;
