import { baseApi } from '../../api/baseApi';
import type { ApiError } from '../../api/errors';
import type { ConversationResponse, Message, SendMessageResponse, UnreadResponse } from '../../domain/types';
import { toastRequested } from '../../store/events';
import { CHAT_TEXT, messageSent, serverMessage, unreadLoaded } from './chatSlice';

/** Support chat calls of SPEC §7 (the token header is added by baseApi; credentials are sent too). */
export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConversation: build.query<{ conversation: ConversationResponse['conversation']; messages: Message[] }, void>({
      query: () => ({ url: '/api/conversations/general', credentials: 'include' }),
      transformResponse: (r: ConversationResponse) => ({ conversation: r.conversation, messages: Array.isArray(r.messages) ? r.messages : [] }),
      providesTags: ['Conversation'],
      // The thread lives in the chat slice; the cache entry is not kept.
      keepUnusedDataFor: 0,
    }),
    getUnread: build.query<{ unread: number; conversationId: string }, void>({
      query: () => ({ url: '/api/conversations/general/unread', credentials: 'include' }),
      transformResponse: (r: UnreadResponse) => ({ unread: r.unread, conversationId: r.conversationId }),
      providesTags: ['Unread'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(unreadLoaded(data));
        } catch (err) {
          // SPEC §8: unread-count fetch errors are only logged.
          console.error('Failed to fetch unread messages', (err as { error?: ApiError }).error?.message ?? err);
        }
      },
    }),
    markRead: build.mutation<UnreadResponse, void>({
      query: () => ({ url: '/api/conversations/general/read', method: 'POST', credentials: 'include' }),
    }),
    sendMessage: build.mutation<Message, { conversationId: string; body: string }>({
      query: (body) => ({ url: '/api/messages', method: 'POST', body, credentials: 'include' }),
      transformResponse: (r: SendMessageResponse) => r.message,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(messageSent(data));
        } catch (err) {
          dispatch(toastRequested(serverMessage((err as { error?: ApiError }).error) ?? CHAT_TEXT.sendFailed, 'error'));
        }
      },
    }),
  }),
});

export const { useGetUnreadQuery, useSendMessageMutation } = chatApi;
