import { createAction, createSelector } from '@reduxjs/toolkit';
import { selectLocation } from '../router';
import type { RootState } from '../../store/types';
import { formatMoney } from '../../domain/money';
import { FIGURE_GENDERS, displayName, visibleMainCategories } from '../../domain/taxonomy';
import { selectSettings } from './catalogApi';
import { AVAILABILITY_LABELS, SECTION_LABELS } from './filters';
import { minRatingLabel } from './ratings';
import { selectColorFacet, selectStorePage } from './storeSelectors';
import { changeStoreQuery, DEFAULT_QUERY, hasActiveFilters, parseStoreQuery, PRICE_MAX, serializeStoreQuery, subCategoriesOf, toggled, withoutHiddenCategories, type StoreQuery } from '../../domain/storeQuery';

/**
 * The store page's view is a selector over the location the store mirrors: the url
 * stays the source of truth (shareable, Back works), and the screen changes it with the events
 * below, which catalogListeners.ts turns into a navigation to the new url.
 */

/** The shopper changed the store's view (`replace`: no new history entry, e.g. each typed letter). */
export const storeViewChanged = createAction<{ patch: Partial<StoreQuery>; replace?: boolean }>('catalog/storeViewChanged');

/** A list filter (brand, type, line, colour, option) was ticked or unticked. */
export type ListFilter = 'subCategories' | 'subSubCategories' | 'colors' | 'availability';
export const storeFilterToggled = createAction<{ filter: ListFilter; value: string }>('catalog/storeFilterToggled');

/** "Clear all" / "Clear filters": every filter back to its default; the sort stays. */
export const storeFiltersCleared = createAction('catalog/storeFiltersCleared');

/** The store's url for a view. */
export function storeHref(query: StoreQuery): string {
  const qs = serializeStoreQuery(query);
  return qs ? `/collection?${qs}` : '/collection';
}

const NONE: readonly string[] = [];

/** Categories the settings hide (case-insensitive names); none until the settings are loaded. */
const selectHiddenCategories = createSelector([selectSettings], (settings) => settings?.hiddenCategories ?? NONE);

const selectParsedStoreQuery = createSelector([(state: RootState) => selectLocation(state).search], (search) => parseStoreQuery(search));

/**
 * The view the store's url describes (memoised on the query string), as the settings allow it: the
 * url of a hidden category shows the store's default view.
 */
export const selectStoreQuery = createSelector([selectParsedStoreQuery, selectHiddenCategories], withoutHiddenCategories);

/** The view after a toggle of `value` in `filter`. */
export function toggledFilter(query: StoreQuery, filter: ListFilter, value: string): StoreQuery {
  return changeStoreQuery(query, { [filter]: toggled(query[filter] as string[], value) });
}

/** The view after "Clear all": the defaults, keeping the sort. */
export function clearedFilters(query: StoreQuery): StoreQuery {
  return { ...DEFAULT_QUERY, sort: query.sort };
}

export interface FilterChip {
  key: string;
  label: string;
  /** The change that removes this filter. */
  patch: Partial<StoreQuery>;
}

/** The chips above the grid, one per active filter, each with the change that removes it. */
export function activeChips(query: StoreQuery): FilterChip[] {
  const chips: FilterChip[] = [];
  if (query.section) chips.push({ key: 'section', label: SECTION_LABELS[query.section], patch: { section: null } });
  for (const s of query.subCategories) chips.push({ key: `sub-${s}`, label: displayName(s), patch: { subCategories: toggled(query.subCategories, s) } });
  for (const s of query.subSubCategories) chips.push({ key: `line-${s}`, label: s, patch: { subSubCategories: toggled(query.subSubCategories, s) } });
  for (const o of query.availability) chips.push({ key: `opt-${o}`, label: AVAILABILITY_LABELS[o], patch: { availability: toggled(query.availability, o) } });
  for (const c of query.colors) chips.push({ key: `color-${c}`, label: c, patch: { colors: toggled(query.colors, c) } });
  if (query.minRating !== null) chips.push({ key: 'rating', label: minRatingLabel(query.minRating), patch: { minRating: null } });
  if (query.maxPrice < PRICE_MAX) chips.push({ key: 'price', label: `Up to ${formatMoney(query.maxPrice)}`, patch: { maxPrice: PRICE_MAX } });
  if (query.search.trim()) chips.push({ key: 'q', label: `“${query.search.trim()}”`, patch: { search: '' } });
  return chips;
}

/** The heading of the store page: the section, else the category, else 'All products'. */
export function storeTitle(query: StoreQuery): string {
  return query.section ? SECTION_LABELS[query.section] : query.category ? displayName(query.category) : 'All products';
}

const selectStoreHeading = createSelector([selectStoreQuery], (query) => ({
  title: storeTitle(query),
  chips: activeChips(query),
  filtersActive: hasActiveFilters(query),
}));

/** The category tabs and every other category navigation: the main categories the settings do not hide. */
export const selectStoreCategories = createSelector([selectHiddenCategories], visibleMainCategories);

/** The choices the filter panel offers for a category: its subcategories (brands for Figures) and the Figures lines, minus hidden ones. */
export interface FilterOptions {
  subsTitle: 'Brand' | 'Type';
  subs: string[];
  genders: string[];
}

export function filterOptions(category: string | null, hiddenCategories: readonly string[]): FilterOptions {
  const hidden = new Set(hiddenCategories.map((c) => c.toLowerCase()));
  const visible = (names: readonly string[]) => names.filter((n) => !hidden.has(n.toLowerCase()));
  return {
    subsTitle: category === 'Figures' ? 'Brand' : 'Type',
    subs: category ? visible(subCategoriesOf(category)) : [],
    genders: category === 'Figures' ? visible(FIGURE_GENDERS) : [],
  };
}

const selectFilterOptions = createSelector([(state: RootState) => selectStoreQuery(state).category, selectHiddenCategories], filterOptions);

/** Everything the store page shows from the url: the view, its heading and chips, the page of results and the colour facet. */
export const selectStoreView = createSelector(
  [
    selectStoreQuery,
    selectStoreHeading,
    (state: RootState) => selectStorePage(state, selectStoreQuery(state)),
    (state: RootState) => selectColorFacet(state, selectStoreQuery(state).category),
    selectStoreCategories,
    selectFilterOptions,
  ],
  (query, heading, page, colors, categories, options) => ({ query, ...heading, page, colors, categories, options }),
);
