import { isOnSale } from './pricing';
import type { Product, Settings } from './types';

/**
 * Whether the store lists a product at all (staff settings hide categories and tags): one rule
 * for the client's lists and the server's sitemap, render and settings checks.
 */

/** 'Out of Stock', 'out-of-stock', 'outOfStock' → 'outofstock' (settings are typed by hand). */
export function normaliseTag(tag: string): string {
  // Every tag is a word or two: a longer text names none, and is cut before the pattern reads it.
  return String(tag).slice(0, 64).toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The tags a product carries, normalised, for `hiddenProductTags` (flags by field name and by label). */
export function productTags(p: Product): string[] {
  const tags: string[] = [];
  if (p.outOfStock) tags.push('outofstock');
  if (p.comingSoon) tags.push('comingsoon');
  if (p.preOrder) tags.push('preorder');
  if (p.isNewProduct) tags.push('new', 'isnewproduct');
  if (p.limitedEdition) tags.push('limitededition', 'limited');
  if (p.vaulted) tags.push('vaulted');
  if (p.bestseller) tags.push('bestseller', 'bestsellers');
  if (isOnSale(p)) tags.push('sale', 'onsale');
  return tags;
}

/**
 * Whether the store may show a product at all: never notAvailableYet (SPEC §9), never in a hidden
 * category (main, sub or sub-sub, case-insensitive) and never carrying a hidden tag.
 */
export function isListed(p: Product, settings?: Pick<Settings, 'hiddenCategories' | 'hiddenProductTags'> | null): boolean {
  if (p.notAvailableYet) return false;
  const hiddenCats = settings?.hiddenCategories ?? [];
  if (hiddenCats.length > 0) {
    const cats = [p.mainCategory, p.subCategory, p.subSubCategory].filter(Boolean).map((c) => String(c).toLowerCase());
    if (hiddenCats.some((h) => cats.includes(String(h).toLowerCase()))) return false;
  }
  const hiddenTags = settings?.hiddenProductTags ?? [];
  if (hiddenTags.length > 0) {
    const tags = productTags(p);
    if (hiddenTags.some((t) => tags.includes(normaliseTag(t)))) return false;
  }
  return true;
}
