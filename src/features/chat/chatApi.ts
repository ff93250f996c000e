import { addListener } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import { serverMessage, type ApiError } from '../../api/errors';
import type { ConversationResponse, Message, SendMessageResponse, UnreadResponse } from '../../domain/types';
import { messageReceived, roomJoinRequested, toastRequested } from '../../store/events';
import type { AppDispatch, RootState } from '../../store/types';
import { chatOpened, selectChatOpen } from './chatSlice';
import { CHAT_TEXT, countsAsUnread, messagesAdapter, threadOf, type Thread } from './rules';

const addAppListener = addListener.withTypes<RootState, AppDispatch>();

/**
 * Listens to the store's actions until the returned stop is called. The listener middleware answers
 * `addListener` with that stop; the dispatch a cache lifecycle gets is not typed with it.
 */
function listen(dispatch: unknown, add: ReturnType<typeof addAppListener>): () => void {
  return (dispatch as (action: unknown) => () => void)(add);
}

/** The one shared result of sending a message: chatListeners starts it, the "can send" rule reads it. */
export const SEND_MESSAGE_KEY = 'chat/sendMessage';

/**
 * Support chat calls of SPEC §7 (the token header is added by baseApi; credentials are sent too).
 * The thread and the unread count are the only copies of that server data: the socket's messages
 * reach them in `onCacheEntryAdded` (STYLE rule 6), for as long as a screen holds the entry.
 */
export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConversation: build.query<Thread, void>({
      query: () => ({ url: '/api/conversations/general', credentials: 'include' }),
      transformResponse: (r: ConversationResponse) => threadOf(r.conversation, r.messages),
      // A re-read (after a reconnect) adds to what arrived live meanwhile instead of replacing it.
      merge: (current, incoming) => {
        if (current.conversation._id !== incoming.conversation._id) return incoming;
        current.conversation = incoming.conversation;
        messagesAdapter.upsertMany(current.messages, messagesAdapter.getSelectors().selectAll(incoming.messages));
      },
      providesTags: ['Conversation'],
      // Read afresh each time the chat opens; another shopper's thread never lingers after a logout.
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Staff replies must reach the open chat: be in the room; what is shown is read.
          dispatch(roomJoinRequested(data.conversation._id));
          void dispatch(chatApi.endpoints.markRead.initiate(undefined, { track: false }));
        } catch (err) {
          dispatch(toastRequested(serverMessage((err as { error?: ApiError }).error) ?? CHAT_TEXT.loadFailed, 'error'));
        }
      },
      async onCacheEntryAdded(_arg, { dispatch, cacheDataLoaded, cacheEntryRemoved, updateCachedData }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // removed before it ever loaded
        }
        const stop = listen(dispatch, addAppListener({
          actionCreator: messageReceived,
          effect: ({ payload }) => {
            updateCachedData((thread) => {
              if (payload?._id && payload.conversation === thread.conversation._id) messagesAdapter.addOne(thread.messages, payload);
            });
          },
        }));
        await cacheEntryRemoved;
        stop();
      },
    }),
    getUnread: build.query<{ unread: number; conversationId: string }, void>({
      query: () => ({ url: '/api/conversations/general/unread', credentials: 'include' }),
      transformResponse: (r: UnreadResponse) => ({ unread: Math.max(0, Math.floor(r.unread) || 0), conversationId: r.conversationId }),
      providesTags: ['Unread'],
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Staff messages must reach the closed chat too (the red dot): be in the room.
          dispatch(roomJoinRequested(data.conversationId));
          // Opening resets the counter; a count read before that must not bring it back.
          if (selectChatOpen(getState() as RootState)) dispatch(chatApi.util.updateQueryData('getUnread', undefined, (u) => void (u.unread = 0)));
        } catch (err) {
          // SPEC §8: unread-count fetch errors are only logged.
          console.error('Failed to fetch unread messages', (err as { error?: ApiError }).error?.message ?? err);
        }
      },
      async onCacheEntryAdded(_arg, { dispatch, cacheDataLoaded, cacheEntryRemoved, updateCachedData }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        // Ids this entry already counted: the socket may deliver one message more than once.
        const counted = new Set<string>();
        const stops = [
          // SPEC §4: opening the chat resets the count.
          listen(dispatch, addAppListener({
            actionCreator: chatOpened,
            effect: () => {
              updateCachedData((u) => void (u.unread = 0));
            },
          })),
          listen(dispatch, addAppListener({
            actionCreator: messageReceived,
            effect: ({ payload }, api) => {
              // The thread as it was before this message (its own listener may add it meanwhile).
              const before = api.getOriginalState();
              const thread = chatApi.endpoints.getConversation.select()(before).data;
              const alreadySeen = counted.has(payload._id) || thread?.messages.entities[payload._id] !== undefined;
              updateCachedData((u) => {
                if (!countsAsUnread(payload, { conversationId: u.conversationId, chatOpen: selectChatOpen(before), alreadySeen })) return;
                counted.add(payload._id);
                u.unread += 1;
              });
            },
          })),
        ];
        await cacheEntryRemoved;
        stops.forEach((stop) => stop());
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
          dispatch(
            chatApi.util.updateQueryData('getConversation', undefined, (thread) => {
              if (data?._id && data.conversation === thread.conversation._id) messagesAdapter.addOne(thread.messages, data);
            }),
          );
        } catch (err) {
          dispatch(toastRequested(serverMessage((err as { error?: ApiError }).error) ?? CHAT_TEXT.sendFailed, 'error'));
        }
      },
    }),
  }),
});

export const { useGetConversationQuery, useGetUnreadQuery } = chatApi;
