import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from './config';
import { failureInBody, normaliseFetchError, type ApiError } from './errors';

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
 * True while the QA panel shows a replayed log (store/recorder.ts). Read by shape, like the token:
 * a replayed state must never reach the server (its token is redacted, and a replay must not
 * add lines, push wishlists or start payments again).
 */
function replayingIn(state: unknown): boolean {
  return (state as { qa?: { replaying?: unknown } } | undefined)?.qa?.replaying === true;
}

export const REPLAY_PAUSED_MESSAGE = 'Server calls are paused while a QA log is replayed.';

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
  const result = await rawBaseQuery(withBase(args), api, extraOptions);
  if (result.error) return { error: normaliseFetchError(result.error), meta: result.meta };
  const failure = failureInBody(result.data);
  if (failure !== null) {
    return { error: { status: result.meta?.response?.status ?? 200, message: failure }, meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

export type TagType = (typeof TAG_TYPES)[number];
