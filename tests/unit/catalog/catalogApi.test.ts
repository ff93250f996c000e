import { describe, expect, it } from 'vitest';
import { catalogApi, normaliseProducts, selectPageProduct, selectProductById, selectProducts } from '../../../src/features/catalog/catalogApi';
import { makeStore } from '../../../src/store/store';
import { makeProduct } from '../../fixtures/catalog';

const list = [makeProduct({ _id: 'b' }), makeProduct({ _id: 'a' }), makeProduct({ _id: 'c' })];

describe('the product list in the cache (normalised)', () => {
  it('keeps the server order and frozen products, by id', () => {
    const entities = normaliseProducts({ success: true, products: list });
    expect(entities.ids).toEqual(['b', 'a', 'c']);
    expect(entities.entities.a).toEqual(list[1]);
    expect(Object.isFrozen(entities.entities.a)).toBe(true);
    expect(normaliseProducts({ success: true, products: null as never }).ids).toEqual([]);
  });

  it('answers the list as one memoised array and single products by id', async () => {
    const store = makeStore();
    expect(selectProducts(store.getState())).toEqual([]);
    await store.dispatch(catalogApi.util.upsertQueryData('getProducts', undefined, normaliseProducts({ success: true, products: list })));
    const state = store.getState();
    expect(selectProducts(state).map((p) => p._id)).toEqual(['b', 'a', 'c']);
    expect(selectProducts(state)).toBe(selectProducts(store.getState()));
    expect(selectProductById(state, 'c')).toBe(selectProducts(state)[2]);
    expect(selectProductById(state, 'nope')).toBeUndefined();
  });

  it('gives a product page its own fetch first, else the list’s copy', async () => {
    const store = makeStore();
    await store.dispatch(catalogApi.util.upsertQueryData('getProducts', undefined, normaliseProducts({ success: true, products: list })));
    expect(selectPageProduct(store.getState(), 'a')).toBe(selectProductById(store.getState(), 'a'));
    const fresher = makeProduct({ _id: 'a', name: 'Fresher' });
    await store.dispatch(catalogApi.util.upsertQueryData('getProduct', 'a', fresher));
    expect(selectPageProduct(store.getState(), 'a')?.name).toBe('Fresher');
    expect(selectPageProduct(store.getState(), 'zzz')).toBeUndefined();
  });
});
