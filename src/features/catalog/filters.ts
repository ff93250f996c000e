import { meetsMinRating } from './ratings';
import { isOnSale, isPurchasable } from '../../domain/pricing';
import { nameOf, sortPriceCents } from './productFields';
import type { Product } from '../../domain/types';
import { PRICE_MAX, PRICE_MIN, type Availability, type Section, type StoreFilters } from '../../domain/storeQuery';

/** The store's filters (their tables and the url's parsing are in src/domain/storeQuery.ts): what each one matches. */


export const SECTION_LABELS: Record<Section, string> = {
  bestsellers: 'Best sellers',
  new: 'New arrivals',
  sale: 'On sale',
  preorder: 'Pre-order',
};

export const AVAILABILITY_LABELS: Record<Availability, string> = {
  inStock: 'In stock',
  new: 'New',
  preOrder: 'Pre-order',
  sale: 'On sale',
  limited: 'Limited edition',
};


export function matchesSection(p: Product, section: Section): boolean {
  switch (section) {
    case 'bestsellers':
      return p.bestseller === true;
    case 'new':
      return p.isNewProduct === true;
    case 'sale':
      return isOnSale(p);
    case 'preorder':
      return p.preOrder === true;
  }
}

export function matchesAvailability(p: Product, option: Availability): boolean {
  switch (option) {
    case 'inStock':
      return isPurchasable(p);
    case 'new':
      return p.isNewProduct === true;
    case 'preOrder':
      return p.preOrder === true;
    case 'sale':
      return isOnSale(p);
    case 'limited':
      return p.limitedEdition === true;
  }
}

/** Lower-cased name + description, the haystack of the search box. */
export function searchText(p: Pick<Product, 'name' | 'description'>): string {
  return `${nameOf(p)}\n${typeof p.description === 'string' ? p.description : ''}`.toLowerCase();
}

/** Colours of a product's variants (raw names). */
export function productColors(p: Pick<Product, 'colorVariants'>): string[] {
  return Array.isArray(p.colorVariants) ? p.colorVariants.map((v) => v?.color).filter((c): c is string => typeof c === 'string' && c !== '') : [];
}

/**
 * A predicate for the filters (built once per filter change, then run over the whole list).
 * Lists are OR within a group and AND between groups; the search is a case-insensitive substring
 * of name or description; the price compares the sale price with the bound.
 */
export function makeFilter(filters: StoreFilters, haystack: (p: Product) => string = searchText): (p: Product) => boolean {
  const subs = new Set(filters.subCategories);
  const subSubs = new Set(filters.subSubCategories);
  const colors = new Set(filters.colors.map((c) => c.toLowerCase()));
  const needle = filters.search.trim().toLowerCase();
  const maxCents = filters.maxPrice >= PRICE_MAX ? Infinity : Math.round(Math.max(PRICE_MIN, filters.maxPrice) * 100);
  const { category, section, availability } = filters;
  return (p) => {
    if (category && p.mainCategory !== category) return false;
    if (subs.size > 0 && !subs.has(p.subCategory)) return false;
    if (subSubs.size > 0 && !(p.subSubCategory && subSubs.has(p.subSubCategory))) return false;
    if (colors.size > 0 && !productColors(p).some((c) => colors.has(c.toLowerCase()))) return false;
    if (section && !matchesSection(p, section)) return false;
    if (availability.length > 0 && !availability.some((o) => matchesAvailability(p, o))) return false;
    if (maxCents !== Infinity && sortPriceCents(p) > maxCents) return false;
    if (!meetsMinRating(p, filters.minRating)) return false;
    if (needle && !haystack(p).includes(needle)) return false;
    return true;
  };
}

/** Filters (keeping the input order). */
export function filterProducts(products: readonly Product[], filters: StoreFilters): Product[] {
  return products.filter(makeFilter(filters));
}
