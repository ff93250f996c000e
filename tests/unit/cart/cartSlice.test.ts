import { describe, expect, it } from 'vitest';
import { lineAdded as cartLineAdded, selectCartCount } from '../../../src/features/cart/cartSlice';
import { lineAdded } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';

describe('cart lines added from the catalog', () => {
  it('is one event, keyed itemId_variant', () => {
    expect(cartLineAdded).toBe(lineAdded);
    expect(lineAdded({ itemId: 'p1', variant: 'Red|M', quantity: 2 }).payload).toEqual({ key: 'p1_Red|M', quantity: 2 });
    expect(lineAdded({ itemId: 'p1', variant: 'accessory-2', quantity: 1 }).type).toBe('cart/lineAdded');
  });

  it('adds up quantities per key, caps a line at 99, and counts items across lines', () => {
    const store = makeStore();
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'Red|M', quantity: 2 }));
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'Red|M', quantity: 3 }));
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'accessory-0', quantity: 1 }));
    store.dispatch(lineAdded({ itemId: 'b1', variant: 'bundle', quantity: 1 }));
    expect(store.getState().cart.items).toEqual({ 'p1_Red|M': 5, 'p1_accessory-0': 1, b1_bundle: 1 });
    expect(selectCartCount(store.getState())).toBe(7);
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'Red|M', quantity: 500 }));
    expect(store.getState().cart.items['p1_Red|M']).toBe(99);
  });

  it('ignores zero, negative and non-numeric quantities', () => {
    const store = makeStore();
    store.dispatch(lineAdded({ itemId: 'p1', variant: '|', quantity: 0 }));
    store.dispatch(lineAdded({ itemId: 'p1', variant: '|', quantity: -3 }));
    store.dispatch(lineAdded({ itemId: 'p1', variant: '|', quantity: Number.NaN }));
    expect(store.getState().cart.items).toEqual({});
    expect(selectCartCount(store.getState())).toBe(0);
  });
});
