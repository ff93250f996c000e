import { baseApi } from '../../api/baseApi';
import type { ApiError } from '../../api/errors';
import { toastRequested } from '../../store/events';
import type { RootState } from '../../store/store';

/** Shown when a heart could not be saved on the server (the heart flips back). */
export const WISHLIST_TOGGLE_ERROR = 'Could not update your wishlist. Please try again.';

/** The server answers ids or objects with `_id` (SPEC §3): ids, each once, in order. */
export function wishlistIds(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const out: string[] = [];
  for (const item of raw) {
    const id = typeof item === 'string' ? item : item && typeof item === 'object' ? (item as { _id?: unknown })._id : undefined;
    if (typeof id === 'string' && id && !out.includes(id)) out.push(id);
  }
  return out;
}

const WISHLIST_MUTATIONS = new Set(['addToWishlist', 'removeFromWishlist']);

/**
 * Whether another heart toggle is still on its way to the server. RTK Query does not keep a
 * mutation's argument in the state, so any product counts: a rare extra re-read is harmless.
 */
function otherToggleInFlight(state: RootState, requestId: string): boolean {
  return Object.values(state.api.mutations).some((m) => m?.status === 'pending' && m.requestId !== requestId && WISHLIST_MUTATIONS.has(m.endpointName ?? ''));
}

/**
 * Optimistic toggle (SPEC §4, STYLE rule 5): patch the cached list, then undo on failure with a
 * toast, then re-sync. Overlapping toggles end in the server's true state: the last one to settle
 * re-reads the list whenever toggles overlapped or one failed.
 */
function optimistic(change: (ids: string[], productId: string) => void) {
  return async (
    productId: string,
    { dispatch, getState, queryFulfilled, requestId }: { dispatch: (a: unknown) => unknown; getState: () => unknown; queryFulfilled: Promise<unknown>; requestId: string },
  ) => {
    let overlapped = otherToggleInFlight(getState() as RootState, requestId);
    const patch = dispatch(wishlistApi.util.updateQueryData('getWishlist', undefined, (ids) => change(ids, productId))) as { undo(): void };
    let failed = false;
    try {
      await queryFulfilled;
    } catch (err) {
      failed = true;
      patch.undo();
      const status = (err as { error?: ApiError } | undefined)?.error?.status;
      // A 401 is the session feature's news ('Session expired…'), not a wishlist failure.
      if (status !== 401) dispatch(toastRequested(WISHLIST_TOGGLE_ERROR, 'error'));
    }
    const stillInFlight = otherToggleInFlight(getState() as RootState, requestId);
    overlapped ||= stillInFlight;
    if ((failed || overlapped) && !stillInFlight) dispatch(wishlistApi.util.invalidateTags(['Wishlist']));
  };
}

/** SPEC §7 wishlist calls; the list is the logged-in shopper's wishlist (guests use the slice). */
export const wishlistApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWishlist: build.query<string[], void>({
      query: () => ({ url: '/api/wishlist/list', method: 'POST' }),
      transformResponse: (r: { wishlist?: unknown }) => wishlistIds(r?.wishlist),
      providesTags: ['Wishlist'],
    }),
    addToWishlist: build.mutation<void, string>({
      query: (productId) => ({ url: '/api/wishlist/add', method: 'POST', body: { productId } }),
      transformResponse: () => undefined,
      onQueryStarted: optimistic((ids, id) => {
        if (!ids.includes(id)) ids.push(id);
      }),
    }),
    removeFromWishlist: build.mutation<void, string>({
      query: (productId) => ({ url: '/api/wishlist/remove', method: 'POST', body: { productId } }),
      transformResponse: () => undefined,
      onQueryStarted: optimistic((ids, id) => {
        const at = ids.indexOf(id);
        if (at >= 0) ids.splice(at, 1);
      }),
    }),
    /** The login merge's push of a guest id: no optimistic patch, no toast (wishlistListeners.ts). */
    pushWishlistItem: build.mutation<void, string>({
      query: (productId) => ({ url: '/api/wishlist/add', method: 'POST', body: { productId } }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useGetWishlistQuery } = wishlistApi;
