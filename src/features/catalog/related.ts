import type { Product } from '../../domain/types';

/** Suggestions: related products on a product page, a bundle page's suggestions. */

/**
 * Not for sale and not suggested: vaulted, notAvailableYet or out of stock (what
 * "unavailable" means for related products). Coming-soon items may still be suggested: they are shown with their badge.
 */
export function isUnavailable(p: Pick<Product, 'vaulted' | 'notAvailableYet' | 'outOfStock'>): boolean {
  return p.vaulted === true || p.notAvailableYet === true || p.outOfStock === true;
}

export const RELATED_LIMIT = 4;

/**
 * Up to `limit` suggestions for `product` (SPEC §9): same subCategory first, then same
 * mainCategory, then the rest; never the product itself, never unavailable ones. Within a group
 * the input order is kept.
 */
export function relatedProducts(
  product: Pick<Product, '_id' | 'mainCategory' | 'subCategory'>,
  products: readonly Product[],
  limit = RELATED_LIMIT,
): Product[] {
  const same: Product[] = [];
  const main: Product[] = [];
  const rest: Product[] = [];
  for (const p of products) {
    if (p._id === product._id || isUnavailable(p)) continue;
    if (p.mainCategory === product.mainCategory && p.subCategory === product.subCategory) same.push(p);
    else if (p.mainCategory === product.mainCategory) main.push(p);
    else rest.push(p);
  }
  return [...same, ...main, ...rest].slice(0, Math.max(0, limit));
}

/** Products for a list of ids, in the ids' order, from the products by id; unknown ids are skipped. */
export function productsByIds(ids: readonly string[], byId: Readonly<Record<string, Product | undefined>>): Product[] {
  const out: Product[] = [];
  for (const id of ids) {
    const p = Object.hasOwn(byId, id) ? byId[id] : undefined;
    if (p) out.push(p);
  }
  return out;
}

/** A bundle page's suggestions (SPEC §2): related to the bundle's first product, never a product of the bundle. */
export function bundleSuggestions(inside: readonly Product[], listed: readonly Product[], ids: readonly string[]): Product[] {
  const first = inside[0];
  return first ? relatedProducts(first, listed).filter((p) => !ids.includes(p._id)) : [];
}
