import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import type { ApiError } from '../../api/errors';
import { loggedOut, toastRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectSessionToken } from './sessionSelectors';
import { sessionApi } from './sessionApi';
import { loginRequired, logoutConfirmed, sessionExpired } from './sessionSlice';

/** Tags whose data belongs to the logged-in shopper (the profile has none: it is dropped, not refetched). */
const USER_TAGS = ['Cart', 'Wishlist', 'Order', 'Conversation', 'Message', 'Unread', 'Discount', 'StaffConversation', 'StaffOrder'] as const;

const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
const USER_INFO_FAILED_MESSAGE = 'Failed to fetch user info';
const LOGGED_OUT_MESSAGE = 'You have been logged out.';
/** SPEC §8: what a page that needs an account logs when there is no token. */
const NO_TOKEN_MESSAGE = 'No token available';

interface RejectedApiAction {
  payload: ApiError;
  meta: { arg?: { endpointName?: string }; baseQueryMeta?: { request?: Request } };
}

/** A failed API call that carried a session token, with its status and the token it sent. */
function rejectedWithToken(action: UnknownAction): { endpoint: string; status: ApiError['status']; token: string } | null {
  if (!isRejectedWithValue(action)) return null;
  const { payload, meta } = action as unknown as RejectedApiAction;
  const token = meta.baseQueryMeta?.request?.headers.get('token');
  if (!token || !payload || typeof payload !== 'object') return null;
  return { endpoint: meta.arg?.endpointName ?? '', status: payload.status, token };
}

/**
 * Session side effects:
 * - the profile (user info) is fetched whenever a new token arrives (a login, a token restored from
 *   storage or taken over from another tab) and held in the query cache while that token lasts;
 * - logout is sent to the server (POST /api/user/logout), but the app logs out here at once and
 *   whatever the server answers (SPEC §4);
 * - a page that needs an account, opened without a token, logs 'No token available' (SPEC §8);
 * - a 401 from any call sent with the current token (or a 403 from user info) ends the session
 *   ('Session expired. Please log in again.'; the SessionWatcher then goes to /login); another
 *   user-info failure shows 'Failed to fetch user info';
 * - after logout no query may keep serving the previous shopper's data.
 */
export function setupSessionListeners(startAppListening: AppStartListening) {
  /** This store's hold on the profile query, for the current token. */
  let profile: { unsubscribe(): void } | null = null;
  const releaseProfile = () => {
    profile?.unsubscribe();
    profile = null;
  };

  const unsubscribers = [
    startAppListening({
      actionCreator: loggedOut,
      effect: (_action, api) => {
        api.dispatch(baseApi.util.invalidateTags([...USER_TAGS]));
      },
    }),

    startAppListening({
      actionCreator: logoutConfirmed,
      effect: async (_action, api) => {
        const token = selectSessionToken(api.getState());
        api.dispatch(loggedOut());
        api.dispatch(toastRequested(LOGGED_OUT_MESSAGE, 'info'));
        if (!token) return;
        // The session is already over here; the server's answer (or its absence) changes nothing.
        await api.dispatch(sessionApi.endpoints.logout.initiate({ token }, { track: false }));
      },
    }),

    startAppListening({
      actionCreator: loginRequired,
      effect: () => {
        console.log(NO_TOKEN_MESSAGE);
      },
    }),

    startAppListening({
      predicate: (_action, current, previous) => selectSessionToken(current) !== selectSessionToken(previous),
      effect: async (_action, api) => {
        releaseProfile();
        const token = selectSessionToken(api.getState());
        if (!token) return;
        const request = api.dispatch(sessionApi.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
        profile = request;
        const result = await request;
        if (!result.isError) return;
        const status = (result.error as ApiError | undefined)?.status;
        // 401/403 are handled below (session expired); a late failure for an old token says nothing.
        if (status === 401 || status === 403 || selectSessionToken(api.getState()) !== token) return;
        api.dispatch(toastRequested(USER_INFO_FAILED_MESSAGE, 'error'));
      },
    }),

    startAppListening({
      predicate: (action) => {
        const r = rejectedWithToken(action);
        return !!r && (r.status === 401 || (r.status === 403 && r.endpoint === 'getUserInfo'));
      },
      effect: (action, api) => {
        const r = rejectedWithToken(action)!;
        api.dispatch(sessionExpired({ token: r.token }));
      },
    }),

    startAppListening({
      predicate: (_action, current, previous) => previous.session.status === 'authenticated' && current.session.status === 'expired',
      effect: (_action, api) => {
        api.dispatch(toastRequested(SESSION_EXPIRED_MESSAGE, 'warning'));
        api.dispatch(baseApi.util.invalidateTags([...USER_TAGS]));
      },
    }),
  ];
  return () => unsubscribers.forEach((u) => u());
}
