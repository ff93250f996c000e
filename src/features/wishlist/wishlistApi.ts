import { baseApi } from '../../api/baseApi';
import type { ApiError } from '../../api/errors';
import { toastRequested } from '../../store/events';

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

/**
 * Optimistic toggle (SPEC §4, STYLE rule 5): patch the cached list, then undo on failure with a
 * toast. The re-sync (after a failure or overlapping toggles) is wishlistListeners' job.
 */
function optimistic(change: (ids: string[], productId: string) => void) {
  return async (productId: string, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> }) => {
    const patch = dispatch(wishlistApi.util.updateQueryData('getWishlist', undefined, (ids) => change(ids, productId))) as { undo(): void };
    try {
      await queryFulfilled;
    } catch (err) {
      patch.undo();
      const status = (err as { error?: ApiError } | undefined)?.error?.status;
      // A 401 is the session feature's news ('Session expired…'), not a wishlist failure.
      if (status !== 401) dispatch(toastRequested(WISHLIST_TOGGLE_ERROR, 'error'));
    }
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
