import { createAction } from '@reduxjs/toolkit';
import type { User } from '../domain/types';

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
