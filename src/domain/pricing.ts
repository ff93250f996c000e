import type { Accessory, AvailabilityFlags, Bundle, Product } from './types';
import { toCents } from './money';

/**
 * Sale price in cents: price minus the discount percent (SPEC §9), rounded to the cent.
 * A discount outside 0–100 is clamped so a bad record can never make a negative price.
 */
export function salePriceCents(product: Pick<Product, 'price' | 'discount'>): number {
  const pct = Math.min(100, Math.max(0, Number.isFinite(product.discount) ? product.discount : 0));
  return Math.round((toCents(product.price) * (100 - pct)) / 100);
}

/** Sale price in dollars, 2 decimals. */
export function salePrice(product: Pick<Product, 'price' | 'discount'>): number {
  return salePriceCents(product) / 100;
}

/** Discounted: a positive discount percent (a card shows its sale price and badge). */
export function isOnSale(p: Pick<Product, 'discount'>): boolean {
  return Number.isFinite(p.discount) && p.discount > 0;
}

/** The percent shown on the sale badge: rounded to the nearest 10 (SPEC §9). */
export function badgePercent(discount: number): number {
  return Math.round(discount / 10) * 10;
}

/**
 * Purchasable: not out of stock, not vaulted, not notAvailableYet, not coming soon.
 * Pre-order is purchasable. One rule for the client and the server (ARCHITECTURE.md).
 */
export function isPurchasable(item: AvailabilityFlags & { vaulted?: boolean }): boolean {
  return !item.outOfStock && !item.vaulted && !item.notAvailableYet && !item.comingSoon;
}

/** Bundles are shown and sold only while not cancelled and now ∈ [startDate, endDate] (SPEC §4). */
export function isBundleActive(bundle: Pick<Bundle, 'cancelled' | 'startDate' | 'endDate'>, now: number): boolean {
  if (bundle.cancelled) return false;
  const start = Date.parse(bundle.startDate);
  const end = Date.parse(bundle.endDate);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return start <= now && now <= end;
}

export function accessoryPriceCents(accessory: Pick<Accessory, 'price'>): number {
  return toCents(accessory.price);
}

/** What a cart line is priced from: a product, one of its accessories, or a bundle. */
export type PricedLine =
  | { kind: 'product'; product: Pick<Product, 'price' | 'discount'> }
  | { kind: 'accessory'; accessory: Pick<Accessory, 'price'> }
  | { kind: 'bundle'; bundle: Pick<Bundle, 'price' | 'cancelled' | 'startDate' | 'endDate'>; now: number };

/**
 * The unit price rule shared by the cart preview and the server's order totals (ARCHITECTURE.md):
 * a product line costs its sale price, an accessory line the accessory's own price, a bundle line
 * the bundle price — only while the bundle is active (null otherwise: it cannot be bought).
 */
export function unitPriceCents(line: PricedLine): number | null {
  switch (line.kind) {
    case 'product':
      return salePriceCents(line.product);
    case 'accessory':
      return accessoryPriceCents(line.accessory);
    case 'bundle':
      return isBundleActive(line.bundle, line.now) ? toCents(line.bundle.price) : null;
  }
}
