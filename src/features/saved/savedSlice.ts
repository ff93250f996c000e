import { createSlice, original, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist/es/constants';
import type { CartData } from '../../domain/types';
import { lineSavedForLater, loggedOut, productsLeftShop, savedLineMovedToCart } from '../../store/events';
import { withoutProducts } from '../../domain/deletedProducts';
import { addToLines, countLines } from '../../domain/cartLines';
import { PERSIST_KEY } from '../../store/persistKey';

/**
 * Saved-for-later lines (SPEC §3): the same shape as the cart, kept on this device only (the
 * server has no saved list). The cart page fills it.
 */
export interface SavedState {
  items: CartData;
  /** Bumped on every change: of two tabs' copies, the newer one wins (store/crossTab.ts). */
  rev: number;
}

const initialState: SavedState = { items: {}, rev: 0 };

interface RehydrateAction {
  type: typeof REHYDRATE;
  key: string;
  payload?: { saved?: Partial<SavedState> } | null;
}
const isRehydrate = (action: { type: string }): action is RehydrateAction => action.type === REHYDRATE;

export const savedSlice = createSlice({
  name: 'saved',
  initialState,
  reducers: {
    savedLineRemoved(state, action: PayloadAction<{ key: string }>) {
      delete state.items[action.payload.key];
      state.rev += 1;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, (state) => ({ items: {}, rev: state.rev + 1 }))
      .addCase(lineSavedForLater, (state, action) => {
        addToLines(state.items, action.payload.key, action.payload.quantity);
        state.rev += 1;
      })
      .addCase(savedLineMovedToCart, (state, action) => {
        delete state.items[action.payload.key];
        state.rev += 1;
      })
      // Deleted by the shop.
      .addCase(productsLeftShop, (state, { payload }) => {
        const kept = withoutProducts(state.items, payload.productIds);
        if (kept === state.items) return;
        state.items = kept;
        state.rev += 1;
      })
      // Start-up and other tabs: the stored copy wins unless this one is newer (see cartSlice).
      .addMatcher(isRehydrate, (state, action) => {
        const mine = original(state) ?? state;
        const inbound = action.key === PERSIST_KEY ? action.payload?.saved : undefined;
        if (!inbound || (inbound.rev ?? 0) < mine.rev) return { ...mine };
        return { items: inbound.items ?? {}, rev: inbound.rev ?? 0 };
      });
  },
  selectors: {
    selectSavedItems: (state) => state.items,
    selectSavedCount: (state) => countLines(state.items),
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof savedSlice> {}
}

export const { savedLineRemoved } = savedSlice.actions;
export const { selectSavedItems, selectSavedCount } = savedSlice.selectors;
