import { selectIsAuthenticated } from '../../store/selectors';
import type { AppDispatch, RootState } from '../../store/store';
import { wishlistApi } from './wishlistApi';
import { selectIsWishlisted } from './wishlistSelectors';
import { toggled } from './wishlistSlice';

/**
 * The heart was clicked (SPEC §4 "Wishlist toggle"): a guest's list changes locally; a logged-in
 * shopper's list changes optimistically in the cache and on the server (wishlistApi.ts rolls it
 * back with a toast if the server refuses).
 */
export function wishlistHeartClicked(productId: string) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    if (!productId) return;
    const state = getState();
    if (!selectIsAuthenticated(state)) {
      dispatch(toggled(productId));
      return;
    }
    const endpoint = selectIsWishlisted(state, productId) ? wishlistApi.endpoints.removeFromWishlist : wishlistApi.endpoints.addToWishlist;
    const call = dispatch(endpoint.initiate(productId));
    // The outcome is handled in onQueryStarted; drop the mutation's cache entry once settled.
    void call.finally?.(() => call.reset());
  };
}
