import { isAnyOf } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist/es/constants';
import type { ApiError } from '../../api/errors';
import type { Product } from '../../domain/types';
import { connectionRestored, loggedIn } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectIsAuthenticated, selectIsStaffSession, selectSessionToken } from '../session';
import type { RootState } from '../../store/types';
import { wishlistApi } from './wishlistApi';
import { selectFilteredWishlist, selectIsWishlisted } from './wishlistSelectors';
import { guestWishlistPushed, heartClicked, toggled } from './wishlistSlice';
import { wishlistFilteredCountChanged } from './wishlistViewSlice';

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
export interface WishlistListenerOptions {
  /** The catalog's products (the store passes the catalog's selector: features do not import each other). */
  selectProducts: (state: RootState) => readonly Product[];
}

const { addToWishlist, getWishlist, removeFromWishlist } = wishlistApi.endpoints;
const toggleStarted = isAnyOf(addToWishlist.matchPending, removeFromWishlist.matchPending);
const toggleSucceeded = isAnyOf(addToWishlist.matchFulfilled, removeFromWishlist.matchFulfilled);
const toggleFailed = isAnyOf(addToWishlist.matchRejected, removeFromWishlist.matchRejected);

export function setupWishlistListeners(startAppListening: AppStartListening, { selectProducts }: WishlistListenerOptions) {
  let busy = false;
  // Heart toggles on their way to the server, and whether the list must be read again once none is.
  let toggling = 0;
  let resyncDue = false;
  const filteredCount = (state: RootState) => selectFilteredWishlist(state, selectProducts(state)).length;

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
    // The heart (SPEC §4 "Wishlist toggle"): a guest's list is local; a shopper's is the server's.
    startAppListening({
      actionCreator: heartClicked,
      effect: ({ payload: { productId } }, api) => {
        if (!productId) return;
        const state = api.getState();
        if (!selectIsAuthenticated(state)) {
          api.dispatch(toggled(productId));
          return;
        }
        const endpoint = selectIsWishlisted(state, productId) ? removeFromWishlist : addToWishlist;
        const call = api.dispatch(endpoint.initiate(productId));
        // The outcome is handled in onQueryStarted; drop the mutation's cache entry once settled.
        void call.finally(() => call.reset());
      },
    }),
    // STYLE rule 5's re-sync: overlapping toggles, one that failed, or one made while the list is
    // still being read (its optimistic patch had no list to patch, and the read may answer from
    // before the change: a heart clicked as the page starts) end in the server's true state.
    startAppListening({
      matcher: toggleStarted,
      effect: (_action, api) => {
        if (toggling > 0 || getWishlist.select()(api.getState()).status !== 'fulfilled') resyncDue = true;
        toggling += 1;
      },
    }),
    startAppListening({
      matcher: isAnyOf(toggleSucceeded, toggleFailed),
      effect: (action, api) => {
        toggling = Math.max(0, toggling - 1);
        if (toggleFailed(action)) resyncDue = true;
        if (toggling > 0 || !resyncDue) return;
        resyncDue = false;
        api.dispatch(wishlistApi.util.invalidateTags(['Wishlist']));
      },
    }),

    // SPEC §2: back to page 1 whenever the number of products the search lets through changes.
    startAppListening({
      predicate: (_action, current, previous) => filteredCount(current) !== filteredCount(previous),
      effect: (_action, api) => {
        api.dispatch(wishlistFilteredCountChanged(filteredCount(api.getState())));
      },
    }),

    startAppListening({
      predicate: (action, current, previous) =>
        // A staff sign-in has no shopper's wishlist to merge.
        loggedIn.match(action) && action.payload.role !== 'staff' && selectSessionToken(current) !== null && selectSessionToken(previous) !== selectSessionToken(current),
      effect: (_action, api) => pushGuestWishlist(api),
    }),
    startAppListening({
      predicate: (action, current) =>
        (connectionRestored.match(action) || (action.type === REHYDRATE && !(action as { crossTab?: boolean }).crossTab)) && selectSessionToken(current) !== null && !selectIsStaffSession(current),
      effect: (_action, api) => pushGuestWishlist(api),
    }),
  ];
  return () => unsubscribers.forEach((u) => u());
}
