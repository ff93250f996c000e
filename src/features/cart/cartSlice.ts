import { createAction, createSlice, original, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist/es/constants';
import type { CartData } from '../../domain/types';
import { cartLimitedByStock, lineAdded, lineSavedForLater, loggedOut, orderPlaced, productsLeftShop, savedLineMovedToCart } from '../../store/events';
import { withoutProducts } from '../../domain/deletedProducts';
import { addToLines, clampQuantity, countLines, setLineQuantity } from '../../domain/cartLines';
import { PERSIST_KEY } from '../../store/persistKey';
import { queueChanges, type PendingChange } from './cartSync';
import { quantityText } from './rules';

/** Server sync as a state machine (ARCHITECTURE.md): idle ⇄ syncing → failed → syncing … */
export type CartSyncStatus = 'idle' | 'syncing' | 'failed';

/**
 * The local cart (SPEC §3): `itemId_variant → quantity`, the source of truth on this device. When
 * logged in, every change is also queued in `pending` and sent by cartListeners.ts; the queue is
 * persisted, so a change made offline survives a reload and is sent when the connection returns.
 */
export interface CartState {
  items: CartData;
  /** Bumped on every change of `items`: of two tabs' copies, the newer one wins (store/crossTab.ts). */
  rev: number;
  pending: PendingChange[];
  /** `needsMerge`: the server cart must be read and merged before the sync is complete (login, start-up). */
  sync: { status: CartSyncStatus; error: string | null; needsMerge: boolean };
  /**
   * What a quantity input shows while the shopper types in it (line key → text, e.g. '' after
   * deleting the digits); gone when they leave the field. Not persisted.
   */
  quantityDrafts: Record<string, string>;
}

const initialState: CartState = { items: {}, rev: 0, pending: [], sync: { status: 'idle', error: null, needsMerge: false }, quantityDrafts: {} };

// ---- sync events (past tense), dispatched by cartListeners.ts ---------------------------------

/** Changes were queued for the server (ids come from the store's deps, never from the reducer). */
export const cartChangesQueued = createAction<PendingChange[]>('cart/changesQueued');
/** A run of sends to the server began. */
export const cartSyncStarted = createAction('cart/syncStarted');
/** The server confirmed a change; a `set` reports the quantity it sent. */
export const cartChangeSynced = createAction<{ id: string; sentQuantity?: number }>('cart/changeSynced');
/** The server refused a change for good (400): it is dropped, the local line stays (and is flagged). */
export const cartChangeRefused = createAction<{ id: string; message: string }>('cart/changeRefused');
/** A send failed (network, server error, expired session): the change stays queued. */
export const cartSyncFailed = createAction<{ message: string }>('cart/syncFailed');
/** Every queued change was sent. */
export const cartSyncFinished = createAction('cart/syncFinished');
/**
 * The server cart must be merged in: at login (a previous session's unsent changes are dropped —
 * they may belong to another account, and server quantities win anyway) or at start-up with a
 * token (unsent changes are sent first).
 */
export const cartMergeRequested = createAction<{ discardPending: boolean }>('cart/mergeRequested');
/** Login merge (SPEC §4): the merged lines, and the local-only lines to push (replacing the old queue). */
export const cartMergedWithServer = createAction<{ items: CartData; pending: PendingChange[] }>('cart/mergedWithServer');

/** The shopper typed in a line's quantity input (the listener commits a usable quantity). */
export const quantityTyped = createAction('cart/quantityTyped', (key: string, typed: string) => ({ payload: { key, text: quantityText(typed) } }));
/** The shopper left a line's quantity input: it shows the line's quantity again. */
export const quantityEditFinished = createAction<{ key: string }>('cart/quantityEditFinished');

interface RehydrateAction {
  type: typeof REHYDRATE;
  key: string;
  payload?: { cart?: Partial<Pick<CartState, 'items' | 'rev' | 'pending'>> } | null;
}
const isRehydrate = (action: { type: string }): action is RehydrateAction => action.type === REHYDRATE;

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    lineQuantityChanged(state, action: PayloadAction<{ key: string; quantity: number }>) {
      setLineQuantity(state.items, action.payload.key, action.payload.quantity);
      if (!(action.payload.key in state.items)) delete state.quantityDrafts[action.payload.key];
      state.rev += 1;
    },
    /** The shopper removed a line (`name`: what the Undo toast calls it). */
    lineRemoved(state, action: PayloadAction<{ key: string; name?: string }>) {
      delete state.items[action.payload.key];
      delete state.quantityDrafts[action.payload.key];
      state.rev += 1;
    },
    /** Undo of a removal: the line is back with the quantity it had (or more, if added again meanwhile). */
    lineRestored(state, action: PayloadAction<{ key: string; quantity: number }>) {
      const { key, quantity } = action.payload;
      const back = clampQuantity(quantity);
      if (back <= 0 || (state.items[key] ?? 0) >= back) return;
      state.items[key] = back;
      state.rev += 1;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(quantityTyped, (state, { payload }) => {
        if (payload.key in state.items) state.quantityDrafts[payload.key] = payload.text;
      })
      .addCase(quantityEditFinished, (state, { payload }) => {
        delete state.quantityDrafts[payload.key];
      })
      .addCase(loggedOut, (state) => ({ ...initialState, rev: state.rev + 1 }))
      // Paid from this cart (STYLE rule 8: the checkout reports it). The server emptied its copy
      // with the payment, so queued changes for the old lines must not be sent any more.
      .addCase(orderPlaced, (state, { payload }) => {
        if (!payload.emptiesCart) return;
        state.items = {};
        state.pending = [];
        state.quantityDrafts = {};
        state.rev += 1;
      })
      // Deleted by the shop: the server dropped its own copy of these lines already.
      .addCase(cartLimitedByStock, (state, { payload }) => {
        // The server already lowered its copy of the cart: only the lines it names change, only downwards.
        for (const { key, quantity } of payload.lines) {
          const had = state.items[key];
          if (had === undefined || quantity >= had) continue;
          if (quantity <= 0) delete state.items[key];
          else state.items[key] = quantity;
          delete state.quantityDrafts[key];
        }
        state.rev += 1;
      })
      .addCase(productsLeftShop, (state, { payload }) => {
        const kept = withoutProducts(state.items, payload.productIds);
        if (kept === state.items) return;
        for (const key of Object.keys(state.items)) if (!(key in kept)) delete state.quantityDrafts[key];
        state.items = kept;
        state.rev += 1;
      })
      // Reported by any screen through store/events (STYLE rule 8); quantities cap at 99.
      .addCase(lineAdded, (state, action) => {
        addToLines(state.items, action.payload.key, action.payload.quantity);
        state.rev += 1;
      })
      .addCase(lineSavedForLater, (state, action) => {
        delete state.items[action.payload.key];
        delete state.quantityDrafts[action.payload.key];
        state.rev += 1;
      })
      .addCase(savedLineMovedToCart, (state, action) => {
        addToLines(state.items, action.payload.key, action.payload.quantity);
        state.rev += 1;
      })
      .addCase(cartChangesQueued, (state, { payload }) => {
        state.pending = queueChanges(state.pending, payload);
      })
      .addCase(cartMergeRequested, (state, { payload }) => {
        if (payload.discardPending) state.pending = [];
        state.sync.needsMerge = true;
      })
      .addCase(cartSyncStarted, (state) => {
        if (state.sync.status === 'syncing') return;
        state.sync.status = 'syncing';
        state.sync.error = null;
      })
      .addCase(cartChangeSynced, (state, { payload }) => {
        const change = state.pending.find((c) => c.id === payload.id);
        if (!change) return;
        // A `set` whose line changed while it was on the way stays queued: it is sent again.
        if (change.kind === 'set' && payload.sentQuantity !== undefined && (state.items[change.key] ?? 0) !== payload.sentQuantity) return;
        state.pending = state.pending.filter((c) => c.id !== payload.id);
      })
      .addCase(cartChangeRefused, (state, { payload }) => {
        state.pending = state.pending.filter((c) => c.id !== payload.id);
      })
      .addCase(cartSyncFailed, (state, { payload }) => {
        if (state.sync.status !== 'syncing') return;
        state.sync.status = 'failed';
        state.sync.error = payload.message;
      })
      .addCase(cartSyncFinished, (state) => {
        if (state.sync.status !== 'syncing') return;
        state.sync.status = 'idle';
        state.sync.error = null;
      })
      .addCase(cartMergedWithServer, (state, { payload }) => {
        state.items = payload.items;
        state.pending = payload.pending;
        state.sync.needsMerge = false;
        state.rev += 1;
      })
      // Start-up and other tabs (store/crossTab.ts): the stored copy replaces this one unless this
      // one is newer. Always a new object, so redux-persist's own merge leaves this key to us.
      .addMatcher(isRehydrate, (state, action) => {
        const mine = original(state) ?? state;
        const inbound = action.key === PERSIST_KEY ? action.payload?.cart : undefined;
        if (!inbound || (inbound.rev ?? 0) < mine.rev) return { ...mine };
        return { ...mine, items: inbound.items ?? {}, rev: inbound.rev ?? 0, pending: inbound.pending ?? [] };
      });
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartCount: (state) => countLines(state.items),
    selectCartSync: (state) => state.sync,
    selectCartPendingCount: (state) => state.pending.length,
    /** The text a line's quantity input shows: what is being typed, else the quantity. */
    selectQuantityInputText: (state, key: string) => state.quantityDrafts[key] ?? String(state.items[key] ?? ''),
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof cartSlice> {}
}

export { lineAdded };
export const { lineQuantityChanged, lineRemoved, lineRestored } = cartSlice.actions;
export const { selectCartItems, selectCartCount, selectCartSync, selectCartPendingCount, selectQuantityInputText } = cartSlice.selectors;
