import { badgePercent, isOnSale, salePrice } from '../../domain/pricing';
import type { Accessory, Product } from '../../domain/types';

/** The badge and prices a product card shows. */

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

/** Prices a card shows: the list price, and the sale price when discounted. */
export function cardPrices(p: Pick<Product, 'price' | 'discount'>): { price: number; sale: number | null } {
  return { price: p.price, sale: isOnSale(p) ? salePrice(p) : null };
}

/** Accessories carry `isNew` where products carry `isNewProduct`; the badge priority is the same. */
export function accessoryBadge(a: Pick<Accessory, 'outOfStock' | 'preOrder' | 'comingSoon' | 'isNew' | 'limitedEdition'>): Badge | null {
  return productBadge({ ...a, isNewProduct: a.isNew, discount: 0 });
}
