import { createAction } from '@reduxjs/toolkit';
import { cartKey } from '../domain/cartKey';
import type { PlacedOrder, User } from '../domain/types';

/**
 * Cross-feature events (STYLE rule 8). A feature reacts to another feature's news by handling one
 * of these in its own reducer or listener — never by importing the other feature's internals.
 * Names are past tense: they report what happened, they do not command.
 */

/** A login or registration succeeded; `user` is known only when the server sent it along. */
export const loggedIn = createAction<{ token: string; user?: User | null }>('session/loggedIn');

/** The shopper logged out (or the session was dropped): client-owned lists are cleared. */
export const loggedOut = createAction('session/loggedOut');

/** A cart line moved to the saved-for-later list, with the quantity it had in the cart. */
export const lineSavedForLater = createAction<{ key: string; quantity: number }>('cart/lineSavedForLater');

/** A saved line moved back to the cart. */
export const savedLineMovedToCart = createAction<{ key: string; quantity: number }>('saved/lineMovedToCart');

/**
 * A line was put into the cart (product page, accessories, bundle page). The cart slice adds the
 * quantity to `itemId_variant` (capped at 99); the type stays 'cart/lineAdded' because the cart
 * owns the state, but any feature may report the event without importing the cart.
 */
export const lineAdded = createAction('cart/lineAdded', (line: { itemId: string; variant: string; quantity: number }) => ({
  payload: { key: cartKey(line.itemId, line.variant), quantity: line.quantity },
}));

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

/**
 * A short message for the shopper (SPEC §8 toasts). Any feature or listener dispatches it; the
 * action is plain data, so it is recorded and replayed like any other event. The ui feature's
 * listener shows it (features/ui/toasts.ts). Declared here because every feature reports toasts
 * and features do not import each other (STYLE rule 8).
 */
export const toastRequested = createAction('ui/toastRequested', (message: string, variant: ToastVariant = 'default') => ({
  payload: { message, variant },
}));

/**
 * A long operation that must not be interrupted began or ended (login, payment verification): the
 * ui slice counts them and the full-screen 'Loading...' of SPEC §2 shows while any is running.
 * Declared here so any feature can report it; the ui slice owns the state.
 */
export const loadingStarted = createAction('ui/loadingStarted');
export const loadingFinished = createAction('ui/loadingFinished');

/** The browser reported that the network is back (`online`): pending server changes may be retried. */
export const connectionRestored = createAction('app/connectionRestored');

/**
 * A card payment was verified and the order is placed (checkout feature, /verify). `emptiesCart`
 * is true when the order was made from this browser's cart (not buy-now, and not a reload of an
 * order already handled here): the cart slice then empties the cart — the server emptied its copy
 * in the same transaction that marked the order paid.
 */
export const orderPlaced = createAction<{ order: PlacedOrder; isBuyNow: boolean; emptiesCart: boolean }>('checkout/orderPlaced');
