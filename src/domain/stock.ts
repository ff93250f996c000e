/**
 * Stock per purchasable option: what can be bought follows from the numbers, one rule on both
 * sides. An option (the cart key's variant part: 'Red|M', '|', 'accessory-0') is either made to
 * order (sold beyond the shelf, printed per order) or stocked only (sold while units are free:
 * on hand minus those held by open payments). The server turns the numbers into the catalog's
 * `soldOutOptions` and `outOfStock`; the client reads those.
 */
import { productVariant, type VariantSource } from './cartKey';

export interface OptionStock {
  onHand: number;
  reserved: number;
  madeToOrder: boolean;
}

/** The material a made-to-order option prints in, and its minutes per unit, unless staff say otherwise. */
export const DEFAULT_PRINT = { minutes: 120, material: 'PLA' } as const;

export const STOCK_MESSAGES = {
  optionOutOfStock: 'This option is currently out of stock.',
  /** Checkout found fewer free units than the cart holds: the cart was lowered to what is left. */
  onlyLeft: (left: number) => (left > 0 ? `Only ${left} left — we updated your cart` : 'Sold out — we updated your cart'),
} as const;

/** Units free to sell off the shelf. */
export function freeUnits(s: OptionStock): number {
  return Math.max(0, s.onHand - s.reserved);
}

/** An option can be bought when it is made to order or has a free unit on the shelf. */
export function optionAvailable(s: OptionStock): boolean {
  return s.madeToOrder || freeUnits(s) > 0;
}

/**
 * How `quantity` units of an option are held: the shelf's free units first, the rest printed when
 * made to order. Null when a stocked-only option cannot cover them.
 */
export function splitUnits(s: OptionStock, quantity: number): { fromShelf: number; toPrint: number } | null {
  const fromShelf = Math.min(quantity, freeUnits(s));
  const toPrint = quantity - fromShelf;
  if (toPrint > 0 && !s.madeToOrder) return null;
  return { fromShelf, toPrint };
}

/** Every colour × size variant a product offers ('|' for a part it does not have). */
export function productOptionVariants(product: Omit<VariantSource, 'accessories'>): string[] {
  const colors = product.colorVariants.length ? [...new Set(product.colorVariants.map((c) => c.color))] : [''];
  const sizes = [...product.clothingSizes, ...product.canvasSizes];
  const sizeList = sizes.length ? [...new Set(sizes)] : [''];
  return colors.flatMap((c) => sizeList.map((s) => productVariant(c, s)));
}

/** Every purchasable option of a product: its colour × size variants, then its accessories. */
export function allOptionVariants(product: VariantSource): string[] {
  return [...productOptionVariants(product), ...product.accessories.map((_, i) => `accessory-${i}`)];
}

/**
 * A product is out of stock when none of its colour × size options can be bought. Options without
 * a stock row count as available (made to order by default).
 */
export function productSoldOut(variants: readonly string[], soldOut: ReadonlySet<string> | readonly string[]): boolean {
  const set = soldOut instanceof Set ? soldOut : new Set(soldOut as readonly string[]);
  return variants.length > 0 && variants.every((v) => set.has(v));
}

/** The option a bundle holds of one of its products: the one the bundle names, else its first. */
export function bundleOption(named: Readonly<Record<string, string>> | undefined, productId: string, product: Omit<VariantSource, 'accessories'> | undefined): string {
  const chosen = named?.[productId];
  if (chosen) return chosen;
  return product ? (productOptionVariants(product)[0] ?? '|') : '|';
}

/** A bundle is available while every product it holds can be bought in the option it names. */
export function bundleAvailable(
  productIds: readonly string[],
  named: Readonly<Record<string, string>> | undefined,
  product: (id: string) => (Omit<VariantSource, 'accessories'> & { soldOutOptions?: readonly string[]; outOfStock?: boolean }) | undefined,
): boolean {
  return productIds.every((id) => {
    const p = product(id);
    if (!p) return false;
    return !p.soldOutOptions?.includes(bundleOption(named, id, p));
  });
}

/** One option's stock as the staff product editor shows it. */
export interface StaffOptionStock {
  option: string;
  onHand: number;
  /** Units held by open payments (on hand cannot go below it). */
  reserved: number;
  madeToOrder: boolean;
  printMinutes: number | null;
  material: string | null;
}

export interface OptionStockEdit {
  onHand: unknown;
  madeToOrder: unknown;
  printMinutes: unknown;
  material: unknown;
}

/** Why a staff edit of one option's stock cannot be saved (people-worded), or null when it can. */
export function optionStockProblem(edit: OptionStockEdit): string | null {
  const { onHand, madeToOrder, printMinutes, material } = edit;
  if (typeof onHand !== 'number' || !Number.isFinite(onHand)) return 'Enter how many are on the shelf (0 or more).';
  if (onHand < 0) return 'Stock on hand cannot be negative.';
  if (!Number.isInteger(onHand)) return 'Stock on hand must be a whole number.';
  if (onHand > 100_000) return 'Stock on hand can be at most 100,000.';
  if (typeof madeToOrder !== 'boolean') return 'Say whether this option is made to order.';
  if (printMinutes !== null && printMinutes !== undefined) {
    if (typeof printMinutes !== 'number' || !Number.isFinite(printMinutes) || !Number.isInteger(printMinutes)) return 'Print time must be a whole number of minutes.';
    if (printMinutes <= 0) return 'Print time must be at least 1 minute.';
    if (printMinutes > 10_080) return 'Print time can be at most 10,080 minutes (a week).';
  }
  if (madeToOrder) {
    if (printMinutes === null || printMinutes === undefined) return 'A made-to-order option needs a print time.';
    if (typeof material !== 'string' || !material.trim()) return 'A made-to-order option needs a material.';
  }
  if (material !== null && material !== undefined && (typeof material !== 'string' || material.trim().length > 40)) return 'Material names are at most 40 characters.';
  return null;
}
