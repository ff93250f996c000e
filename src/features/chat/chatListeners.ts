import { messageReceived, socketConnected } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import type { LazyFeature } from '../../store/types';
import { chatApi, SEND_MESSAGE_KEY } from './chatApi';
import { selectCanSend, selectChatConversation, selectConversationId } from './chatSelectors';
import { messageSendFailed, messageSendStarted, messageSubmitted, selectChatDraft, selectChatOpen } from './chatSlice';

/**
 * Chat side effects: a submitted draft is sent when the "can send" rule allows it; a staff message
 * arriving while the chat is open is marked read; after a reconnect the thread (or the unread
 * count) is read again so nothing sent meanwhile is missed.
 */
export function setupChatListeners(startAppListening: AppStartListening) {
  const unsubscribers = [
    startAppListening({
      actionCreator: messageSubmitted,
      effect: async (_action, api) => {
        const state = api.getState();
        const conversation = selectChatConversation(state);
        if (!selectCanSend(state) || !conversation) return;
        const body = selectChatDraft(state).trim();
        api.dispatch(messageSendStarted({ body }));
        // Tracked under one key: the Send button shows this call's progress and Enter waits for it.
        const result = await api.dispatch(chatApi.endpoints.sendMessage.initiate({ conversationId: conversation._id, body }, { fixedCacheKey: SEND_MESSAGE_KEY }));
        if ('error' in result) api.dispatch(messageSendFailed({ body }));
      },
    }),

    startAppListening({
      actionCreator: messageReceived,
      effect: ({ payload }, api) => {
        const state = api.getState();
        if (selectChatOpen(state) && payload.isAdmin && payload.conversation === selectConversationId(state)) {
          void api.dispatch(chatApi.endpoints.markRead.initiate(undefined, { track: false }));
        }
      },
    }),

    startAppListening({
      actionCreator: socketConnected,
      effect: ({ payload }, api) => {
        if (!payload.reconnected) return;
        const state = api.getState();
        if (selectChatOpen(state)) api.dispatch(chatApi.util.invalidateTags(['Conversation']));
        else if (selectConversationId(state)) api.dispatch(chatApi.util.invalidateTags(['Unread']));
      },
    }),
  ];
  return () => unsubscribers.forEach((u) => u());
}

/** Started by the support chat (store/hooks.ts `useFeature`): My Orders' chunk brings it. */
export const chatFeature: LazyFeature = { name: 'chat', setup: (startAppListening) => setupChatListeners(startAppListening) };
