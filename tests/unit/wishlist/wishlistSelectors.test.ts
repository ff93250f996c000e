import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/types';
import { catalogApi } from '../../../src/features/catalog/catalogApi';
import { selectFilteredWishlist, selectWishlistPage, selectWishlistProducts } from '../../../src/features/wishlist/wishlistSelectors';
import { toggled } from '../../../src/features/wishlist/wishlistSlice';
import { wishlistPageChanged, wishlistSearchChanged } from '../../../src/features/wishlist/wishlistViewSlice';
import { makeStore } from '../../../src/store/store';
import { makeProduct } from '../../fixtures/catalog';
import { mswServer } from '../../utils/msw';

const products: Product[] = Array.from({ length: 14 }, (_, i) => makeProduct({ _id: `w${i + 1}`, name: i < 3 ? `Dragon Spinner ${i + 1}` : `Desk Lamp ${i + 1}` }));

/** A guest with every product wishlisted, the catalog loaded (the store passes it to the wishlist's listener). */
async function wishlistStore(ids = products.map((p) => p._id)) {
  mswServer.use(http.get('*/api/product/list', () => HttpResponse.json({ success: true, products })));
  const store = makeStore({ wishlist: { ids } });
  await store.dispatch(catalogApi.endpoints.getProducts.initiate());
  return store;
}

describe('wishlist selectors', () => {
  it('keep wishlist order, skip removed products and search names case-insensitively', async () => {
    const store = await wishlistStore(['w3', 'gone', 'w1']);
    expect(selectWishlistProducts(store.getState(), products).map((p) => p._id)).toEqual(['w3', 'w1']);
    store.dispatch(wishlistSearchChanged('  sPiNnEr 3'));
    expect(selectFilteredWishlist(store.getState(), products).map((p) => p._id)).toEqual(['w3']);
  });

  it('page by 12 with the one pagination rule; a page past the end shows nothing', async () => {
    const store = await wishlistStore();
    expect(selectWishlistPage(store.getState(), products)).toMatchObject({ page: 1, pageCount: 2, total: 14 });
    store.dispatch(wishlistPageChanged(2));
    expect(selectWishlistPage(store.getState(), products).items.map((p) => p._id)).toEqual(['w13', 'w14']);
    store.dispatch(wishlistPageChanged(5));
    expect(selectWishlistPage(store.getState(), products).items).toEqual([]);
  });
});

describe('back to page 1 when the filtered count changes (wishlistListeners)', () => {
  it('on a search that changes the count, and on a heart that changes it', async () => {
    const store = await wishlistStore();
    store.dispatch(wishlistPageChanged(2));
    store.dispatch(wishlistSearchChanged('desk'));
    expect(store.getState().wishlistView.page).toBe(1);

    store.dispatch(wishlistSearchChanged(''));
    store.dispatch(wishlistPageChanged(2));
    store.dispatch(toggled('w14'));
    expect(store.getState().wishlistView.page).toBe(1);
  });

  it('stays on its page when the count does not change', async () => {
    const store = await wishlistStore();
    store.dispatch(wishlistPageChanged(2));
    store.dispatch(wishlistSearchChanged('e')); // every name has an "e"
    expect(store.getState().wishlistView.page).toBe(2);
  });
});
