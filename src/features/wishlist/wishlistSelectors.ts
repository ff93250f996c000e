import { createSelector } from '@reduxjs/toolkit';
import { paginate } from '../../domain/pagination';
import type { Product } from '../../domain/types';
import { selectIsAuthenticated } from '../session';
import type { RootState } from '../../store/types';
import { searchWishlist, wishlistProducts } from './rules';
import { wishlistApi } from './wishlistApi';
import { selectWishlistPageNumber, selectWishlistSearch } from './wishlistViewSlice';

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

export const selectIsWishlisted = (state: RootState, productId: string): boolean => selectWishlistIds(state).includes(productId);

/** The catalog's products come in as an argument: the wishlist feature does not import the catalog (STYLE rule 8). */
const selectProductsArg = (_state: RootState, products: readonly Product[]) => products;

/** The wishlisted products that still exist, in wishlist order. */
export const selectWishlistProducts = createSelector([selectWishlistIds, selectProductsArg], (ids, products) => wishlistProducts(ids, products));

/** Those the name search lets through (SPEC §2). */
export const selectFilteredWishlist = createSelector([selectWishlistProducts, selectWishlistSearch], (all, search) => searchWishlist(all, search));

/** The page shown: 12 a page, a page past the end shows nothing ('No matching products found.'). */
export const selectWishlistPage = createSelector([selectFilteredWishlist, selectWishlistPageNumber], (filtered, page) => paginate(filtered, page, { pastEnd: 'empty' }));
