import { badgePercent, salePrice } from '../../domain/pricing';
import type { Product } from '../../domain/types';

/** At most this many best sellers on the home page (SPEC §9). */
export const BEST_SELLER_LIMIT = 5;

function dateOf(p: Pick<Product, 'date'>): number {
  return Number.isFinite(p.date) ? p.date : 0;
}

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

export type BadgeKind = 'outOfStock' | 'preOrder' | 'comingSoon' | 'new' | 'limited' | 'sale';

export interface Badge {
  kind: BadgeKind;
  label: string;
}

/**
 * The one badge a product card shows, by the priority of SPEC §4: out of stock, pre-order,
 * coming soon, new, limited edition, on sale. The sale badge shows the discount rounded to the
 * nearest 10 (`badgePercent`, SPEC §9); a discount that rounds to 0 still reads 'Sale'.
 */
export function productBadge(
  p: Pick<Product, 'outOfStock' | 'preOrder' | 'comingSoon' | 'isNewProduct' | 'limitedEdition' | 'discount'>,
): Badge | null {
  if (p.outOfStock) return { kind: 'outOfStock', label: 'Out of Stock' };
  if (p.preOrder) return { kind: 'preOrder', label: 'Pre-Order' };
  if (p.comingSoon) return { kind: 'comingSoon', label: 'Coming Soon' };
  if (p.isNewProduct) return { kind: 'new', label: 'New' };
  if (p.limitedEdition) return { kind: 'limited', label: 'Limited Edition' };
  if (isOnSale(p)) {
    const pct = badgePercent(p.discount);
    return { kind: 'sale', label: pct > 0 ? `-${pct}%` : 'Sale' };
  }
  return null;
}

export function isOnSale(p: Pick<Product, 'discount'>): boolean {
  return Number.isFinite(p.discount) && p.discount > 0;
}

/** Prices a card shows: the list price, and the sale price when discounted. */
export function cardPrices(p: Pick<Product, 'price' | 'discount'>): { price: number; sale: number | null } {
  return { price: p.price, sale: isOnSale(p) ? salePrice(p) : null };
}
