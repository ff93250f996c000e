import { baseApi } from '../../api/baseApi';
import { linesOfProducts, productsMissingFromCatalog, removedNotice, type ShopperLists } from '../../domain/deletedProducts';
import { productsLeftShop, toastRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import type { RootState } from '../../store/types';
import { catalogApi } from './catalogApi';

const selectProductsResult = catalogApi.endpoints.getProducts.select();

export interface DeletedProductsOptions {
  /**
   * The shopper's wishlist ids: the server's list when logged in, the guest list otherwise (the
   * store passes the wishlist's selector: features do not import each other).
   */
  selectWishlistIds: (state: RootState) => readonly string[];
}

/**
 * Products the shop deleted leave the shopper's lists. Whenever the product list or one
 * of the lists changes, the lists' product ids missing from the product list are asked for one by
 * one; only a 404 counts as deleted (a list older than a product just added, or a network failure,
 * drops nothing). Then `productsLeftShop`, the server's lists read again, and one notice. An id the server still has is not asked
 * again until the product list changes.
 */
export function setupDeletedProductsListener(startAppListening: AppStartListening, { selectWishlistIds }: DeletedProductsOptions) {
  const listsOf = (state: RootState): ShopperLists => ({ cart: state.cart.items, saved: state.saved.items, wishlist: selectWishlistIds(state) });
  let listSeen: unknown = null;
  let stillThere = new Set<string>();
  const asking = new Set<string>();

  return startAppListening({
    predicate: (_action, current, previous) =>
      selectProductsResult(current).data !== selectProductsResult(previous).data ||
      current.cart.items !== previous.cart.items ||
      current.saved.items !== previous.saved.items ||
      selectWishlistIds(current) !== selectWishlistIds(previous),
    effect: async (_action, api) => {
      const state = api.getState();
      const list = selectProductsResult(state).data;
      if (list === undefined) return;
      if (list !== listSeen) {
        listSeen = list;
        stillThere = new Set();
      }
      const candidates = productsMissingFromCatalog(listsOf(state), (id) => list.entities[id] !== undefined || stillThere.has(id) || asking.has(id));
      if (candidates.length === 0) return;
      candidates.forEach((id) => asking.add(id));
      const gone: string[] = [];
      try {
        for (const id of candidates) {
          const r = await api.dispatch(catalogApi.endpoints.getProduct.initiate(id, { subscribe: false, forceRefetch: true }));
          if (r.data) stillThere.add(id);
          else if ((r.error as { status?: unknown } | undefined)?.status === 404) gone.push(id);
        }
      } finally {
        candidates.forEach((id) => asking.delete(id));
      }
      if (gone.length === 0) return;
      const notice = removedNotice(linesOfProducts(listsOf(api.getState()), gone));
      api.dispatch(productsLeftShop({ productIds: gone }));
      // A logged-in shopper's server lists lost these lines with the delete: read them again.
      api.dispatch(baseApi.util.invalidateTags(['Wishlist', 'Cart']));
      if (notice) api.dispatch(toastRequested(notice, 'info'));
    },
  });
}
