import { lineAdded, navigationRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectActiveBundles } from './bundlesApi';
import { bundleAddPressed, bundleLine } from './bundlesSlice';

/** 'Add Bundle to Cart': a bundle on offer now goes into the cart (quantity 1), then the shopper goes to /cart. */
export function setupBundleListeners(startAppListening: AppStartListening) {
  startAppListening({
    actionCreator: bundleAddPressed,
    effect: ({ payload }, api) => {
      const bundle = selectActiveBundles(api.getState(), api.extra.now()).find((b) => b._id === payload.bundleId);
      if (!bundle) return;
      api.dispatch(lineAdded(bundleLine(bundle)));
      api.dispatch(navigationRequested('/cart'));
    },
  });
}
