import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../../src/domain/cartKey';
import { cartSlice, lineAdded, lineQuantityChanged, lineRemoved, selectCartCount } from '../../../src/features/cart/cartSlice';
import { savedSlice, selectSavedCount } from '../../../src/features/saved/savedSlice';
import { initialSessionState, selectIsLoggedIn, sessionSlice } from '../../../src/features/session/sessionSlice';
import { loadingFinished, loadingStarted, selectIsLoading } from '../../../src/features/ui/uiSlice';
import { selectWishlistIds } from '../../../src/features/wishlist/wishlistSelectors';
import { toggled, wishlistSlice } from '../../../src/features/wishlist/wishlistSlice';
import { lineSavedForLater, loggedIn, loggedOut, savedLineMovedToCart } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';

const cart = cartSlice.reducer;

describe('cart', () => {
  it('adds lines under itemId_variant and sums repeated adds', () => {
    let s = cart(undefined, lineAdded({ itemId: 'p1', variant: 'Red|M', quantity: 2 }));
    s = cart(s, lineAdded({ itemId: 'p1', variant: 'Red|M', quantity: 3 }));
    s = cart(s, lineAdded({ itemId: 'b1', variant: 'bundle', quantity: 1 }));
    expect(s.items).toEqual({ 'p1_Red|M': 5, b1_bundle: 1 });
  });

  it('caps a line at MAX_LINE_QUANTITY', () => {
    let s = cart(undefined, lineAdded({ itemId: 'p1', variant: '|', quantity: 98 }));
    s = cart(s, lineAdded({ itemId: 'p1', variant: '|', quantity: 5 }));
    expect(s.items['p1_|']).toBe(MAX_LINE_QUANTITY);
  });

  it('ignores non-positive or non-numeric adds', () => {
    let s = cart(undefined, lineAdded({ itemId: 'p1', variant: '|', quantity: 0 }));
    s = cart(s, lineAdded({ itemId: 'p1', variant: '|', quantity: Number.NaN }));
    s = cart(s, lineAdded({ itemId: 'p1', variant: '|', quantity: -3 }));
    expect(s.items).toEqual({});
  });

  it('changes a quantity, 0 removes the line, and removes lines', () => {
    let s = cart(undefined, lineAdded({ itemId: 'p1', variant: '|', quantity: 2 }));
    s = cart(s, lineQuantityChanged({ key: 'p1_|', quantity: 7 }));
    expect(s.items['p1_|']).toBe(7);
    s = cart(s, lineQuantityChanged({ key: 'p1_|', quantity: 0 }));
    expect(s.items).toEqual({});
    s = cart(s, lineAdded({ itemId: 'p2', variant: '|', quantity: 1 }));
    s = cart(s, lineRemoved({ key: 'p2_|' }));
    expect(s.items).toEqual({});
  });

  it('counts quantities, not lines', () => {
    const store = makeStore({ cart: { items: { 'a_|': 2, b_bundle: 3 } } });
    expect(selectCartCount(store.getState())).toBe(5);
  });
});

describe('saved for later', () => {
  it('moves a line between cart and saved in both directions', () => {
    const store = makeStore({ cart: { items: { 'a_|': 2, 'b_|': 1 } } });
    store.dispatch(lineSavedForLater({ key: 'a_|', quantity: 2 }));
    expect(store.getState().cart.items).toEqual({ 'b_|': 1 });
    expect(store.getState().saved.items).toEqual({ 'a_|': 2 });
    expect(selectSavedCount(store.getState())).toBe(2);
    store.dispatch(savedLineMovedToCart({ key: 'a_|', quantity: 2 }));
    expect(store.getState().saved.items).toEqual({});
    expect(store.getState().cart.items).toEqual({ 'b_|': 1, 'a_|': 2 });
  });

  it('starts empty', () => {
    expect(savedSlice.reducer(undefined, { type: '@@init' })).toEqual({ items: {}, rev: 0 });
  });
});

describe('wishlist', () => {
  it('toggles ids on and off, keeping order', () => {
    let s = wishlistSlice.reducer(undefined, toggled('p1'));
    s = wishlistSlice.reducer(s, toggled('p2'));
    s = wishlistSlice.reducer(s, toggled('p1'));
    s = wishlistSlice.reducer(s, toggled('p3'));
    expect(s.ids).toEqual(['p2', 'p3']);
    expect(toggled('p1').type).toBe('wishlist/toggled');
  });
});

describe('session', () => {
  it('logs in with a token and out again', () => {
    let s = sessionSlice.reducer(undefined, loggedIn({ token: 't1' }));
    expect(s).toMatchObject({ status: 'authenticated', token: 't1' });
    s = sessionSlice.reducer(s, loggedOut());
    expect(s).toEqual(initialSessionState);
  });

  it('ignores a login without a token', () => {
    const s = sessionSlice.reducer(undefined, loggedIn({ token: '  ' }));
    expect(s.status).toBe('anonymous');
  });

  it('logging out clears cart, saved items and wishlist', () => {
    const store = makeStore({
      session: { ...initialSessionState, status: 'authenticated', token: 't' },
      cart: { items: { 'a_|': 2 } },
      saved: { items: { 'b_|': 1 } },
      wishlist: { ids: ['c'] },
    });
    store.dispatch(loggedOut());
    const s = store.getState();
    expect(selectIsLoggedIn(s)).toBe(false);
    expect(selectCartCount(s)).toBe(0);
    expect(selectSavedCount(s)).toBe(0);
    expect(selectWishlistIds(s)).toHaveLength(0);
  });
});

describe('global loading flag', () => {
  it('is set while any load is pending and never goes negative', () => {
    const store = makeStore();
    store.dispatch(loadingStarted());
    store.dispatch(loadingStarted());
    store.dispatch(loadingFinished());
    expect(selectIsLoading(store.getState())).toBe(true);
    store.dispatch(loadingFinished());
    store.dispatch(loadingFinished());
    expect(selectIsLoading(store.getState())).toBe(false);
    store.dispatch(loadingStarted());
    expect(selectIsLoading(store.getState())).toBe(true);
  });
});
