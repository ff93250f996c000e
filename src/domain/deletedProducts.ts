import { parseVariant, splitCartKey } from './cartKey';
import type { CartData } from './types';

/**
 * Products deleted by the shop: their lines leave the shopper's cart, saved-for-later
 * list and wishlist, and the shopper is told once. The client learns it from the product list
 * (which holds every product, hidden ones too, so a missing id was deleted) and confirms each id
 * with the product call (404) before anything is dropped: a list fetched before the product was
 * created must never empty a cart.
 */

/** The product a line belongs to (a product or accessory line), or null for a bundle line or a malformed key. */
export function productOfLine(key: string): string | null {
  const parts = splitCartKey(key);
  const variant = parts ? parseVariant(parts.variant) : null;
  if (!parts || !variant || variant.kind === 'bundle') return null;
  return parts.itemId;
}

export interface ShopperLists {
  cart: CartData;
  saved: CartData;
  wishlist: readonly string[];
}

/** The product ids the lists name that `inCatalog` does not know, each once, in list order. */
export function productsMissingFromCatalog(lists: ShopperLists, inCatalog: (id: string) => boolean): string[] {
  const ids = [...Object.keys(lists.cart), ...Object.keys(lists.saved)].map(productOfLine).filter((id): id is string => id !== null);
  return [...new Set([...ids, ...lists.wishlist])].filter((id) => !inCatalog(id));
}

/** The lines of `items` without those of the given products (the same object when none is there). */
export function withoutProducts(items: CartData, productIds: readonly string[]): CartData {
  const gone = new Set(productIds);
  const keys = Object.keys(items).filter((k) => {
    const id = productOfLine(k);
    return id !== null && gone.has(id);
  });
  if (keys.length === 0) return items;
  const out = { ...items };
  for (const k of keys) delete out[k];
  return out;
}

/** How many lines of each list the given products hold. */
export function linesOfProducts(lists: ShopperLists, productIds: readonly string[]): { cart: number; saved: number; wishlist: number } {
  const gone = new Set(productIds);
  const count = (items: CartData) => Object.keys(items).filter((k) => gone.has(productOfLine(k) ?? '')).length;
  return { cart: count(lists.cart), saved: count(lists.saved), wishlist: lists.wishlist.filter((id) => gone.has(id)).length };
}

export const REMOVED_FROM_CART = 'Some items are no longer available and were removed from your cart.';
export const REMOVED_FROM_WISHLIST = 'Some items are no longer available and were removed from your wishlist.';
export const REMOVED_FROM_BOTH = 'Some items are no longer available and were removed from your cart and wishlist.';

/** The notice for what was removed (saved-for-later lines are part of the cart page), or null when nothing was. */
export function removedNotice(removed: { cart: number; saved: number; wishlist: number }): string | null {
  const fromCart = removed.cart + removed.saved > 0;
  if (fromCart && removed.wishlist > 0) return REMOVED_FROM_BOTH;
  if (fromCart) return REMOVED_FROM_CART;
  if (removed.wishlist > 0) return REMOVED_FROM_WISHLIST;
  return null;
}
