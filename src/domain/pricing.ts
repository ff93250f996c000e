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

/**
 * Why a product cannot be bought, as the short line its page shows under the price (null when it
 * can): the same order as the refusal a click gets (out of stock first). notAvailableYet products
 * are hidden from shoppers; only staff previewing one see its line.
 */
export function unavailableReason(item: AvailabilityFlags & { vaulted?: boolean }): string | null {
  if (item.outOfStock) return 'Out of stock';
  if (item.vaulted) return 'Vaulted: retired from sale';
  if (item.notAvailableYet) return 'Hidden: not on sale yet';
  if (item.comingSoon) return 'Coming soon — not yet available';
  return null;
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

/** What a bundle saves against buying its products on their own: integer cents and the rounded percent. */
export interface BundleSavings {
  cents: number;
  percent: number;
}

/**
 * What a bundle saves (the bundle page's "You save $X (Y%)"): the products' current sale prices,
 * one of each, minus the bundle price, in cents. Null when it saves nothing, or when a product of
 * the bundle is unknown (its price cannot be counted, so no saving is claimed). The percent is of
 * the products' total, rounded, and never shown as 0 % for a real saving.
 */
export function bundleSavings(bundle: Pick<Bundle, 'price'>, products: ReadonlyArray<Pick<Product, 'price' | 'discount'> | undefined>): BundleSavings | null {
  if (products.length === 0 || products.some((p) => !p)) return null;
  const separately = products.reduce((sum, p) => sum + salePriceCents(p!), 0);
  const cents = separately - toCents(bundle.price);
  if (!(cents > 0)) return null;
  return { cents, percent: Math.max(1, Math.round((cents * 100) / separately)) };
}
