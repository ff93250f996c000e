import { describe, expect, it } from 'vitest';
import { bundlesApi } from '../../../src/features/bundles/bundlesApi';
import { selectCartLines, selectCartSummary } from '../../../src/features/cart/cartSelectors';
import { catalogApi } from '../../../src/features/catalog/catalogApi';
import { selectCatalogStatus } from '../../../src/features/catalog/catalogLookup';
import { makeStore } from '../../../src/store/store';
import { NOW } from '../../fixtures/catalog';
import { failWith, mswServer } from '../../utils/msw';

describe('cart selectors over the cached catalog', () => {
  it('have no lines until both lists are cached, then price them (bundles by date)', async () => {
    // A bundle no longer offered stays as a missing line (a deleted product's line is dropped: tests/unit/lists/deletedProducts.test.ts).
    const store = makeStore({ cart: { items: { 'b1_|': 2, 'bn-active-1_bundle': 1, 'bn-gone_bundle': 1 } } });
    expect(selectCatalogStatus(store.getState())).toEqual({ state: 'loading' });
    expect(selectCartLines(store.getState(), NOW)).toBeNull();
    expect(selectCartSummary(store.getState(), NOW)).toBeNull();

    await store.dispatch(catalogApi.endpoints.getProducts.initiate());
    expect(selectCartLines(store.getState(), NOW)).toBeNull();
    await store.dispatch(bundlesApi.endpoints.getBundles.initiate());

    const lines = selectCartLines(store.getState(), NOW)!;
    expect(lines.map((l) => [l.key, l.status, l.lineTotalCents])).toEqual([
      ['b1_|', 'ok', 6000],
      ['bn-active-1_bundle', 'ok', 4950],
      ['bn-gone_bundle', 'missing', null],
    ]);
    expect(selectCartSummary(store.getState(), NOW)).toMatchObject({ subtotalCents: 10950, deliveryFeeCents: 0, unavailableMessage: '1 item is unavailable and not counted in the total.' });
    // Long after the bundle's end date it is no longer priced.
    expect(selectCartLines(store.getState(), NOW + 365 * 86_400_000)![1]!.status).toBe('unavailable');
    // Memoised: the same inputs give the same lines.
    expect(selectCartLines(store.getState(), NOW)).toBe(lines);
  });

  it('report a failed list with its message', async () => {
    mswServer.use(failWith('/api/bundle/list', 'Bundles are down'));
    const store = makeStore();
    await store.dispatch(catalogApi.endpoints.getProducts.initiate());
    await store.dispatch(bundlesApi.endpoints.getBundles.initiate());
    expect(selectCatalogStatus(store.getState())).toEqual({ state: 'error', message: 'Bundles are down' });
    expect(selectCartLines(store.getState(), NOW)).toBeNull();
  });
});
