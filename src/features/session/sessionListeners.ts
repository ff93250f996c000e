import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { baseApi } from '../../api/baseApi';
import type { ApiError } from '../../api/errors';
import { loggedIn, loggedOut, toastRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { sessionApi } from './sessionApi';
import { sessionExpired, userInfoLoaded } from './sessionSlice';

/** Tags whose data belongs to the logged-in shopper. */
const USER_TAGS = ['User', 'Cart', 'Wishlist', 'Order', 'Conversation', 'Message', 'Unread', 'Discount'] as const;

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
export const USER_INFO_FAILED_MESSAGE = 'Failed to fetch user info';

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
 * - user info is fetched when a token is restored from storage or a login gave no profile;
 * - a 401 from any call sent with the current token (or a 403 from user info) ends the session
 *   ('Session expired. Please log in again.'; the SessionWatcher then goes to /login); another
 *   user-info failure shows 'Failed to fetch user info';
 * - after logout no query may keep serving the previous shopper's data.
 */
export function setupSessionListeners(startAppListening: AppStartListening) {
  const unsubscribers = [
    startAppListening({
      actionCreator: loggedOut,
      effect: (_action, api) => {
        api.dispatch(baseApi.util.invalidateTags([...USER_TAGS]));
      },
    }),

    startAppListening({
      predicate: (action, state) =>
        (action.type === REHYDRATE || loggedIn.match(action)) &&
        state.session.status === 'authenticated' &&
        state.session.user === null &&
        state.session.token !== null,
      effect: async (_action, api) => {
        const token = api.getState().session.token!;
        const result = await api.dispatch(sessionApi.endpoints.getUserInfo.initiate(undefined, { subscribe: false, forceRefetch: true }));
        if (result.data) {
          api.dispatch(userInfoLoaded({ token, user: result.data }));
          return;
        }
        const status = (result.error as ApiError | undefined)?.status;
        // 401/403 are handled below (session expired); a late failure for an old token says nothing.
        if (status === 401 || status === 403 || api.getState().session.token !== token) return;
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
