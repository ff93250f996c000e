import { createAction, createSlice, original, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist/es/constants';
import { loggedOut, productsLeftShop } from '../../store/events';
import { PERSIST_KEY } from '../../store/persistKey';

/**
 * The guest wishlist: product ids, most recent last (SPEC §3), persisted on this device. For a
 * logged-in shopper the wishlist is server state in the RTK Query cache (wishlistApi.ts); at login
 * the guest ids missing on the server are pushed and leave this list (wishlistListeners.ts).
 */
export interface WishlistState {
  ids: string[];
  /** Bumped on every change: of two tabs' copies, the newer one wins (store/crossTab.ts). */
  rev: number;
}

const initialState: WishlistState = { ids: [], rev: 0 };

/**
 * The heart was clicked (SPEC §4 "Wishlist toggle"): a guest's list changes here (`toggled`); a
 * logged-in shopper's changes optimistically in the cache and on the server (wishlistListeners.ts,
 * wishlistApi.ts rolls it back with a toast if the server refuses). Before the saved token is back
 * it waits for it (store/savedState.ts).
 */
export const heartClicked = createAction<{ productId: string }>('wishlist/heartClicked');

/** These guest ids are now on the server (login merge): they leave the local list. */
export const guestWishlistPushed = createAction<string[]>('wishlist/guestWishlistPushed');

interface RehydrateAction {
  type: typeof REHYDRATE;
  key: string;
  payload?: { wishlist?: Partial<WishlistState> } | null;
}
const isRehydrate = (action: { type: string }): action is RehydrateAction => action.type === REHYDRATE;

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    /** Adds the id when absent, removes it when present (the guest heart; see wishlistListeners.ts). */
    toggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (!id) return;
      const at = state.ids.indexOf(id);
      if (at >= 0) state.ids.splice(at, 1);
      else state.ids.push(id);
      state.rev += 1;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, (state) => ({ ids: [], rev: state.rev + 1 }))
      .addCase(guestWishlistPushed, (state, { payload }) => {
        const pushed = new Set(payload);
        const kept = state.ids.filter((id) => !pushed.has(id));
        if (kept.length === state.ids.length) return;
        state.ids = kept;
        state.rev += 1;
      })
      // Deleted by the shop.
      .addCase(productsLeftShop, (state, { payload }) => {
        const gone = new Set(payload.productIds);
        const kept = state.ids.filter((id) => !gone.has(id));
        if (kept.length === state.ids.length) return;
        state.ids = kept;
        state.rev += 1;
      })
      // Start-up and other tabs: the stored copy wins unless this one is newer (see cartSlice).
      .addMatcher(isRehydrate, (state, action) => {
        const mine = original(state) ?? state;
        const inbound = action.key === PERSIST_KEY ? action.payload?.wishlist : undefined;
        if (!inbound || (inbound.rev ?? 0) < mine.rev) return { ...mine };
        return { ids: inbound.ids ?? [], rev: inbound.rev ?? 0 };
      });
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof wishlistSlice> {}
}

export const { toggled } = wishlistSlice.actions;
