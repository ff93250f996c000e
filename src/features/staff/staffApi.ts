import { addListener, createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import type { Message } from '../../domain/types';
import { AT_RISK_VIEW } from '../../domain/staffOrders';
import { messageReceived, socketConnected } from '../../store/events';
import { selectLocation } from '../router';
import type { AppDispatch, RootState } from '../../store/types';
import { applyLiveMessage } from './rules';
import type { OrderBoardPage, OrderStatusResult, StaffConversation, StaffCustomer, StaffOrderPage, StaffOrderSummary, StaffThread } from './types';
import type { Conversation } from '../../domain/types';
import type { DashboardFigures, DashboardResponse } from '../../domain/dashboard';

const addAppListener = addListener.withTypes<RootState, AppDispatch>();

/** The listener middleware answers `addListener` with its stop; a cache lifecycle's dispatch is not typed with it. */
function listen(dispatch: unknown, add: ReturnType<typeof addAppListener>): () => void {
  return (dispatch as (action: unknown) => () => void)(add);
}

const byTime = (a: Message, b: Message) => {
  const d = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return Number.isNaN(d) || d === 0 ? 0 : d;
};

/** A thread's messages by id, oldest first: the reply's answer and the socket's copy land on one entry. */
export const threadMessages = createEntityAdapter<Message, string>({ selectId: (m) => m._id, sortComparer: byTime });

/** A conversation as the cache holds it. */
export interface ThreadEntry {
  customer: StaffCustomer;
  conversation: Conversation;
  messages: EntityState<Message, string>;
  orders: StaffOrderSummary[];
}

/** The conversation open in the console (`/staff/inbox/:id`), read from the url mirrored in the store. */
export function openConversationIdFrom(pathname: string): string | null {
  const m = /^\/staff\/inbox\/([0-9a-f]{24})\/?$/.exec(pathname);
  return m ? m[1]! : null;
}

const validMessages = (raw: unknown): Message[] => (Array.isArray(raw) ? (raw as Message[]).filter((m) => m && typeof m._id === 'string' && m._id !== '') : []);

const api = baseApi;

/**
 * The staff API as the console calls it (README "Staff API"). The inbox and an open
 * thread are kept live from the socket's staff room (every `newMessage` reaches staff sockets) in
 * `onCacheEntryAdded`, as the shopper's chat is (STYLE rule 6). Loaded with the console's chunk only.
 */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStaffConversations: build.query<StaffConversation[], string>({
      query: (q) => ({ url: '/api/staff/conversations', params: q ? { q } : {} }),
      transformResponse: (r: { conversations?: StaffConversation[] }) => (Array.isArray(r.conversations) ? r.conversations : []),
      providesTags: [{ type: 'StaffConversation', id: 'LIST' }],
      keepUnusedDataFor: 30,
      async onCacheEntryAdded(_q, { dispatch, getState, cacheDataLoaded, cacheEntryRemoved, updateCachedData }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const stops = [
          listen(dispatch, addAppListener({
            actionCreator: messageReceived,
            effect: ({ payload }) => {
              const open = openConversationIdFrom(selectLocation(getState() as RootState).pathname);
              let unknown = false;
              updateCachedData((list) => {
                const next = applyLiveMessage(list, payload, open);
                if (next === null) unknown = true;
                else return next;
              });
              // A conversation this list does not hold (a new one, or outside the search): read it again.
              if (unknown) dispatch(api.util.invalidateTags([{ type: 'StaffConversation', id: 'LIST' }]));
            },
          })),
          listen(dispatch, addAppListener({
            actionCreator: socketConnected,
            effect: ({ payload }) => {
              if (payload.reconnected) dispatch(api.util.invalidateTags(['StaffConversation']));
            },
          })),
        ];
        await cacheEntryRemoved;
        stops.forEach((stop) => stop());
      },
    }),

    /** Reading a thread marks it read on the server; the inbox's count follows here. */
    getStaffThread: build.query<ThreadEntry, string>({
      query: (id) => `/api/staff/conversations/${encodeURIComponent(id)}`,
      transformResponse: (r: StaffThread): ThreadEntry => ({
        customer: r.customer,
        conversation: r.conversation,
        orders: Array.isArray(r.orders) ? r.orders : [],
        messages: threadMessages.setAll(threadMessages.getInitialState(), validMessages(r.messages)),
      }),
      // A re-read (after a reconnect) adds to what arrived live meanwhile.
      merge: (current, incoming) => {
        current.customer = incoming.customer;
        current.conversation = incoming.conversation;
        current.orders = incoming.orders;
        threadMessages.upsertMany(current.messages, threadMessages.getSelectors().selectAll(incoming.messages));
      },
      providesTags: (_r, _e, id) => [{ type: 'StaffConversation', id }, { type: 'StaffOrder', id: 'CUSTOMER' }],
      keepUnusedDataFor: 0,
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // the screen shows the failure
        }
        markReadInLists(dispatch, getState() as RootState, id);
      },
      async onCacheEntryAdded(id, { dispatch, getState, cacheDataLoaded, cacheEntryRemoved, updateCachedData }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const stop = listen(dispatch, addAppListener({
          actionCreator: messageReceived,
          effect: ({ payload }) => {
            if (payload?.conversation !== id || !payload._id) return;
            let isNew = false;
            updateCachedData((thread) => {
              isNew = thread.messages.entities[payload._id] === undefined;
              threadMessages.addOne(thread.messages, payload);
            });
            // The thread is on screen: what the shopper just wrote is read (once, however often it arrives).
            if (isNew && !payload.isAdmin) {
              void dispatch(staffApi.endpoints.markConversationRead.initiate(id, { track: false }));
              markReadInLists(dispatch, getState() as RootState, id);
            }
          },
        }));
        await cacheEntryRemoved;
        stop();
      },
    }),

    markConversationRead: build.mutation<{ marked: number }, string>({
      query: (id) => ({ url: `/api/staff/conversations/${encodeURIComponent(id)}/read`, method: 'POST', body: {} }),
    }),

    sendStaffReply: build.mutation<{ conversationId: string; message: Message }, { email: string; text: string }>({
      query: (body) => ({ url: '/api/staff/reply', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            staffApi.util.updateQueryData('getStaffThread', data.conversationId, (thread) => {
              if (data.message?._id) threadMessages.addOne(thread.messages, data.message);
            }),
          );
        } catch {
          // staffThunks tells staff (the draft is kept).
        }
      },
    }),

    searchStaffOrders: build.query<OrderBoardPage, Record<string, string | number>>({
      query: (params) => ({ url: '/api/staff/orders/search', params }),
      transformResponse: (r: OrderBoardPage) => ({ orders: Array.isArray(r.orders) ? r.orders : [], total: r.total ?? 0, value: r.value ?? 0, page: r.page ?? 1, pageSize: r.pageSize ?? 25 }),
      // The "At risk" view (board and dashboard tile) follows the print queue too: a job moved, a printer or the calendar changed.
      providesTags: (_r, _e, params) => [{ type: 'StaffOrder' as const, id: 'LIST' }, ...(params.view === AT_RISK_VIEW ? (['PrintQueue'] as const) : [])],
    }),

    getStaffOrder: build.query<StaffOrderPage, string>({
      query: (id) => `/api/staff/orders/${encodeURIComponent(id)}`,
      transformResponse: (r: StaffOrderPage) => ({ order: r.order, audit: Array.isArray(r.audit) ? r.audit : [] }),
      providesTags: (_r, _e, id) => [{ type: 'StaffOrder', id }],
    }),

    /** GET /api/staff/orders/export.csv: the board's filters, every page, as CSV text (not cached). */
    exportStaffOrders: build.mutation<string, Record<string, string | number>>({
      query: (params) => ({ url: '/api/staff/orders/export.csv', params, responseHandler: 'text' }),
    }),

    /** GET /api/staff/dashboard: the figures of the day, from the server's SQL. */
    getDashboard: build.query<DashboardFigures, void>({
      query: () => '/api/staff/dashboard',
      transformResponse: (r: DashboardResponse) => r.dashboard,
      providesTags: ['StaffDashboard'],
    }),

    updateOrderStatus: build.mutation<OrderStatusResult, { orderId: string; status?: string; trackingNumber?: string; carrier?: string }>({
      query: (body) => ({ url: '/api/staff/order-status', method: 'POST', body }),
      // Board, order page and the orders beside a thread read again (a refused move changed nothing).
      invalidatesTags: (result, _e, arg) => (result ? [{ type: 'StaffOrder', id: arg.orderId }, { type: 'StaffOrder', id: 'LIST' }, { type: 'StaffOrder', id: 'CUSTOMER' }, 'StaffDashboard'] : []),
    }),
  }),
});

/** Every cached inbox list shows `id` as read. */
function markReadInLists(dispatch: AppDispatch, state: RootState, id: string) {
  for (const q of staffApi.util.selectCachedArgsForQuery(state, 'getStaffConversations')) {
    dispatch(
      staffApi.util.updateQueryData('getStaffConversations', q, (list) => {
        const c = list.find((x) => x._id === id);
        if (c) c.unread = 0;
      }),
    );
  }
}

export const { useGetStaffConversationsQuery, useGetStaffThreadQuery, useSearchStaffOrdersQuery, useGetStaffOrderQuery, useGetDashboardQuery } = staffApi;
