import { describe, expect, it } from 'vitest';
import { routerSlice, routerStateAt, selectLocation } from '../../../src/features/router/routerSlice';
import { locationChanged, navigationRequested } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';

const reduce = routerSlice.reducer;

describe('router slice (the mirrored location)', () => {
  it('starts at / and takes every reported location', () => {
    const start = reduce(undefined, { type: '@@init' });
    expect(start.location).toEqual({ pathname: '/', search: '', hash: '', state: null });
    const next = reduce(start, locationChanged({ pathname: '/collection', search: '?category=Figures', hash: '', state: null }));
    expect(next.location.search).toBe('?category=Figures');
  });

  it('takes a requested navigation at once, with its history state', () => {
    const item = { productId: 'p1', variant: 'Red|M', quantity: 1 };
    const next = reduce(undefined, navigationRequested('/place-order', { state: item }));
    expect(next.location).toEqual({ pathname: '/place-order', search: '', hash: '', state: item });
    expect(navigationRequested('/cart').payload).toEqual({ to: '/cart', replace: false, state: null });
    expect(navigationRequested('/collection?page=2', { replace: true }).payload.replace).toBe(true);
  });

  it('can be preloaded for one request, with nothing to run', () => {
    const store = makeStore({ router: routerStateAt('/collection?category=Figures&priceRange=40&page=2') });
    expect(selectLocation(store.getState())).toEqual({ pathname: '/collection', search: '?category=Figures&priceRange=40&page=2', hash: '', state: null });
  });
});
