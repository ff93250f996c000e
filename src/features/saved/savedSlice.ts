import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartData } from '../../domain/types';
import { lineSavedForLater, loggedOut, savedLineMovedToCart } from '../../store/events';
import { addToLines, countLines } from '../../domain/cartLines';

/** Saved-for-later lines (SPEC §3): the same shape as the cart. The cart page fills it. */
export interface SavedState {
  items: CartData;
}

const initialState: SavedState = { items: {} };

export const savedSlice = createSlice({
  name: 'saved',
  initialState,
  reducers: {
    savedLineRemoved(state, action: PayloadAction<{ key: string }>) {
      delete state.items[action.payload.key];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(lineSavedForLater, (state, action) => {
        addToLines(state.items, action.payload.key, action.payload.quantity);
      })
      .addCase(savedLineMovedToCart, (state, action) => {
        delete state.items[action.payload.key];
      });
  },
  selectors: {
    selectSavedItems: (state) => state.items,
    selectSavedCount: (state) => countLines(state.items),
  },
});

export const { savedLineRemoved } = savedSlice.actions;
export const { selectSavedItems, selectSavedCount } = savedSlice.selectors;
