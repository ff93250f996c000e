import type { Product } from '../../domain/types';

/** Wishlist page size (SPEC §9). */
export const WISHLIST_PAGE_SIZE = 12;

/** The wishlisted products that still exist, in wishlist order (ids of removed products are skipped). */
export function wishlistProducts(ids: readonly string[], products: readonly Product[]): Product[] {
  const byId = new Map(products.map((p) => [p._id, p]));
  const out: Product[] = [];
  for (const id of ids) {
    const p = byId.get(id);
    if (p) out.push(p);
  }
  return out;
}

/** Case-insensitive match on the name (SPEC §2 Wishlist); an empty search keeps everything. */
export function searchWishlist(products: readonly Product[], search: string): Product[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...products];
  return products.filter((p) => p.name.toLowerCase().includes(q));
}

/** One page of 12 and the page count; a page past the end is empty (the screen says so). */
export function wishlistPage<T>(items: readonly T[], page: number, size = WISHLIST_PAGE_SIZE): { items: T[]; pageCount: number; page: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const p = Number.isInteger(page) && page >= 1 ? page : 1;
  return { items: items.slice((p - 1) * size, p * size), pageCount, page: p };
}
