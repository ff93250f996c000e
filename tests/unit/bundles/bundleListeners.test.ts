import { describe, expect, it, vi } from 'vitest';
import { bundlesApi } from '../../../src/features/bundles/bundlesApi';
import { bundleAddPressed } from '../../../src/features/bundles/bundlesSlice';
import { routerStateAt } from '../../../src/features/router/routerSlice';
import { selectLocation } from '../../../src/features/router/routerSlice';
import { makeStore } from '../../../src/store/store';
import { NOW, bundles } from '../../fixtures/catalog';

async function setup() {
  const store = makeStore({ router: routerStateAt('/bundle/bn-active-1') }, { now: () => NOW, newId: () => 'id' });
  const navigate = vi.fn();
  store.navigator.attach(navigate);
  await store.dispatch(bundlesApi.util.upsertQueryData('getBundles', undefined, bundles));
  return { store, navigate };
}

describe("'Add Bundle to Cart'", () => {
  it('adds quantity 1 of an active bundle and goes to /cart', async () => {
    const { store, navigate } = await setup();
    store.dispatch(bundleAddPressed({ bundleId: 'bn-active-1' }));
    store.dispatch(bundleAddPressed({ bundleId: 'bn-active-1' }));
    expect(store.getState().cart.items).toEqual({ 'bn-active-1_bundle': 2 });
    expect(navigate).toHaveBeenLastCalledWith('/cart', { replace: false, state: null });
    expect(selectLocation(store.getState()).pathname).toBe('/cart');
  });

  it('adds nothing for a bundle not on offer now (expired, not started, cancelled, unknown)', async () => {
    const { store, navigate } = await setup();
    for (const bundleId of ['bn-expired', 'bn-future', 'bn-cancelled', 'nope']) store.dispatch(bundleAddPressed({ bundleId }));
    expect(store.getState().cart.items).toEqual({});
    expect(navigate).not.toHaveBeenCalled();
  });
});
