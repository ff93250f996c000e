import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../../store/events';

/**
 * The guest wishlist: product ids, most recent last (SPEC §3). Server sync (optimistic toggle,
 * merge on login) arrives with the accounts feature.
 */
export interface WishlistState {
  ids: string[];
}

const initialState: WishlistState = { ids: [] };

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    /** Adds the id when absent, removes it when present. */
    toggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (!id) return;
      const at = state.ids.indexOf(id);
      if (at >= 0) state.ids.splice(at, 1);
      else state.ids.push(id);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectWishlistIds: (state) => state.ids,
    selectWishlistCount: (state) => state.ids.length,
    selectIsWishlisted: (state, productId: string) => state.ids.includes(productId),
  },
});

export const { toggled } = wishlistSlice.actions;
export const { selectWishlistIds, selectWishlistCount, selectIsWishlisted } = wishlistSlice.selectors;
/** Alias that reads better at call sites outside this slice: `dispatch(wishlistToggled(id))`. */
export const wishlistToggled = toggled;
