import { REHYDRATE } from 'redux-persist';
import type { ApiError } from '../../api/errors';
import { connectionRestored, loggedIn } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectSessionToken } from '../../store/selectors';
import { wishlistApi } from './wishlistApi';
import { guestWishlistPushed } from './wishlistSlice';

type Api = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

/** Local wishlist ids the server does not have yet, each once, in local order. */
export function idsMissingOnServer(local: readonly string[], server: readonly string[]): string[] {
  const have = new Set(server);
  return local.filter((id, i) => !have.has(id) && local.indexOf(id) === i);
}

/**
 * Login merge for the wishlist (SPEC §4): local ids missing on the server are pushed and the
 * local list is emptied. An id leaves the local list only once the server has it (or refused it
 * for good: the product no longer exists), so a failure loses nothing: the rest is pushed on the
 * next start-up, login or `online` event.
 */
export function setupWishlistListeners(startAppListening: AppStartListening) {
  let busy = false;

  async function pushGuestWishlist(api: Api): Promise<void> {
    const token = selectSessionToken(api.getState());
    if (busy || !token || api.getState().wishlist.ids.length === 0) return;
    busy = true;
    try {
      const server = await api.dispatch(wishlistApi.endpoints.getWishlist.initiate(undefined, { subscribe: false, forceRefetch: true }));
      if (!server.data || selectSessionToken(api.getState()) !== token) return;
      const local = api.getState().wishlist.ids;
      const done = local.filter((id) => server.data!.includes(id));
      for (const id of idsMissingOnServer(local, server.data)) {
        try {
          await api.dispatch(wishlistApi.endpoints.pushWishlistItem.initiate(id, { track: false })).unwrap();
          done.push(id);
        } catch (err) {
          const status = (err as ApiError | undefined)?.status;
          if (status === 400 || status === 404) done.push(id);
          else break;
        }
      }
      if (selectSessionToken(api.getState()) !== token) return;
      api.dispatch(guestWishlistPushed(done));
      api.dispatch(wishlistApi.util.invalidateTags(['Wishlist']));
    } finally {
      busy = false;
    }
  }

  const unsubscribers = [
    startAppListening({
      predicate: (action, current, previous) =>
        loggedIn.match(action) && selectSessionToken(current) !== null && selectSessionToken(previous) !== selectSessionToken(current),
      effect: (_action, api) => pushGuestWishlist(api),
    }),
    startAppListening({
      predicate: (action, current) =>
        (connectionRestored.match(action) || (action.type === REHYDRATE && !(action as { crossTab?: boolean }).crossTab)) && selectSessionToken(current) !== null,
      effect: (_action, api) => pushGuestWishlist(api),
    }),
  ];
  return () => unsubscribers.forEach((u) => u());
}
