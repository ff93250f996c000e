import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut } from '../../store/events';

/**
 * What the shopper chose on /wishlist (SPEC §2): the name search and the page. Kept apart from the
 * guest list (wishlistSlice), which is persisted; this is not.
 */
export interface WishlistViewState {
  search: string;
  page: number;
}

const initialState: WishlistViewState = { search: '', page: 1 };

// ---- events (past tense) ---------------------------------------------------------------------
export const wishlistSearchChanged = createAction<string>('wishlistView/searchChanged');
export const wishlistPageChanged = createAction<number>('wishlistView/pageChanged');
/** The number of products the search lets through changed (wishlistListeners): back to page 1. */
export const wishlistFilteredCountChanged = createAction<number>('wishlistView/filteredCountChanged');

export const wishlistViewSlice = createSlice({
  name: 'wishlistView',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(wishlistSearchChanged, (state, { payload }) => {
        state.search = typeof payload === 'string' ? payload : '';
      })
      .addCase(wishlistPageChanged, (state, { payload }) => {
        state.page = Number.isFinite(payload) ? Math.max(1, Math.floor(payload)) : 1;
      })
      .addCase(wishlistFilteredCountChanged, (state) => {
        state.page = 1;
      })
      .addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectWishlistSearch: (state) => state.search,
    selectWishlistPageNumber: (state) => state.page,
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof wishlistViewSlice> {}
}

export const { selectWishlistSearch, selectWishlistPageNumber } = wishlistViewSlice.selectors;
