import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  linesOfProducts,
  productOfLine,
  productsMissingFromCatalog,
  removedNotice,
  withoutProducts,
  REMOVED_FROM_BOTH,
  REMOVED_FROM_CART,
  REMOVED_FROM_WISHLIST,
} from '../../../src/domain/deletedProducts';
import { catalogApi } from '../../../src/features/catalog/catalogApi';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { wishlistApi } from '../../../src/features/wishlist/wishlistApi';
import { attachToastOutlet } from '../../../src/features/ui/toastOutlet';
import { productsLeftShop } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';
import { NOW, makeProduct } from '../../fixtures/catalog';
import { mswServer } from '../../utils/msw';

describe('deleted products: the rules', () => {
  it('find product and accessory lines, never bundle lines', () => {
    expect(productOfLine('p1_Red|M')).toBe('p1');
    expect(productOfLine('p1_accessory-0')).toBe('p1');
    expect(productOfLine('bn1_bundle')).toBeNull();
    expect(productOfLine('nonsense')).toBeNull();
  });

  it('name the ids the lists hold that the catalog lacks, each once', () => {
    const lists = { cart: { 'a_|': 1, 'gone_Red|': 2, 'gone_accessory-1': 1, 'oldbundle_bundle': 1 }, saved: { 'other_|': 1 }, wishlist: ['a', 'wish-gone', 'gone'] };
    expect(productsMissingFromCatalog(lists, (id) => id === 'a')).toEqual(['gone', 'other', 'wish-gone']);
  });

  it('drop the lines of the given products and count them', () => {
    const items = { 'a_|': 1, 'gone_Red|': 2, 'gone_accessory-1': 1, 'gone_bundle': 1 };
    expect(withoutProducts(items, ['gone'])).toEqual({ 'a_|': 1, 'gone_bundle': 1 });
    expect(withoutProducts(items, ['nothing'])).toBe(items);
    expect(linesOfProducts({ cart: items, saved: { 'gone_|': 1 }, wishlist: ['gone', 'a'] }, ['gone'])).toEqual({ cart: 2, saved: 1, wishlist: 1 });
  });

  it('word the notice by where lines were removed', () => {
    expect(removedNotice({ cart: 1, saved: 0, wishlist: 0 })).toBe(REMOVED_FROM_CART);
    expect(removedNotice({ cart: 0, saved: 2, wishlist: 0 })).toBe('Some items are no longer available and were removed from your cart.');
    expect(removedNotice({ cart: 0, saved: 0, wishlist: 1 })).toBe(REMOVED_FROM_WISHLIST);
    expect(removedNotice({ cart: 1, saved: 0, wishlist: 1 })).toBe(REMOVED_FROM_BOTH);
    expect(removedNotice({ cart: 0, saved: 0, wishlist: 0 })).toBeNull();
  });

  it('are applied by the cart, saved and wishlist slices on productsLeftShop', () => {
    const store = makeStore({ cart: { items: { 'a_|': 1, 'gone_|': 2 } }, saved: { items: { 'gone_accessory-0': 1 } }, wishlist: { ids: ['gone', 'a'], rev: 0 } }, { now: () => NOW });
    store.dispatch(productsLeftShop({ productIds: ['gone'] }));
    const s = store.getState();
    expect(s.cart.items).toEqual({ 'a_|': 1 });
    expect(s.saved.items).toEqual({});
    expect(s.wishlist.ids).toEqual(['a']);
    expect(s.cart.rev).toBe(1);
  });
});

describe('deleted products: the listener', () => {
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('drops lines only of products the server answers 404 for, and says so once', async () => {
    // 'fresh' is missing from the (older) list but the server has it: kept. 'gone' is deleted: dropped.
    const fresh = makeProduct({ _id: 'fresh', name: 'Fresh' });
    const asked: string[] = [];
    mswServer.use(
      http.get('*/api/product/single/:id', ({ params }) => {
        asked.push(String(params.id));
        return params.id === 'fresh' ? HttpResponse.json({ success: true, product: fresh }) : HttpResponse.json({ success: false, message: 'Product not found' }, { status: 404 });
      }),
    );
    const store = makeStore(
      { cart: { items: { 'b1_|': 1, 'gone_|': 2, 'fresh_|': 1, 'bn-gone_bundle': 1 } }, wishlist: { ids: ['gone'], rev: 0 } },
      { now: () => NOW },
    );
    const toasts: string[] = [];
    const detach = attachToastOutlet((message) => toasts.push(message));
    await store.dispatch(catalogApi.endpoints.getProducts.initiate());
    await until(() => !('gone_|' in store.getState().cart.items));
    expect(store.getState().cart.items).toEqual({ 'b1_|': 1, 'fresh_|': 1, 'bn-gone_bundle': 1 });
    expect(store.getState().wishlist.ids).toEqual([]);
    expect(asked.sort()).toEqual(['fresh', 'gone']);
    // Nothing is asked again while the list stays the same.
    store.dispatch({ type: 'cart/lineQuantityChanged', payload: { key: 'b1_|', quantity: 2 } });
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toHaveLength(2);
    expect(toasts).toEqual([REMOVED_FROM_BOTH]);
    detach();
  });

  it('drops nothing when the check fails (network)', async () => {
    mswServer.use(http.get('*/api/product/single/:id', () => HttpResponse.error()));
    const store = makeStore({ cart: { items: { 'gone_|': 2 } } }, { now: () => NOW });
    await store.dispatch(catalogApi.endpoints.getProducts.initiate());
    await new Promise((r) => setTimeout(r, 100));
    expect(store.getState().cart.items).toEqual({ 'gone_|': 2 });
  });

  it('reads a logged-in shopper’s wishlist from the server and asks for it again after a delete', async () => {
    let wishlistReads = 0;
    mswServer.use(
      http.post('*/api/wishlist/list', () => {
        wishlistReads += 1;
        return HttpResponse.json({ success: true, wishlist: wishlistReads === 1 ? ['b1', 'gone'] : ['b1'] });
      }),
      http.post('*/api/cart/get', () => HttpResponse.json({ success: true, cartData: {} })),
    );
    const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', token: 'tok' } }, { now: () => NOW });
    const toasts: string[] = [];
    const detach = attachToastOutlet((message) => toasts.push(message));
    const sub = store.dispatch(wishlistApi.endpoints.getWishlist.initiate());
    await sub;
    await store.dispatch(catalogApi.endpoints.getProducts.initiate());
    await until(() => toasts.length > 0 && wishlistReads > 1);
    expect(toasts).toEqual([REMOVED_FROM_WISHLIST]);
    await until(() => wishlistApi.endpoints.getWishlist.select()(store.getState()).data?.length === 1);
    expect(wishlistApi.endpoints.getWishlist.select()(store.getState()).data).toEqual(['b1']);
    sub.unsubscribe();
    detach();
  });
});
