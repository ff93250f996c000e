import { own } from './lookup';
import { FIGURE_BRANDS, FIGURE_GENDERS, isCategoryHidden, MAIN_CATEGORIES, TAXONOMY } from './taxonomy';

// ---- The tables the store's url speaks of (the client's store and the server's HTML cache read them) ----

/** The price filter's range, in dollars; PRICE_MAX means no upper limit. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 150;

export const SECTIONS = ['bestsellers', 'new', 'sale', 'preorder'] as const;
export type Section = (typeof SECTIONS)[number];

/** The "more options" checkboxes of the sidebar. */
export const AVAILABILITY = ['inStock', 'new', 'preOrder', 'sale', 'limited'] as const;
export type Availability = (typeof AVAILABILITY)[number];

/** Everything the store can filter by; empty lists and null mean "no filter". */
export interface StoreFilters {
  category: string | null;
  subCategories: string[];
  subSubCategories: string[];
  colors: string[];
  availability: Availability[];
  /** Upper price bound in dollars; PRICE_MAX means no upper limit. */
  maxPrice: number;
  section: Section | null;
  search: string;
  /** "4 stars & up": the lowest approved-review average shown; null shows every product. */
  minRating: number | null;
}

export const EMPTY_FILTERS: StoreFilters = {
  category: null,
  subCategories: [],
  subSubCategories: [],
  colors: [],
  availability: [],
  maxPrice: PRICE_MAX,
  section: null,
  search: '',
  minRating: null,
};

/** The store's sorts ('top-rated' by the approved-review average). */
export const SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'name-asc', 'top-rated'] as const;
export type SortKey = (typeof SORTS)[number];
export const DEFAULT_SORT: SortKey = 'featured';

/** The bound a url's `rating` parameter names: an integer 1–4, else none. */
export function parseMinRating(raw: string | null): number | null {
  if (raw === null) return null;
  const n = Number(raw.trim());
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : null;
}

/**
 * The store's view lives in the url so a link or a reload restores it and back/forward
 * work. Parameters: category, subCategory, brand (the Figures subcategories), subSubCategory,
 * color, options (availability), priceRange (upper bound), rating (lowest average), sort, section,
 * page, q. Lists repeat the
 * key (`color=Red&color=Blue`); commas are accepted too. Anything malformed is ignored, never thrown.
 */
export interface StoreQuery extends StoreFilters {
  sort: SortKey;
  page: number;
}

export const DEFAULT_QUERY: StoreQuery = { ...EMPTY_FILTERS, sort: DEFAULT_SORT, page: 1 };

const MAX_LIST = 20;
const MAX_TEXT = 100;

/** Older links used these names for the sorts. */
const SORT_ALIASES: Record<string, SortKey> = {
  relevant: 'featured',
  relevance: 'featured',
  'low-high': 'price-asc',
  'high-low': 'price-desc',
  'price-low': 'price-asc',
  'price-high': 'price-desc',
  name: 'name-asc',
  'a-z': 'name-asc',
};

const ALL_SUBCATEGORIES: readonly string[] = Object.values(TAXONOMY).flat();

/** Values of a key, repeated or comma-separated, trimmed, de-duplicated, at most MAX_LIST. */
function listOf(params: URLSearchParams, ...keys: string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    for (const raw of params.getAll(key)) {
      for (const part of raw.split(',')) {
        const v = part.trim();
        if (v && v.length <= MAX_TEXT && !out.includes(v)) out.push(v);
      }
    }
  }
  return out.slice(0, MAX_LIST);
}

/** Canonical spelling of `value` among `allowed` (case-insensitive), or null. */
function canonical<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  return allowed.find((a) => a.toLowerCase() === v) ?? null;
}

function canonicalList<T extends string>(values: string[], allowed: readonly T[]): T[] {
  const out: T[] = [];
  for (const v of values) {
    const c = canonical(v, allowed);
    if (c && !out.includes(c)) out.push(c);
  }
  return out;
}

export function subCategoriesOf(category: string | null): readonly string[] {
  if (!category) return ALL_SUBCATEGORIES;
  return own<readonly string[]>(TAXONOMY, category) ?? [];
}

function parsePrice(raw: string | null): number {
  if (raw === null || raw.trim() === '') return PRICE_MAX;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < PRICE_MIN || n > PRICE_MAX) return PRICE_MAX;
  return Math.round(n);
}

function parsePage(raw: string | null): number {
  if (raw === null) return 1;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** Url query → store view. Never throws; unknown or malformed values fall back to the defaults. */
export function parseStoreQuery(search: string | URLSearchParams): StoreQuery {
  let params: URLSearchParams;
  try {
    params = typeof search === 'string' ? new URLSearchParams(search) : search;
  } catch {
    return DEFAULT_QUERY;
  }
  const category = canonical(params.get('category'), MAIN_CATEGORIES);
  const rawSort = (params.get('sort') ?? '').trim().toLowerCase();
  const sort = canonical(rawSort, SORTS) ?? own(SORT_ALIASES, rawSort) ?? DEFAULT_SORT;
  const q = (params.get('q') ?? '').slice(0, MAX_TEXT);
  return {
    category,
    subCategories: canonicalList(listOf(params, 'subCategory', 'brand'), subCategoriesOf(category)),
    subSubCategories: category === null || category === 'Figures' ? canonicalList(listOf(params, 'subSubCategory'), FIGURE_GENDERS) : [],
    colors: listOf(params, 'color'),
    availability: canonicalList<Availability>(listOf(params, 'options'), AVAILABILITY),
    maxPrice: parsePrice(params.get('priceRange')),
    section: canonical<Section>(params.get('section'), SECTIONS),
    search: q.trim() === '' ? '' : q,
    minRating: parseMinRating(params.get('rating')),
    sort,
    page: parsePage(params.get('page')),
  };
}

const isBrand = (s: string) => (FIGURE_BRANDS as readonly string[]).includes(s);

/** Store view → url query, in a fixed order, leaving defaults out (so the plain store is '/collection'). */
export function serializeStoreQuery(query: StoreQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  // Figures' subcategories are brands: the home page and old links say `brand=MARVEL`.
  for (const s of query.subCategories) params.append(isBrand(s) ? 'brand' : 'subCategory', s);
  for (const s of query.subSubCategories) params.append('subSubCategory', s);
  for (const c of query.colors) params.append('color', c);
  for (const o of query.availability) params.append('options', o);
  if (query.maxPrice < PRICE_MAX) params.set('priceRange', String(query.maxPrice));
  if (query.minRating !== null) params.set('rating', String(query.minRating));
  if (query.section) params.set('section', query.section);
  if (query.search.trim()) params.set('q', query.search);
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

/**
 * Applies a change from the screen. Any change other than the page itself sends the shopper back
 * to page 1 (the filtered set changed). Switching the category drops the filters that belong to the
 * category left — its brands or types and the Figures lines — unless the change names new ones:
 * under "All" a brand chosen under Figures would keep filtering with no checkbox left to untick it.
 */
export function changeStoreQuery(query: StoreQuery, patch: Partial<StoreQuery>): StoreQuery {
  const next: StoreQuery = { ...query, ...patch };
  if (!('page' in patch)) next.page = 1;
  if ('category' in patch && patch.category !== query.category) {
    const allowed = subCategoriesOf(next.category);
    next.subCategories = 'subCategories' in patch ? next.subCategories.filter((s) => allowed.includes(s)) : [];
    if (!('subSubCategories' in patch) || (next.category !== null && next.category !== 'Figures')) next.subSubCategories = [];
  }
  return next;
}

/**
 * The view a url shows under the shop's settings: a hidden main category shows the store's
 * default view (never an empty category page), and hidden brands, types or lines are left out of
 * the filters. The same object when nothing is hidden, so memoised selectors keep their results.
 */
export function withoutHiddenCategories(query: StoreQuery, hiddenCategories: readonly string[]): StoreQuery {
  if (hiddenCategories.length === 0) return query;
  if (query.category && isCategoryHidden(query.category, hiddenCategories)) return DEFAULT_QUERY;
  const shown = (names: string[]) => names.filter((n) => !isCategoryHidden(n, hiddenCategories));
  const subCategories = shown(query.subCategories);
  const subSubCategories = shown(query.subSubCategories);
  if (subCategories.length === query.subCategories.length && subSubCategories.length === query.subSubCategories.length) return query;
  return { ...query, subCategories, subSubCategories };
}

/** True when any filter (not sort or page) differs from the defaults. */
export function hasActiveFilters(query: StoreQuery): boolean {
  return (
    query.category !== null ||
    query.subCategories.length > 0 ||
    query.subSubCategories.length > 0 ||
    query.colors.length > 0 ||
    query.availability.length > 0 ||
    query.maxPrice < PRICE_MAX ||
    query.section !== null ||
    query.minRating !== null ||
    query.search.trim() !== ''
  );
}

/** Toggles `value` in a list (adds when absent, removes when present). */
export function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
