import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartData } from '../../domain/types';
import { lineAdded, lineSavedForLater, loggedOut, savedLineMovedToCart } from '../../store/events';
import { addToLines, countLines, setLineQuantity } from '../../domain/cartLines';

/** The local cart (SPEC §3): `itemId_variant → quantity`. Server sync is added by a later feature. */
export interface CartState {
  items: CartData;
}

const initialState: CartState = { items: {} };

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    lineQuantityChanged(state, action: PayloadAction<{ key: string; quantity: number }>) {
      setLineQuantity(state.items, action.payload.key, action.payload.quantity);
    },
    lineRemoved(state, action: PayloadAction<{ key: string }>) {
      delete state.items[action.payload.key];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      // Reported by any screen through store/events (STYLE rule 8); quantities cap at 99.
      .addCase(lineAdded, (state, action) => {
        addToLines(state.items, action.payload.key, action.payload.quantity);
      })
      .addCase(lineSavedForLater, (state, action) => {
        delete state.items[action.payload.key];
      })
      .addCase(savedLineMovedToCart, (state, action) => {
        addToLines(state.items, action.payload.key, action.payload.quantity);
      });
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartCount: (state) => countLines(state.items),
  },
});

export { lineAdded };
export const { lineQuantityChanged, lineRemoved } = cartSlice.actions;
export const { selectCartItems, selectCartCount } = cartSlice.selectors;
