import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { cartKey } from '../domain/cartKey';
import type { Message, Order, PlacedOrder, UserRole } from '../domain/types';

/**
 * Cross-feature events (STYLE rule 8). A feature reacts to another feature's news by handling one
 * of these in its own reducer or listener — never by importing the other feature's internals.
 * Names are past tense: they report what happened, they do not command.
 */

/**
 * A login or registration succeeded (the profile is then fetched: the session feature's user-info
 * query). `role` is the login answer's: a staff sign-in skips the shopper's cart and wishlist merge
 *; absent (a token taken over from another tab) it is learnt from the profile.
 */
export const loggedIn = createAction<{ token: string; role?: UserRole }>('session/loggedIn');

/**
 * The user confirmed logging out (the header's dialog, the staff console's button): the session
 * feature tells the server, then logs out here. Declared here so any screen may report it.
 */
export const logoutConfirmed = createAction('session/logoutConfirmed');

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
export const toastRequested = createAction('ui/toastRequested', (message: string, variant: ToastVariant = 'default', action?: ToastAction) => ({
  payload: { message, variant, ...(action ? { action } : {}) },
}));

/** A button on a toast ('Undo'): pressed, the toast closes and `then` (a plain action) is dispatched. */
export interface ToastAction {
  label: string;
  then: UnknownAction;
}

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
 * The real-time connection's news other features react to (the realtime feature owns the socket
 * and its state; chat and orders only hear these). `reconnected`: this socket had been connected
 * before, so server events may have been missed meanwhile.
 */
export const socketConnected = createAction<{ reconnected: boolean }>('realtime/connected');
/** A server event, as plain data: a chat message in a room this client is in. */
export const messageReceived = createAction<Message>('realtime/messageReceived');
/** A server event, as plain data: one of the shopper's orders changed. */
export const orderUpdateReceived = createAction<Order>('realtime/orderUpdateReceived');
/**
 * A screen wants the real-time connection (My Orders, the staff console) / no longer does. The
 * realtime feature counts them and keeps the socket open while any wants it; declared here so a
 * screen of any feature can ask without importing the realtime feature.
 */
export const realtimeSubscribed = createAction('realtime/subscribed');
export const realtimeUnsubscribed = createAction('realtime/unsubscribed');
/** A feature asked to receive a conversation's messages (joined now if connected, and after every reconnect). */
export const roomJoinRequested = createAction<string>('realtime/roomJoinRequested');

/**
 * A card payment was verified and the order is placed (checkout feature, /verify). `emptiesCart`
 * is true when the order was made from this browser's cart (not buy-now, and not a reload of an
 * order already handled here): the cart slice then empties the cart — the server emptied its copy
 * in the same transaction that marked the order paid.
 */
export const orderPlaced = createAction<{ order: PlacedOrder; isBuyNow: boolean; emptiesCart: boolean }>('checkout/orderPlaced');

/**
 * Where the app is: the router's location mirrored into the store (features/router). `state` is
 * the history entry's state when it is plain data (a buy-now item), else null.
 */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

/**
 * The browser's location changed (a link, Back/Forward, a typed url): features/router's
 * LocationSync reports it. Declared here because features react to it (e.g. a dialog that
 * belongs to the page it was opened on closes).
 */
export const locationChanged = createAction<AppLocation>('router/locationChanged');

/**
 * A feature asked to go somewhere (`to`: an absolute path with its query and hash): the router
 * slice takes the new location at once, so the next event builds on it, and the router feature's
 * listener moves the browser there. `state` travels in the history entry (a buy-now item).
 */
export const navigationRequested = createAction('router/navigationRequested', (to: string, options: { replace?: boolean; state?: unknown } = {}) => ({
  payload: { to, replace: options.replace === true, state: options.state ?? null },
}));

/**
 * The shop deleted these products (confirmed by the server's 404, see
 * domain/deletedProducts.ts): the cart, saved-for-later and wishlist slices drop their lines.
 */
export const productsLeftShop = createAction<{ productIds: string[] }>('catalog/productsLeftShop');

/**
 * Checkout found fewer units free than the cart held (stocked-only options): the server lowered
 * these lines (quantity 0: removed) and nothing was charged; the cart slice follows.
 */
export const cartLimitedByStock = createAction<{ lines: Array<{ key: string; quantity: number }> }>('checkout/cartLimitedByStock');
