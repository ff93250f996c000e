import { createSelector } from '@reduxjs/toolkit';
import type { Product } from '../../domain/types';
import type { RootState } from '../../store/types';
import { selectProductEntities, selectProducts, selectSettings } from './catalogApi';
import { bundleSuggestions, productsByIds, relatedProducts } from './related';
import { isListed } from '../../domain/listing';
import { makeFilter, productColors, searchText } from './filters';
import { sortProducts } from './sorting';
import type { SortKey, StoreFilters, StoreQuery } from '../../domain/storeQuery';
import { paginate } from '../../domain/pagination';
import { bundleSavings } from '../../domain/pricing';

/**
 * Memoised layers of the store page, so one interaction only redoes the layer it changed:
 * listed products (list or settings changed) → search index → sorted copy (sort changed) →
 * filtered (a filter changed; filtering keeps the sorted order, so no re-sort) → page (page changed).
 * At 10k products a filter change is one linear pass over prepared data.
 */

/** Products the store may show at all: not notAvailableYet, not hidden by the settings. */
export const selectListedProducts = createSelector([selectProducts, selectSettings], (products, settings) =>
  products.filter((p) => isListed(p, settings)),
);

/** Lower-cased name + description per product, computed once per product list. */
const selectSearchIndex = createSelector([selectListedProducts], (products) => {
  const index = new Map<Product, string>();
  for (const p of products) index.set(p, searchText(p));
  return index;
});

const selectSorted = createSelector(
  [selectListedProducts, (_state: RootState, sort: SortKey) => sort],
  (products, sort) => sortProducts(products, sort),
);

/** A value key of the filter fields: two query objects with the same filters share one result. */
export function filterKey(q: StoreFilters): string {
  return JSON.stringify([q.category, q.subCategories, q.subSubCategories, q.colors, q.availability, q.maxPrice, q.section, q.search, q.minRating]);
}

function filtersFromKey(key: string): StoreFilters {
  const [category, subCategories, subSubCategories, colors, availability, maxPrice, section, search, minRating] = JSON.parse(key) as [
    StoreFilters['category'],
    StoreFilters['subCategories'],
    StoreFilters['subSubCategories'],
    StoreFilters['colors'],
    StoreFilters['availability'],
    StoreFilters['maxPrice'],
    StoreFilters['section'],
    StoreFilters['search'],
    StoreFilters['minRating'],
  ];
  return { category, subCategories, subSubCategories, colors, availability, maxPrice, section, search, minRating };
}

/** Every product matching the query's filters, in the query's sort order. */
export const selectFilteredProducts = createSelector(
  [
    (state: RootState, q: StoreQuery) => selectSorted(state, q.sort),
    (state: RootState) => selectSearchIndex(state),
    (_state: RootState, q: StoreQuery) => filterKey(q),
  ],
  (sorted, index, key) => {
    const matches = makeFilter(filtersFromKey(key), (p) => index.get(p) ?? searchText(p));
    return sorted.filter(matches);
  },
);

/** The page of results the store shows (12 per page, page clamped into range). */
export const selectStorePage = createSelector(
  [(state: RootState, q: StoreQuery) => selectFilteredProducts(state, q), (_state: RootState, q: StoreQuery) => q.page],
  (filtered, page) => paginate(filtered, page),
);

/** Colours offered within a category (or the whole store), alphabetically, for the colour filter. */
export const selectColorFacet = createSelector(
  [selectListedProducts, (_state: RootState, category: string | null) => category],
  (products, category) => {
    const colors = new Set<string>();
    for (const p of products) if (!category || p.mainCategory === category) for (const c of productColors(p)) colors.add(c);
    return [...colors].sort((a, b) => a.localeCompare(b));
  },
);

/** Suggestions for a product page (rule in rules.ts), from the listed products. */
export const selectRelatedProducts = createSelector(
  [selectListedProducts, (_state: RootState, product: Pick<Product, '_id' | 'mainCategory' | 'subCategory'> | undefined) => product],
  (products, product) => (product ? relatedProducts(product, products) : []),
);

/** A bundle page's products (listed ones, in the bundle's order, looked up by id) and its suggestions. */
export const selectBundleContents = createSelector(
  [selectProductEntities, selectListedProducts, selectSettings, (_state: RootState, ids: readonly string[]) => ids],
  (byId, listed, settings, ids) => {
    const inside = productsByIds(ids, byId).filter((p) => isListed(p, settings));
    return { inside, suggestions: bundleSuggestions(inside, listed, ids) };
  },
);

/** What a bundle of these products at this price saves (rule in domain/pricing.ts), from the cached products' current prices. */
export const selectBundleSavings = createSelector(
  [selectProductEntities, (_state: RootState, ids: readonly string[]) => ids, (_state: RootState, _ids: readonly string[], price: number) => price],
  (byId, ids, price) => bundleSavings({ price }, ids.map((id) => (Object.hasOwn(byId, id) ? byId[id] : undefined))),
);
