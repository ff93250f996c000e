import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/types';
import { catalogApi, normaliseProducts } from '../../../src/features/catalog/catalogApi';
import { selectBundleContents, selectColorFacet, selectFilteredProducts, selectListedProducts, selectStorePage } from '../../../src/features/catalog/storeSelectors';
import { parseStoreQuery } from '../../../src/domain/storeQuery';
import { makeStore } from '../../../src/store/store';
import { NOW, makeProduct, settings } from '../../fixtures/catalog';

const CATS = ['Figures', 'Fidgets', 'Decoration', 'Widgets'];
const SUBS: Record<string, string[]> = {
  Figures: ['DC', 'MARVEL', 'ANIME'],
  Fidgets: ['Fidget_Spinners', 'Stress_Balls'],
  Decoration: ['Home_Decor', 'Wall_Art'],
  Widgets: ['DIY_Kits', 'Smart_Gadgets'],
};
const COLORS = ['Red', 'Blue', 'Gold', 'Teal', 'Black'];

function bigCatalog(n: number): Product[] {
  return Array.from({ length: n }, (_, i) => {
    const main = CATS[i % 4];
    return makeProduct({
      _id: `p${i}`,
      name: `Product ${i} ${main}`,
      description: `Printed thing number ${i}, ${i % 7 === 0 ? 'dragon' : 'plain'} design.`,
      mainCategory: main,
      subCategory: SUBS[main][i % SUBS[main].length],
      price: 5 + (i % 200),
      discount: i % 5 === 0 ? 20 : 0,
      colorVariants: [{ color: COLORS[i % 5], image: '' }],
      isNewProduct: i % 11 === 0,
      outOfStock: i % 13 === 0,
      notAvailableYet: i % 97 === 0,
      date: NOW - i * 1000,
    });
  });
}

async function storeWith(products: Product[], hidden: Partial<typeof settings> = {}) {
  const store = makeStore();
  await store.dispatch(catalogApi.util.upsertQueryData('getProducts', undefined, normaliseProducts({ success: true, products })));
  await store.dispatch(catalogApi.util.upsertQueryData('getSettings', undefined, { ...settings, ...hidden }));
  return store;
}

describe('store selectors', () => {
  it('lists, filters, sorts and pages from the cache', async () => {
    const store = await storeWith(bigCatalog(100));
    const state = store.getState();
    expect(selectListedProducts(state)).toHaveLength(98); // p0 and p97 are notAvailableYet
    const page = selectStorePage(state, parseStoreQuery('category=Fidgets&sort=price-asc'));
    expect(page.total).toBe(24);
    expect(page.items).toHaveLength(12);
    expect(page.items.every((p) => p.mainCategory === 'Fidgets')).toBe(true);
    expect(page.items[0].price).toBeLessThanOrEqual(page.items[1].price);
    expect(selectColorFacet(state, 'Figures')).toEqual(['Black', 'Blue', 'Gold', 'Red', 'Teal']);
  });

  it('applies hidden categories from settings', async () => {
    const store = await storeWith(bigCatalog(40), { hiddenCategories: ['Widgets'], hiddenProductTags: ['new'] });
    const listed = selectListedProducts(store.getState());
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.some((p) => p.mainCategory === 'Widgets')).toBe(false);
    expect(listed.some((p) => p.isNewProduct)).toBe(false);
  });

  it('memoises: the same filters give the same array, a page change does not refilter', async () => {
    const store = await storeWith(bigCatalog(200));
    const state = store.getState();
    const a = selectFilteredProducts(state, parseStoreQuery('q=dragon'));
    const b = selectFilteredProducts(state, parseStoreQuery('q=dragon&page=2'));
    expect(a.length).toBeGreaterThan(10);
    expect(b).toBe(a);
    expect(selectStorePage(state, parseStoreQuery('q=dragon'))).toBe(selectStorePage(state, parseStoreQuery('q=dragon')));
  });

  // Speed is measured by `npm run bench` (bench/catalog.mjs), never asserted here.
  it('answers every kind of interaction over 10k products, from cold caches too', async () => {
    const store = await storeWith(bigCatalog(10_000));
    const state = store.getState();
    expect(selectListedProducts(state).length).toBeGreaterThan(9_800);
    const interactions = [
      'category=Figures',
      'category=Figures&brand=MARVEL',
      'category=Figures&brand=MARVEL&color=Red',
      'category=Figures&brand=MARVEL&color=Red&priceRange=60',
      'q=dragon',
      'q=dragon&options=sale',
      'section=new&sort=price-asc',
    ];
    for (const url of interactions) {
      const warm = selectStorePage(state, parseStoreQuery(url));
      selectFilteredProducts.clearCache();
      selectFilteredProducts.memoizedResultFunc.clearCache();
      selectStorePage.clearCache();
      selectStorePage.memoizedResultFunc.clearCache();
      const cold = selectStorePage(state, parseStoreQuery(url));
      expect(cold.items.length, url).toBeGreaterThan(0);
      expect(cold.items.map((p) => p._id), url).toEqual(warm.items.map((p) => p._id));
      expect(cold.total, url).toBe(warm.total);
    }
  });

  it("gives a bundle its listed products in the bundle's order, by id, and suggestions beside them", async () => {
    const store = await storeWith(bigCatalog(40), { hiddenCategories: ['Widgets'] });
    const ids = ['p5', 'p0', 'p3', 'nope', 'p1'];
    const contents = selectBundleContents(store.getState(), ids);
    // p0 is notAvailableYet and p3 a hidden Widget: neither shows.
    expect(contents.inside.map((p) => p._id)).toEqual(['p5', 'p1']);
    expect(contents.suggestions.length).toBeGreaterThan(0);
    expect(contents.suggestions.every((p) => !ids.includes(p._id))).toBe(true);
    expect(selectBundleContents(store.getState(), ids)).toBe(contents);
  });
});
