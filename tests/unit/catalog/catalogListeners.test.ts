import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { catalogApi, normaliseProducts } from '../../../src/features/catalog/catalogApi';
import {
  accessoryAddPressed,
  addToCartPressed,
  buyNowPressed,
  colorPicked,
  quantityTyped,
  selectProductSelection,
  sizePicked,
} from '../../../src/features/catalog/catalogSlice';
import { MESSAGES } from '../../../src/features/catalog/purchase';
import { selectStoreQuery, storeFiltersCleared, storeFilterToggled, storeViewChanged } from '../../../src/features/catalog/storeView';
import { routerStateAt } from '../../../src/features/router/routerSlice';
import { selectLocation } from '../../../src/features/router/routerSlice';
import { loggedIn, navigationRequested } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';
import { NOW, makeProduct } from '../../fixtures/catalog';

const knight = makeProduct({
  _id: 'knight',
  name: 'Knight',
  price: 40,
  discount: 25,
  colorVariants: [{ color: 'Silver', image: '/img/knight-silver.svg' }],
  clothingSizes: ['M', 'L'],
  hasAccessory: true,
  accessories: [
    { name: 'Shield', price: 5, images: ['/img/shield.svg'], description: '', outOfStock: false, comingSoon: false, preOrder: false, isNew: false, limitedEdition: false, notAvailableYet: false },
    { name: 'Lance', price: 7, images: [], description: '', outOfStock: true, comingSoon: false, preOrder: false, isNew: false, limitedEdition: false, notAvailableYet: false },
  ],
});
const sold = makeProduct({ _id: 'sold', outOfStock: true });

async function storeWithProducts(route = '/') {
  const store = makeStore({ router: routerStateAt(route) }, { now: () => NOW, newId: () => 'id' });
  const navigate = vi.fn();
  store.navigator.attach(navigate);
  await store.dispatch(catalogApi.util.upsertQueryData('getProducts', undefined, normaliseProducts({ success: true, products: [knight, sold] })));
  return { store, navigate };
}

describe('product page listeners', () => {
  it('refuses Add to cart with the first problem, in the order of SPEC §5', async () => {
    const { store } = await storeWithProducts('/product/knight');
    store.dispatch(addToCartPressed({ productId: 'knight' }));
    expect(selectProductSelection(store.getState(), 'knight').problem).toBe(MESSAGES.color);
    store.dispatch(colorPicked({ productId: 'knight', color: 'Silver' }));
    store.dispatch(addToCartPressed({ productId: 'knight' }));
    expect(selectProductSelection(store.getState(), 'knight').problem).toBe(MESSAGES.size);
    store.dispatch(sizePicked({ productId: 'knight', size: 'L' }));
    store.dispatch(quantityTyped({ productId: 'knight', text: '0' }));
    store.dispatch(addToCartPressed({ productId: 'knight' }));
    expect(selectProductSelection(store.getState(), 'knight').problem).toBe(MESSAGES.quantity);
    store.dispatch(addToCartPressed({ productId: 'sold' }));
    expect(selectProductSelection(store.getState(), 'sold').problem).toBe(MESSAGES.outOfStock);
    expect(store.getState().cart.items).toEqual({});
  });

  it('adds the picked line and opens the dialog with its sale price', async () => {
    const { store } = await storeWithProducts('/product/knight');
    store.dispatch(colorPicked({ productId: 'knight', color: 'Silver' }));
    store.dispatch(sizePicked({ productId: 'knight', size: 'L' }));
    store.dispatch(quantityTyped({ productId: 'knight', text: '2' }));
    store.dispatch(addToCartPressed({ productId: 'knight' }));
    expect(store.getState().cart.items).toEqual({ 'knight_Silver|L': 2 });
    expect(selectProductSelection(store.getState(), 'knight')).toMatchObject({
      problem: null,
      added: { name: 'Knight', image: '/img/knight-silver.svg', detail: 'Color: Silver · Size: L', quantity: 2, unitPrice: 30 },
    });
  });

  it('Buy now goes to /place-order with the item in navigation state, leaving the cart alone', async () => {
    const { store, navigate } = await storeWithProducts('/product/knight');
    store.dispatch(colorPicked({ productId: 'knight', color: 'Silver' }));
    store.dispatch(sizePicked({ productId: 'knight', size: 'M' }));
    store.dispatch(quantityTyped({ productId: 'knight', text: '3' }));
    store.dispatch(buyNowPressed({ productId: 'knight' }));
    const item = { productId: 'knight', variant: 'Silver|M', quantity: 3 };
    expect(navigate).toHaveBeenCalledWith('/place-order', { replace: false, state: item });
    expect(selectLocation(store.getState())).toEqual({ pathname: '/place-order', search: '', hash: '', state: item });
    expect(store.getState().cart.items).toEqual({});
  });

  it('Buy now with a problem stays on the page and says why', async () => {
    const { store, navigate } = await storeWithProducts('/product/knight');
    store.dispatch(buyNowPressed({ productId: 'knight' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(selectProductSelection(store.getState(), 'knight').problem).toBe(MESSAGES.color);
  });

  it('adds an accessory for sale as accessory-<index>, and never one out of stock', async () => {
    const { store } = await storeWithProducts('/product/knight');
    store.dispatch(accessoryAddPressed({ productId: 'knight', index: 1 }));
    expect(store.getState().cart.items).toEqual({});
    store.dispatch(accessoryAddPressed({ productId: 'knight', index: 0 }));
    expect(store.getState().cart.items).toEqual({ 'knight_accessory-0': 1 });
    expect(selectProductSelection(store.getState(), 'knight').added).toMatchObject({ name: 'Shield', detail: 'Accessory for Knight', unitPrice: 5 });
  });

  it('does nothing for a product the cache does not hold', async () => {
    const { store, navigate } = await storeWithProducts();
    store.dispatch(buyNowPressed({ productId: 'ghost' }));
    store.dispatch(addToCartPressed({ productId: 'ghost' }));
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().cart.items).toEqual({});
  });
});

describe('store view listeners', () => {
  it('turns a change into the new store url, back to page 1 unless the page itself changed', async () => {
    const { store, navigate } = await storeWithProducts('/collection?category=Figures&page=3');
    store.dispatch(storeViewChanged({ patch: { maxPrice: 40 } }));
    // The store holds the new url at once; the router (the address bar) gets it once the grid is painted.
    expect(selectLocation(store.getState()).search).toBe('?category=Figures&priceRange=40');
    expect(navigate).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/collection?category=Figures&priceRange=40', { replace: false, state: null }));
    store.dispatch(storeViewChanged({ patch: { page: 2 } }));
    expect(selectLocation(store.getState()).search).toBe('?category=Figures&priceRange=40&page=2');
    expect(selectStoreQuery(store.getState())).toMatchObject({ category: 'Figures', maxPrice: 40, page: 2 });
  });

  it('moves the router in order: a move to another page goes at once, after the store moves still waiting for the paint', async () => {
    const { store, navigate } = await storeWithProducts('/collection');
    store.dispatch(storeViewChanged({ patch: { category: 'Fidgets' } }));
    store.dispatch(navigationRequested('/product/knight'));
    expect(navigate.mock.calls.map(([to]) => to)).toEqual(['/collection?category=Fidgets', '/product/knight']);
  });

  it('builds each change on the one before, before the router has caught up (a fast typist)', async () => {
    const { store } = await storeWithProducts('/collection');
    for (const search of ['d', 'dr', 'dra']) store.dispatch(storeViewChanged({ patch: { search }, replace: true }));
    store.dispatch(storeViewChanged({ patch: { sort: 'price-asc' } }));
    expect(selectStoreQuery(store.getState())).toMatchObject({ search: 'dra', sort: 'price-asc' });
  });

  it('toggles list filters and clears them all, keeping the sort', async () => {
    const { store } = await storeWithProducts('/collection?category=Figures&sort=newest');
    store.dispatch(storeFilterToggled({ filter: 'subCategories', value: 'MARVEL' }));
    store.dispatch(storeFilterToggled({ filter: 'colors', value: 'Red' }));
    expect(selectLocation(store.getState()).search).toBe('?category=Figures&brand=MARVEL&color=Red&sort=newest');
    store.dispatch(storeFilterToggled({ filter: 'subCategories', value: 'MARVEL' }));
    expect(selectStoreQuery(store.getState()).subCategories).toEqual([]);
    store.dispatch(storeFiltersCleared());
    expect(selectLocation(store.getState()).search).toBe('?sort=newest');
  });
});

describe('a staff preview of a hidden product', () => {
  it('asks again, with the staff session, for a product page answered "not found" before the session was back', async () => {
    const hidden = makeProduct({ _id: 'hidden', name: 'Secret Owl', notAvailableYet: true });
    const asked: (string | null)[] = [];
    mswServer.use(
      http.get('*/api/product/single/hidden', ({ request }) => {
        asked.push(request.headers.get('token'));
        return request.headers.get('token') === 'staff-token'
          ? HttpResponse.json({ success: true, product: hidden })
          : HttpResponse.json({ success: false, message: 'Product not found' }, { status: 404 });
      }),
      http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: 'Staff', email: 'staff@example.com', role: 'staff' } })),
    );
    const { store } = await storeWithProducts('/product/hidden');
    // The product page's subscription, as a guest (a full load is rendered and first asked for as one).
    const page = store.dispatch(catalogApi.endpoints.getProduct.initiate('hidden'));
    await page;
    expect(catalogApi.endpoints.getProduct.select('hidden')(store.getState()).isError).toBe(true);
    store.dispatch(loggedIn({ token: 'staff-token', role: 'staff' }));
    await vi.waitFor(() => expect(catalogApi.endpoints.getProduct.select('hidden')(store.getState()).data?.name).toBe('Secret Owl'));
    expect(asked).toEqual([null, 'staff-token']);
    page.unsubscribe();
  });
});
