import { MAX_LINE_QUANTITY, parseVariant, splitCartKey, variantProblem } from './cartKey';
import { isPurchasable, unitPriceCents } from './pricing';
import type { Bundle, CartData, Product } from './types';

/**
 * Pure helpers for `itemId_variant → quantity` maps, shared by the cart and the saved-for-later
 * slices (both own this shape, SPEC §3). Quantities are whole numbers in 1..MAX_LINE_QUANTITY;
 * a line that would reach 0 is removed.
 */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.min(MAX_LINE_QUANTITY, Math.max(0, Math.floor(quantity)));
}

/** Adds `quantity` to the line (creating it), capped at MAX_LINE_QUANTITY. */
export function addToLines(lines: CartData, key: string, quantity: number): void {
  const next = clampQuantity((lines[key] ?? 0) + clampQuantity(quantity));
  if (next > 0) lines[key] = next;
}

/** Sets the line's quantity; 0 (or less) removes it (SPEC §5). */
export function setLineQuantity(lines: CartData, key: string, quantity: number): void {
  const next = clampQuantity(quantity);
  if (next > 0) lines[key] = next;
  else delete lines[key];
}

export function countLines(lines: CartData): number {
  let total = 0;
  for (const q of Object.values(lines)) total += q;
  return total;
}

/** Why a line cannot be bought right now: its item is gone, or it exists but is not for sale. */
export type LineStatus = 'ok' | 'missing' | 'unavailable';

/** A cart (or saved) line joined with the catalog: what the cart page shows and totals count. */
export interface ResolvedLine {
  key: string;
  itemId: string;
  variant: string;
  kind: 'product' | 'accessory' | 'bundle';
  quantity: number;
  status: LineStatus;
  /** The product, accessory or bundle name ('' when the item no longer exists). */
  name: string;
  /** For accessories: the product they belong to. */
  parentName?: string;
  image?: string;
  /** Color and size of a product line ('' parts left out). */
  color: string;
  size: string;
  unitPriceCents: number | null;
  /** unit price × quantity, or null when the line is not purchasable (excluded from totals). */
  lineTotalCents: number | null;
}

export interface CatalogLookup {
  product(id: string): Product | undefined;
  bundle(id: string): Bundle | undefined;
}

/**
 * Joins one `itemId_variant` line with the catalog. A line whose item no longer exists is
 * 'missing'; one whose item exists but cannot be bought (flags of `isPurchasable`, a bundle out of
 * its dates, a color or accessory the product no longer offers) is 'unavailable'. Neither counts
 * in totals, and neither is dropped: the shopper decides.
 */
export function resolveCartLine(key: string, quantity: number, catalog: CatalogLookup, now: number): ResolvedLine {
  const parts = splitCartKey(key);
  const variant = parts ? parseVariant(parts.variant) : null;
  const base = {
    key,
    itemId: parts?.itemId ?? key,
    variant: parts?.variant ?? '',
    quantity,
    name: '',
    color: '',
    size: '',
    unitPriceCents: null,
    lineTotalCents: null,
  };
  if (!parts || !variant) return { ...base, kind: 'product', status: 'missing' };

  const priced = (line: Omit<ResolvedLine, 'lineTotalCents'>): ResolvedLine => ({
    ...line,
    lineTotalCents: line.status === 'ok' && line.unitPriceCents !== null ? line.unitPriceCents * quantity : null,
  });

  if (variant.kind === 'bundle') {
    const bundle = catalog.bundle(parts.itemId);
    if (!bundle) return { ...base, kind: 'bundle', status: 'missing' };
    const unit = unitPriceCents({ kind: 'bundle', bundle, now });
    return priced({ ...base, kind: 'bundle', name: bundle.title, image: bundle.images[0], unitPriceCents: unit, status: unit === null || bundle.outOfStock ? 'unavailable' : 'ok' });
  }

  const product = catalog.product(parts.itemId);
  if (!product) return { ...base, kind: variant.kind, status: 'missing' };
  const offered = variantProblem(product, variant) === null;

  if (variant.kind === 'accessory') {
    const accessory = offered ? product.accessories[variant.index] : undefined;
    if (!accessory) return { ...base, kind: 'accessory', parentName: product.name, name: product.name, image: product.image[0], status: 'unavailable' };
    return priced({
      ...base,
      kind: 'accessory',
      name: accessory.name,
      parentName: product.name,
      image: accessory.images[0] ?? product.image[0],
      unitPriceCents: unitPriceCents({ kind: 'accessory', accessory }),
      status: isPurchasable(accessory) ? 'ok' : 'unavailable',
    });
  }

  return priced({
    ...base,
    kind: 'product',
    name: product.name,
    image: product.colorVariants.find((c) => c.color === variant.color)?.image || product.image[0],
    color: variant.color,
    size: variant.size,
    unitPriceCents: unitPriceCents({ kind: 'product', product }),
    status: offered && isPurchasable(product) && !product.soldOutOptions?.includes(parts.variant) ? 'ok' : 'unavailable',
  });
}

/** Sum of the purchasable lines (the others are flagged, never counted). */
export function subtotalCents(lines: readonly ResolvedLine[]): number {
  let total = 0;
  for (const line of lines) if (line.lineTotalCents !== null) total += line.lineTotalCents;
  return total;
}

/** A lookup over product and bundle lists (ids → items). */
export function catalogLookup(products: readonly Product[], bundles: readonly Bundle[]): CatalogLookup {
  const p = new Map(products.map((x) => [x._id, x]));
  const b = new Map(bundles.map((x) => [x._id, x]));
  return { product: (id) => p.get(id), bundle: (id) => b.get(id) };
}

/** Every line of a `key → quantity` map, resolved, in the map's order. */
export function resolveLines(lines: CartData, catalog: CatalogLookup, now: number): ResolvedLine[] {
  return Object.entries(lines).map(([key, quantity]) => resolveCartLine(key, quantity, catalog, now));
}
