import type { Product } from '../../domain/types';

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
