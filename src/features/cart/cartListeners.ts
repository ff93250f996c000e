import { isAnyOf, type UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist/es/constants';
import type { ApiError } from '../../api/errors';
import { clampQuantity } from '../../domain/cartLines';
import { splitCartKey } from '../../domain/cartKey';
import { connectionRestored, lineAdded, lineSavedForLater, loggedIn, orderPlaced, savedLineMovedToCart, toastRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectIsStaffSession, selectSessionToken } from '../session';
import { cartApi } from './cartApi';
import {
  cartChangeRefused,
  cartChangesQueued,
  cartChangeSynced,
  cartMergedWithServer,
  cartMergeRequested,
  cartSyncFailed,
  cartSyncFinished,
  cartSyncStarted,
  lineQuantityChanged,
  lineRemoved,
  lineRestored,
  quantityTyped,
} from './cartSlice';
import { isServerKey, mergeCarts, type PendingChange } from './cartSync';
import { typedQuantity } from './rules';

/** SPEC §8, word for word. */
export const CART_SYNC_ERROR = 'Error syncing cart with server. Your cart is saved locally.';
export const CART_UPDATE_ERROR = 'Unable to update cart on server';

/** The toast of a removed line, which offers to put it back. */
export const lineRemovedMessage = (name: string | undefined) => (name ? `Removed “${name}” from your cart.` : 'Removed the item from your cart.');

/** After a failed send, try again this much later (the `online` event and the next change retry sooner). */
const CART_RETRY_DELAY_MS = 30_000;

type Api = Parameters<Parameters<AppStartListening>[0]['effect']>[1];
/** Why a sync runs: a shopper's action (failures are toasted) or a background retry (silent). */
type Reason = 'change' | 'retry';

type SendOutcome = { ok: true; sentQuantity?: number } | { ok: false; refused: boolean; status: ApiError['status'] | undefined; message: string };

function apiError(err: unknown): ApiError | undefined {
  if (err && typeof err === 'object' && 'status' in err) return err as ApiError;
  return undefined;
}

/** The queued server changes an event implies (bundle lines never reach the server). */
function changesFor(action: UnknownAction, newId: () => string): PendingChange[] {
  if (lineAdded.match(action) || savedLineMovedToCart.match(action)) {
    const { key } = action.payload;
    const quantity = clampQuantity(action.payload.quantity);
    return isServerKey(key) && quantity > 0 ? [{ id: newId(), key, kind: 'add', quantity }] : [];
  }
  if (lineQuantityChanged.match(action) || lineRemoved.match(action) || lineRestored.match(action) || lineSavedForLater.match(action)) {
    const { key } = action.payload;
    return isServerKey(key) ? [{ id: newId(), key, kind: 'set' }] : [];
  }
  return [];
}

/**
 * Cart server sync, a listener per store:
 * - while logged in, every cart change is queued (persisted with the cart) and sent in order,
 *   one at a time; a failure keeps the local cart and the queue, shows the SPEC §8 toast (never on
 *   401: the session feature handles that) and is retried on `online`, on the next change, or
 *   after CART_RETRY_DELAY_MS;
 * - at login the server cart is merged over the local one (cartSync.ts `mergeCarts`) and the
 *   local-only lines are queued as adds; at start-up with a token, unsent changes go first, then
 *   the same merge brings in what other devices did.
 */
export function setupCartListeners(startAppListening: AppStartListening) {
  let busy = false;

  async function send(api: Api, change: PendingChange): Promise<SendOutcome> {
    const parts = splitCartKey(change.key)!;
    try {
      if (change.kind === 'add') {
        await api
          .dispatch(
            cartApi.endpoints.addCartLine.initiate(
              { itemId: parts.itemId, color: parts.variant, quantity: change.quantity, idempotencyKey: change.id },
              { track: false },
            ),
          )
          .unwrap();
        return { ok: true };
      }
      const quantity = api.getState().cart.items[change.key] ?? 0;
      await api.dispatch(cartApi.endpoints.updateCartLine.initiate({ itemId: parts.itemId, color: parts.variant, quantity }, { track: false })).unwrap();
      return { ok: true, sentQuantity: quantity };
    } catch (err) {
      const e = apiError(err);
      const status = e?.status;
      return { ok: false, refused: status === 400 || status === 404 || status === 422, status, message: e?.message ?? 'Network error' };
    }
  }

  function toastFailure(api: Api, reason: Reason, status: ApiError['status'] | undefined, message: string) {
    if (reason === 'retry' || status === 401 || status === 403) return;
    api.dispatch(toastRequested(message, 'error'));
  }

  /** Sends queued changes and performs a requested merge; one run at a time per store. */
  async function sync(api: Api, reason: Reason): Promise<void> {
    if (busy) return;
    const token = selectSessionToken(api.getState());
    const start = api.getState().cart;
    if (!token || (start.pending.length === 0 && !start.sync.needsMerge)) return;
    busy = true;
    try {
      api.dispatch(cartSyncStarted());
      for (;;) {
        if (selectSessionToken(api.getState()) !== token) {
          api.dispatch(cartSyncFailed({ message: 'The session ended' }));
          return;
        }
        const cart = api.getState().cart;
        const change = cart.pending[0];
        if (change) {
          const outcome = await send(api, change);
          if (outcome.ok) {
            api.dispatch(cartChangeSynced({ id: change.id, sentQuantity: outcome.sentQuantity }));
          } else if (outcome.refused) {
            // The server will never take it (e.g. the product left the catalog): the line stays
            // here, flagged by the cart page, and the queue moves on.
            api.dispatch(cartChangeRefused({ id: change.id, message: outcome.message }));
            toastFailure(api, reason, outcome.status, change.kind === 'add' ? CART_SYNC_ERROR : CART_UPDATE_ERROR);
          } else {
            api.dispatch(cartSyncFailed({ message: outcome.message }));
            toastFailure(api, reason, outcome.status, change.kind === 'add' ? CART_SYNC_ERROR : CART_UPDATE_ERROR);
            return;
          }
          continue;
        }
        if (cart.sync.needsMerge) {
          const result = await api.dispatch(cartApi.endpoints.getCart.initiate(undefined, { subscribe: false, forceRefetch: true }));
          if (selectSessionToken(api.getState()) !== token) continue;
          if (!result.data) {
            const e = apiError(result.error);
            api.dispatch(cartSyncFailed({ message: e?.message ?? 'Network error' }));
            toastFailure(api, reason, e?.status, CART_SYNC_ERROR);
            return;
          }
          // Read and merge with no await in between: no local change can slip past the merge.
          const { items, push } = mergeCarts(api.getState().cart.items, result.data);
          const pending: PendingChange[] = push.map(({ key, quantity }) => ({ id: api.extra.newId(), key, kind: 'add', quantity }));
          api.dispatch(cartMergedWithServer({ items, pending }));
          continue;
        }
        api.dispatch(cartSyncFinished());
        return;
      }
    } finally {
      busy = false;
    }
  }

  const unsubscribers = [
    // A usable quantity typed in a line's input changes the line at once (0 removes it, SPEC §5).
    startAppListening({
      actionCreator: quantityTyped,
      effect: ({ payload }, api) => {
        const quantity = typedQuantity(payload.text);
        const current = api.getState().cart.items[payload.key];
        if (quantity !== null && current !== undefined && quantity !== current) api.dispatch(lineQuantityChanged({ key: payload.key, quantity }));
      },
    }),

    // A removed line can be put back from the toast, with the quantity it had (and, for a
    // logged-in shopper, on the server: the restore is queued like any change).
    startAppListening({
      actionCreator: lineRemoved,
      effect: ({ payload }, api) => {
        const quantity = api.getOriginalState().cart.items[payload.key];
        if (!quantity) return;
        api.dispatch(toastRequested(lineRemovedMessage(payload.name), 'info', { label: 'Undo', then: lineRestored({ key: payload.key, quantity }) }));
      },
    }),

    // Every change of a logged-in cart is queued, then sent.
    startAppListening({
      matcher: isAnyOf(lineAdded, savedLineMovedToCart, lineQuantityChanged, lineRemoved, lineRestored, lineSavedForLater),
      effect: (action, api) => {
        if (!selectSessionToken(api.getState())) return;
        const changes = changesFor(action, api.extra.newId);
        if (changes.length === 0) return;
        api.dispatch(cartChangesQueued(changes));
        void sync(api, 'change');
      },
    }),

    // Login merge (SPEC §4); a staff sign-in has no shopper's cart to merge.
    startAppListening({
      predicate: (action, current, previous) =>
        loggedIn.match(action) && action.payload.role !== 'staff' && selectSessionToken(current) !== null && selectSessionToken(previous) !== selectSessionToken(current),
      effect: (_action, api) => {
        api.dispatch(cartMergeRequested({ discardPending: true }));
        void sync(api, 'change');
      },
    }),

    // Start-up with a stored token (not another tab's copy, see store/crossTab.ts).
    startAppListening({
      predicate: (action, current) => action.type === REHYDRATE && !(action as { crossTab?: boolean }).crossTab && selectSessionToken(current) !== null && !selectIsStaffSession(current),
      effect: (_action, api) => {
        api.dispatch(cartMergeRequested({ discardPending: false }));
        void sync(api, 'change');
      },
    }),

    // An order was paid from this cart (checkout). The server emptied its copy with the
    // payment, but the start-up merge on /verify may have pushed the old lines back meanwhile:
    // remove every line this cart had (the slice already emptied the items and the queue).
    startAppListening({
      actionCreator: orderPlaced,
      effect: (action, api) => {
        if (!action.payload.emptiesCart || !selectSessionToken(api.getState())) return;
        const before = api.getOriginalState().cart;
        const keys = new Set([...Object.keys(before.items), ...before.pending.map((c) => c.key)].filter(isServerKey));
        if (keys.size === 0) return;
        api.dispatch(cartChangesQueued([...keys].map((key): PendingChange => ({ id: api.extra.newId(), key, kind: 'set' }))));
        void sync(api, 'retry');
      },
    }),

    // The connection is back: send what waited.
    startAppListening({
      actionCreator: connectionRestored,
      effect: (_action, api) => {
        void sync(api, 'retry');
      },
    }),

    // A failed send is retried later even without a network event (a server that was down).
    startAppListening({
      actionCreator: cartSyncFailed,
      effect: async (_action, api) => {
        api.cancelActiveListeners();
        await api.delay(CART_RETRY_DELAY_MS);
        void sync(api, 'retry');
      },
    }),
  ];
  return () => unsubscribers.forEach((u) => u());
}
