import { compareTopRated } from './ratings';
import { dateOf, nameOf, sortPriceCents } from './productFields';
import type { Product } from '../../domain/types';
import { DEFAULT_SORT, type SortKey } from '../../domain/storeQuery';

/** The store's orders: the "Featured" order, the sort keys of the sort menu, best sellers. */

/** At most this many best sellers on the home page (SPEC §9). */
export const BEST_SELLER_LIMIT = 5;

/**
 * Best sellers (SPEC §2, §9): flagged `bestseller`, never vaulted or notAvailableYet, newest
 * first, at most `limit`. Equal dates keep the server's list order (the sort is stable), and a
 * missing or invalid date counts as the oldest.
 */
export function bestSellers(products: readonly Product[], limit = BEST_SELLER_LIMIT): Product[] {
  return products
    .filter((p) => p.bestseller === true && !p.vaulted && !p.notAvailableYet)
    .sort((a, b) => dateOf(b) - dateOf(a))
    .slice(0, Math.max(0, limit));
}


export const SORT_LABELS: Record<SortKey, string> = {
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
  'name-asc': 'Name: A–Z',
  'top-rated': 'Top rated',
};

const flag = (v: boolean | undefined) => (v ? 0 : 1);

/**
 * The "Featured" order of SPEC §9: coming soon, then pre-order, then new, then in stock before out
 * of stock, then newest date first. Each criterion breaks the previous one's ties. A vaulted item
 * is not in stock (it cannot be bought), so it sorts with the out-of-stock ones.
 */
export function compareFeatured(a: Product, b: Product): number {
  return (
    flag(a.comingSoon) - flag(b.comingSoon) ||
    flag(a.preOrder) - flag(b.preOrder) ||
    flag(a.isNewProduct) - flag(b.isNewProduct) ||
    Number(a.outOfStock === true || a.vaulted === true) - Number(b.outOfStock === true || b.vaulted === true) ||
    dateOf(b) - dateOf(a)
  );
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** The comparator of a sort key. Every sort is stable: ties keep the input order. */
export function comparatorFor(sort: SortKey): (a: Product, b: Product) => number {
  switch (sort) {
    case 'price-asc':
      return (a, b) => sortPriceCents(a) - sortPriceCents(b);
    case 'price-desc':
      return (a, b) => sortPriceCents(b) - sortPriceCents(a);
    case 'newest':
      return (a, b) => dateOf(b) - dateOf(a);
    case 'name-asc':
      return (a, b) => collator.compare(nameOf(a), nameOf(b));
    case 'top-rated':
      return compareTopRated;
    default:
      return compareFeatured;
  }
}

/** A sorted copy; the input is never mutated. */
export function sortProducts(products: readonly Product[], sort: SortKey = DEFAULT_SORT): Product[] {
  return [...products].sort(comparatorFor(sort));
}
