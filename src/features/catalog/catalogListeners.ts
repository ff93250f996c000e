import { lineAdded, navigationRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectIsStaffSession } from '../session';
import { catalogApi, selectPageProduct } from './catalogApi';
import {
  accessoryAddPressed,
  addedToCart,
  addToCartPressed,
  buyNowPressed,
  purchaseRefused,
  selectProductSelection,
} from './catalogSlice';
import { accessoryPurchase, addedProductLine, checkPurchase } from './purchase';
import { changeStoreQuery } from '../../domain/storeQuery';
import { clearedFilters, selectStoreQuery, storeFiltersCleared, storeFilterToggled, storeHref, storeViewChanged, toggledFilter } from './storeView';

/**
 * The catalog's rules that need the cache or move the browser:
 * - store view events become a navigation to the store's new url (the router slice takes it at
 *   once, so the next event builds on it);
 * - Add to cart / Buy now check the selection against the product (rules.ts) and either report the
 *   problem or add the line (and open the dialog) / go to checkout with the item in navigation
 *   state, as the product page did before;
 * - an accessory's Add puts its line into the cart;
 * - a product page answered 'not found' before a staff session was there is asked again with it:
 *   staff preview hidden products (notAvailableYet), which the server hides from everyone else, and
 *   a full load of such a page is rendered, and first asked for, as a guest's.
 */
export function setupCatalogListeners(startAppListening: AppStartListening) {
  startAppListening({
    actionCreator: storeViewChanged,
    effect: ({ payload }, api) => {
      const next = changeStoreQuery(selectStoreQuery(api.getState()), payload.patch);
      api.dispatch(navigationRequested(storeHref(next), { replace: payload.replace }));
    },
  });
  startAppListening({
    actionCreator: storeFilterToggled,
    effect: ({ payload }, api) => {
      api.dispatch(navigationRequested(storeHref(toggledFilter(selectStoreQuery(api.getState()), payload.filter, payload.value))));
    },
  });
  startAppListening({
    actionCreator: storeFiltersCleared,
    effect: (_action, api) => {
      api.dispatch(navigationRequested(storeHref(clearedFilters(selectStoreQuery(api.getState())))));
    },
  });

  startAppListening({
    matcher: (action) => addToCartPressed.match(action) || buyNowPressed.match(action),
    effect: (action, api) => {
      const { productId } = (action as ReturnType<typeof addToCartPressed>).payload;
      const state = api.getState();
      const product = selectPageProduct(state, productId);
      if (!product) return;
      const picked = selectProductSelection(state, productId);
      const check = checkPurchase(product, picked);
      if (!check.ok) {
        api.dispatch(purchaseRefused({ productId, problem: check.problem }));
        return;
      }
      if (buyNowPressed.match(action)) {
        // Checkout reads the item from navigation state (and /login forwards it), as before.
        api.dispatch(navigationRequested('/place-order', { state: check.item }));
        return;
      }
      api.dispatch(lineAdded({ itemId: productId, variant: check.item.variant, quantity: check.item.quantity }));
      api.dispatch(addedToCart({ productId, line: addedProductLine(product, picked, check.item.quantity) }));
    },
  });

  startAppListening({
    actionCreator: accessoryAddPressed,
    effect: ({ payload }, api) => {
      const product = selectPageProduct(api.getState(), payload.productId);
      const purchase = product ? accessoryPurchase(product, payload.index) : null;
      if (!purchase) return;
      api.dispatch(lineAdded({ itemId: payload.productId, variant: purchase.variant, quantity: 1 }));
      api.dispatch(addedToCart({ productId: payload.productId, line: purchase.added }));
    },
  });

  startAppListening({
    predicate: (_action, current, previous) => selectIsStaffSession(current) && !selectIsStaffSession(previous),
    effect: (_action, api) => {
      const notFound = Object.values(api.getState().api.queries)
        .filter((q) => q?.endpointName === 'getProduct' && q.status === 'rejected')
        .map((q) => ({ type: 'Product' as const, id: String(q!.originalArgs) }));
      if (notFound.length > 0) api.dispatch(catalogApi.util.invalidateTags(notFound));
    },
  });
}
