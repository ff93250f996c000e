import { selectIsAuthenticated } from '../../store/selectors';
import type { RootState } from '../../store/store';
import { wishlistApi } from './wishlistApi';

const selectServerWishlist = wishlistApi.endpoints.getWishlist.select();
const EMPTY: string[] = [];

/**
 * The shopper's wishlist ids: the server list (RTK Query cache) when logged in, the persisted
 * guest list otherwise. Header counts, hearts and the wishlist page all read this.
 */
export function selectWishlistIds(state: RootState): string[] {
  if (selectIsAuthenticated(state)) return selectServerWishlist(state).data ?? EMPTY;
  return state.wishlist.ids;
}

export const selectWishlistCount = (state: RootState): number => selectWishlistIds(state).length;

export const selectIsWishlisted = (state: RootState, productId: string): boolean => selectWishlistIds(state).includes(productId);
