import { describe, expect, it } from 'vitest';
import { catalogApi, normaliseProducts } from '../../../src/features/catalog/catalogApi';
import { parseStoreQuery } from '../../../src/domain/storeQuery';
import {
  activeChips,
  clearedFilters,
  filterOptions,
  selectStoreCategories,
  selectStoreQuery,
  selectStoreView,
  storeHref,
  storeTitle,
  toggledFilter,
} from '../../../src/features/catalog/storeView';
import { routerStateAt } from '../../../src/features/router/routerSlice';
import { locationChanged } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';
import { makeProduct, settings } from '../../fixtures/catalog';

const figures = Array.from({ length: 30 }, (_, i) => makeProduct({ _id: `f${i}`, price: 10 + i, colorVariants: [{ color: i % 2 ? 'Red' : 'Gold', image: '' }] }));

async function storeAt(url: string, hiddenCategories: string[] = []) {
  const store = makeStore({ router: routerStateAt(url) });
  await store.dispatch(catalogApi.util.upsertQueryData('getProducts', undefined, normaliseProducts({ success: true, products: figures })));
  await store.dispatch(catalogApi.util.upsertQueryData('getSettings', undefined, { ...settings, hiddenCategories }));
  return store;
}

describe('store view (a selector over the mirrored url)', () => {
  it('reads every parameter the store url carries, with the same names', async () => {
    const store = await storeAt(
      '/collection?category=Figures&brand=MARVEL&subSubCategory=Male&color=Red&options=sale&priceRange=40&rating=4&sort=top-rated&section=new&q=hero&page=2',
    );
    expect(selectStoreQuery(store.getState())).toEqual({
      category: 'Figures',
      subCategories: ['MARVEL'],
      subSubCategories: ['Male'],
      colors: ['Red'],
      availability: ['sale'],
      maxPrice: 40,
      section: 'new',
      search: 'hero',
      minRating: 4,
      sort: 'top-rated',
      page: 2,
    });
  });

  it('shows the filtered page, the heading, the chips and the colour facet', async () => {
    const store = await storeAt('/collection?category=Figures&priceRange=30&page=2');
    const view = selectStoreView(store.getState());
    expect(view.title).toBe('Figures');
    expect(view.page).toMatchObject({ page: 2, total: 21, from: 13, to: 21 });
    expect(view.chips.map((c) => c.label)).toEqual(['Up to $30.00']);
    expect(view.filtersActive).toBe(true);
    expect(view.colors).toEqual(['Gold', 'Red']);
  });

  it('follows the location, and stays the same object while the query does not change', async () => {
    const store = await storeAt('/collection?page=2');
    const first = selectStoreView(store.getState());
    store.dispatch(locationChanged({ pathname: '/collection', search: '?page=2', hash: '#x', state: null }));
    expect(selectStoreView(store.getState())).toBe(first);
    store.dispatch(locationChanged({ pathname: '/collection', search: '?page=3', hash: '', state: null }));
    expect(selectStoreView(store.getState()).page.page).toBe(3);
  });

  it('offers the category tabs the settings do not hide', async () => {
    const store = await storeAt('/collection', ['widgets']);
    expect(selectStoreCategories(store.getState())).toEqual(['Figures', 'Fidgets', 'Decoration']);
  });
});

describe('store view rules', () => {
  it('writes a view as the store url, leaving defaults out', () => {
    expect(storeHref(parseStoreQuery(''))).toBe('/collection');
    expect(storeHref(parseStoreQuery('category=Figures&priceRange=40&page=2'))).toBe('/collection?category=Figures&priceRange=40&page=2');
  });

  it('toggles a list filter and goes back to page 1', () => {
    const q = parseStoreQuery('category=Figures&brand=DC&page=4');
    expect(toggledFilter(q, 'subCategories', 'MARVEL')).toMatchObject({ subCategories: ['DC', 'MARVEL'], page: 1 });
    expect(toggledFilter(q, 'subCategories', 'DC')).toMatchObject({ subCategories: [], page: 1 });
  });

  it('clears every filter but keeps the sort', () => {
    expect(clearedFilters(parseStoreQuery('category=Figures&q=x&sort=newest&page=3'))).toEqual(parseStoreQuery('sort=newest'));
  });

  it('makes one chip per active filter, each removing only itself', () => {
    const q = parseStoreQuery('category=Figures&brand=DC&brand=MARVEL&options=sale&color=Red&priceRange=40&section=new&q=%20hero%20');
    const chips = activeChips(q);
    expect(chips.map((c) => c.label)).toEqual(['New arrivals', 'DC', 'Marvel', 'On sale', 'Red', 'Up to $40.00', '“hero”']);
    expect(chips.find((c) => c.label === 'DC')!.patch).toEqual({ subCategories: ['MARVEL'] });
    expect(chips.find((c) => c.key === 'price')!.patch).toEqual({ maxPrice: 150 });
    expect(activeChips(parseStoreQuery('sort=newest&page=2'))).toEqual([]);
  });

  it('offers a category’s subcategories (brands and lines for Figures), minus hidden ones', () => {
    expect(filterOptions('Figures', ['marvel', 'Female'])).toEqual({
      subsTitle: 'Brand',
      subs: ['DC', 'STARWARS', 'INVINCIBLE', 'BEN10', 'ANIME', 'INDEPENDENT'],
      genders: ['Male', 'Accessories'],
    });
    expect(filterOptions('Widgets', [])).toEqual({ subsTitle: 'Type', subs: ['Home_Gadgets', 'Office_Gadgets', 'DIY_Kits', 'Smart_Gadgets'], genders: [] });
    expect(filterOptions(null, [])).toEqual({ subsTitle: 'Type', subs: [], genders: [] });
  });

  it('titles the page by section, else category, else all', () => {
    expect(storeTitle(parseStoreQuery('section=sale&category=Figures'))).toBe('On sale');
    expect(storeTitle(parseStoreQuery('category=Fidgets'))).toBe('Fidgets');
    expect(storeTitle(parseStoreQuery(''))).toBe('All products');
  });
});
