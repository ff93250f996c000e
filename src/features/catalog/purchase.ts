import { MAX_LINE_QUANTITY, productVariant } from '../../domain/cartKey';
import { isPurchasable, salePrice } from '../../domain/pricing';
import { STOCK_MESSAGES } from '../../domain/stock';
import { productColors } from './filters';
import { galleryImages } from './gallery';
import type { Accessory, Product } from '../../domain/types';

/** A product page's purchase checks: options, quantity, Add to cart / Buy now, accessories, the added-to-cart line. */

export const MESSAGES = {
  outOfStock: 'This product is currently out of stock.',
  unavailable: 'This product is no longer available.',
  comingSoon: 'This product is coming soon and cannot be ordered yet.',
  color: 'Please select a color before adding to cart.',
  size: 'Please select a size before adding to cart.',
  quantity: 'Please enter a valid quantity',
  optionOutOfStock: STOCK_MESSAGES.optionOutOfStock,
} as const;

/**
 * The variant of a complete choice (every option the product has is picked) when it cannot be
 * bought now, else null: the product page says so at once and offers "Tell me when it's back".
 */
export function soldOutChoice(p: Pick<Product, 'colorVariants' | 'clothingSizes' | 'canvasSizes' | 'soldOutOptions' | 'outOfStock'>, color: string | null, size: string | null): string | null {
  if (!p.soldOutOptions?.length || p.outOfStock) return null;
  const colors = productColors(p as Product);
  const sizes = productSizes(p);
  if ((colors.length > 0 && !color) || (sizes.length > 0 && !size)) return null;
  const variant = productVariant(colors.length ? color : null, sizes.length ? size : null);
  return p.soldOutOptions.includes(variant) ? variant : null;
}

/** The sizes a product offers: clothing sizes, else canvas sizes (a product has one kind). */
export function productSizes(p: Pick<Product, 'clothingSizes' | 'canvasSizes'>): string[] {
  const clothing = Array.isArray(p.clothingSizes) ? p.clothingSizes.filter(Boolean) : [];
  const canvas = Array.isArray(p.canvasSizes) ? p.canvasSizes.filter(Boolean) : [];
  return [...clothing, ...canvas];
}

export interface Selection {
  color: string | null;
  size: string | null;
  quantity: number;
}

/** A quantity the buyer typed: a whole number from 1 to the cart's per-line cap (99). */
export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
}

/**
 * Why the selection cannot go to the cart (SPEC §5), or null when it can. Checked in this order:
 * stock and availability, colour (when the product has colour variants), size (when it has
 * clothing or canvas sizes), then the quantity.
 */
export function purchaseProblem(p: Product, sel: Selection): string | null {
  if (p.outOfStock) return MESSAGES.outOfStock;
  if (p.vaulted || p.notAvailableYet) return MESSAGES.unavailable;
  if (p.comingSoon) return MESSAGES.comingSoon;
  const colors = productColors(p);
  if (colors.length > 0 && (!sel.color || !colors.includes(sel.color))) return MESSAGES.color;
  const sizes = productSizes(p);
  if (sizes.length > 0 && (!sel.size || !sizes.includes(sel.size))) return MESSAGES.size;
  if (soldOutChoice(p, sel.color, sel.size)) return MESSAGES.optionOutOfStock;
  if (!isValidQuantity(sel.quantity)) return MESSAGES.quantity;
  return null;
}

/** The item a "Buy now" hands to checkout in navigation state. */
export interface BuyNowItem {
  productId: string;
  variant: string;
  quantity: number;
}

/** Problems the shopper fixes by choosing (a warning); the others say the product cannot be bought (an error). */
export function problemSeverity(problem: string): 'warning' | 'error' {
  return problem === MESSAGES.color || problem === MESSAGES.size || problem === MESSAGES.quantity ? 'warning' : 'error';
}

/** The quantity box's text as a number: NaN when empty or not a number (refused by `isValidQuantity`). */
export function parseQuantity(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** What the shopper picked on a product page, as the store keeps it (the quantity as typed). */
export interface PickedOptions {
  color: string | null;
  size: string | null;
  quantityText: string;
}

/** The line a product page's selection puts into the cart (or hands to checkout), or why it cannot. */
export type PurchaseCheck = { ok: true; item: BuyNowItem } | { ok: false; problem: string };

/** Add to cart and Buy now (SPEC §5): the checks of `purchaseProblem`, then the line with its cart variant. */
export function checkPurchase(p: Product, picked: PickedOptions): PurchaseCheck {
  const quantity = parseQuantity(picked.quantityText);
  const problem = purchaseProblem(p, { color: picked.color, size: picked.size, quantity });
  if (problem) return { ok: false, problem };
  return { ok: true, item: { productId: p._id, variant: productVariant(picked.color, picked.size), quantity } };
}

/** What the "Added to cart" dialog shows about the line just added. */
export interface AddedLine {
  name: string;
  image: string | undefined;
  /** 'Color: Red · Size: M', 'Accessory for …' */
  detail: string;
  quantity: number;
  unitPrice: number;
}

/** The dialog's line for a product added with its picked options. */
export function addedProductLine(p: Product, picked: Pick<PickedOptions, 'color' | 'size'>, quantity: number): AddedLine {
  const variantImage = picked.color ? p.colorVariants.find((v) => v.color === picked.color)?.image : undefined;
  return {
    name: p.name,
    image: variantImage ?? galleryImages(p)[0],
    detail: [picked.color && `Color: ${picked.color}`, picked.size && `Size: ${picked.size}`].filter(Boolean).join(' · '),
    quantity,
    unitPrice: salePrice(p),
  };
}

/** Accessories a product page offers, with their index in the product's list (the cart variant). */
export function offeredAccessories(p: Pick<Product, 'accessories' | 'hasAccessory'>): Array<{ accessory: Accessory; index: number }> {
  if (p.hasAccessory === false) return [];
  return (p.accessories ?? []).map((accessory, index) => ({ accessory, index })).filter(({ accessory }) => !accessory.notAvailableYet);
}

/** Whether an accessory's Add button works: the accessory is for sale and its product is not vaulted. */
export function canAddAccessory(p: Pick<Product, 'vaulted'>, a: Accessory): boolean {
  return isPurchasable(a) && p.vaulted !== true;
}

/** The accessory line for the cart and its dialog line, or null when it cannot be added (see `canAddAccessory`). */
export function accessoryPurchase(p: Product, index: number): { variant: string; added: AddedLine } | null {
  const a = offeredAccessories(p).find((x) => x.index === index)?.accessory;
  if (!a || !canAddAccessory(p, a)) return null;
  return { variant: `accessory-${index}`, added: { name: a.name, image: a.images?.[0], detail: `Accessory for ${p.name}`, quantity: 1, unitPrice: a.price } };
}
