import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from './config';
import { failureInBody, normaliseFetchError, type ApiError } from './errors';
import type { ServerTransport } from '../domain/renderContract';

/** Every tag type the product needs, declared once (STYLE: one createApi, features inject). */
export const TAG_TYPES = [
  'Product',
  'Bundle',
  'Settings',
  'User',
  'Cart',
  'Wishlist',
  'Order',
  'Conversation',
  'Message',
  'Unread',
  'Discount',
  // The staff console: its inbox and threads, its order board and order pages.
  'StaffConversation',
  'StaffOrder',
  // The staff dashboard: read again on every order change the staff room announces.
  'StaffDashboard',
  // Reviews: a product's approved list and the shopper's own; the staff queue.
  'Review',
  'MyReview',
  'StaffReview',
  // Made to order: the dates a product or a cart ships by; the staff's print queue and its settings.
  'ShipBy',
  'PrintQueue',
  'PrintingSettings',
] as const;

/** Reads the token without importing the session feature (shared code must not depend on features). */
function tokenFrom(state: unknown): string | null {
  const session = (state as { session?: { token?: unknown } } | undefined)?.session;
  return typeof session?.token === 'string' && session.token ? session.token : null;
}

const rawBaseQuery = fetchBaseQuery({
  // The origin is added per request by `withBase`, so configuration is read at call time.
  baseUrl: '',
  prepareHeaders: (headers, { getState }) => {
    const token = tokenFrom(getState());
    if (token) headers.set('token', token);
    return headers;
  },
});

/**
 * True while the QA panel shows a replayed log (features/qa/recorder.ts). Read by shape, like the token:
 * a replayed state must never reach the server (its token is redacted, and a replay must not
 * add lines, push wishlists or start payments again).
 */
function replayingIn(state: unknown): boolean {
  return (state as { qa?: { replaying?: unknown } } | undefined)?.qa?.replaying === true;
}

export const REPLAY_PAUSED_MESSAGE = 'Server calls are paused while a QA log is replayed.';

/**
 * The server's render (src/entry-server.tsx) asks the same endpoints, answered in-process: its
 * store's `extra` carries the transport (read by shape, like the token).
 */
export type { ServerTransport } from '../domain/renderContract';

const serverQueries = new WeakMap<ServerTransport, typeof rawBaseQuery>();

function rawQueryFor(extra: unknown): typeof rawBaseQuery {
  const server = (extra as { server?: ServerTransport } | undefined)?.server;
  if (!server) return rawBaseQuery;
  let query = serverQueries.get(server);
  // fetchBaseQuery always calls its fetch with one Request.
  if (!query) serverQueries.set(server, (query = fetchBaseQuery({ baseUrl: server.origin, fetchFn: (input) => server.fetch(input as Request) })));
  return query;
}

function withBase(args: string | FetchArgs): string | FetchArgs {
  const base = apiBaseUrl();
  if (typeof args === 'string') return /^https?:\/\//.test(args) ? args : `${base}${args}`;
  return /^https?:\/\//.test(args.url) ? args : { ...args, url: `${base}${args.url}` };
}

/**
 * fetchBaseQuery plus the house error shape: HTTP failures, network failures and 2xx bodies
 * with `success: false` all become `{ status, message }`.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  if (replayingIn(api.getState())) return { error: { status: 'CUSTOM_ERROR', message: REPLAY_PAUSED_MESSAGE } };
  const result = await rawQueryFor(api.extra)(withBase(args), api, extraOptions);
  if (result.error) return { error: normaliseFetchError(result.error), meta: result.meta };
  const failure = failureInBody(result.data);
  if (failure !== null) {
    return { error: { status: result.meta?.response?.status ?? 200, message: failure }, meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
};

/**
 * The cache the server rendered the page from (the JSON block of the HTML, read by main.tsx): the
 * client starts from it instead of asking again.
 */
export const serverDataArrived = createAction<{ api: unknown }>('api/serverDataArrived');

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  extractRehydrationInfo(action, { reducerPath }) {
    // What the server's store held under the same reducer path (this api's own state, as JSON).
    if (serverDataArrived.match(action)) return (action.payload as Record<string, unknown>)[reducerPath] as never;
  },
});

export type TagType = (typeof TAG_TYPES)[number];
