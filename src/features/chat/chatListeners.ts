import { connected, messageReceived, roomJoinRequested } from '../../api/socket';
import { toastRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { chatApi } from './chatApi';
import { CHAT_TEXT, chatOpened, conversationLoaded, conversationLoadFailed, serverMessage, unreadLoaded } from './chatSlice';

/**
 * Chat side effects: opening loads the thread, joins its room and tells the server the staff
 * messages were read; a staff message arriving while the chat is open is marked read too; after a
 * reconnect the thread (or the unread count) is read again so nothing sent meanwhile is missed.
 */
export function setupChatListeners(startAppListening: AppStartListening) {
  const unsubscribers = [
    startAppListening({
      actionCreator: chatOpened,
      effect: async (_action, api) => {
        if (api.getState().chat.status !== 'loading') return;
        api.cancelActiveListeners();
        const result = await api.dispatch(chatApi.endpoints.getConversation.initiate(undefined, { subscribe: false, forceRefetch: true }));
        if (result.data) {
          api.dispatch(conversationLoaded(result.data));
          api.dispatch(roomJoinRequested(result.data.conversation._id));
          void api.dispatch(chatApi.endpoints.markRead.initiate(undefined, { track: false }));
          return;
        }
        const message = serverMessage(result.error) ?? CHAT_TEXT.loadFailed;
        api.dispatch(conversationLoadFailed({ message }));
        api.dispatch(toastRequested(message, 'error'));
      },
    }),

    startAppListening({
      actionCreator: unreadLoaded,
      effect: ({ payload }, api) => {
        // Staff messages must reach the closed chat too (the red dot): be in the room.
        api.dispatch(roomJoinRequested(payload.conversationId));
      },
    }),

    startAppListening({
      actionCreator: messageReceived,
      effect: ({ payload }, api) => {
        const chat = api.getState().chat;
        if (chat.status === 'open' && payload.isAdmin && payload.conversation === chat.conversationId) {
          void api.dispatch(chatApi.endpoints.markRead.initiate(undefined, { track: false }));
        }
      },
    }),

    startAppListening({
      actionCreator: connected,
      effect: async ({ payload }, api) => {
        if (!payload.reconnected) return;
        const status = api.getState().chat.status;
        if (status === 'open') {
          const result = await api.dispatch(chatApi.endpoints.getConversation.initiate(undefined, { subscribe: false, forceRefetch: true }));
          if (result.data) {
            api.dispatch(conversationLoaded(result.data));
            void api.dispatch(chatApi.endpoints.markRead.initiate(undefined, { track: false }));
          }
        } else if (status === 'closed' && api.getState().chat.conversationId) {
          void api.dispatch(chatApi.endpoints.getUnread.initiate(undefined, { subscribe: false, forceRefetch: true }));
        }
      },
    }),
  ];
  return () => unsubscribers.forEach((u) => u());
}
