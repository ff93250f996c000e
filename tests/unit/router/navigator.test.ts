import { describe, expect, it, vi } from 'vitest';
import { createNavigatorSlot } from '../../../src/features/router/navigator';
import { navigationRequested } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';

describe('the store’s navigator slot', () => {
  it('does nothing until a router is attached, then uses the last one attached', () => {
    const slot = createNavigatorSlot();
    slot.navigate('/cart', { replace: false, state: null });
    const first = vi.fn();
    const second = vi.fn();
    const detachFirst = slot.attach(first);
    const detachSecond = slot.attach(second);
    slot.navigate('/cart', { replace: true, state: { a: 1 } });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('/cart', { replace: true, state: { a: 1 } });
    // An old router unmounting does not detach the current one.
    detachFirst();
    slot.navigate('/x', { replace: false, state: null });
    expect(second).toHaveBeenCalledTimes(2);
    detachSecond();
    slot.navigate('/y', { replace: false, state: null });
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('moves the router when a navigation is requested (the router listener)', () => {
    const store = makeStore();
    const navigate = vi.fn();
    store.navigator.attach(navigate);
    store.dispatch(navigationRequested('/place-order', { state: { productId: 'p', variant: '|', quantity: 1 } }));
    expect(navigate).toHaveBeenCalledWith('/place-order', { replace: false, state: { productId: 'p', variant: '|', quantity: 1 } });
  });

  it("tells the router's arrival at a move the store asked for while a later one is on its way from a move of the shopper's own", () => {
    const slot = createNavigatorSlot();
    // Typing "dr": the store is at ?q=dr while the router, a frame behind, reaches ?q=d.
    slot.expect('/collection?q=d');
    slot.expect('/collection?q=dr');
    expect(slot.arrived('/collection?q=d')).toBe(true);
    // Its arrival at the last one asked for, or anywhere else (back, a link), is the router's news.
    expect(slot.arrived('/collection?q=dr')).toBe(false);
    slot.expect('/collection?q=dra');
    expect(slot.arrived('/collection')).toBe(false);
    expect(slot.arrived('/collection?q=d')).toBe(false);
  });
});
