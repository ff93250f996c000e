import { salePrice } from '../../domain/pricing';
import type { Product } from '../../domain/types';

/** Reads of a product record that never throw on a malformed one (sorting and filtering run over every product). */

export function dateOf(p: Pick<Product, 'date'>): number {
  return Number.isFinite(p.date) ? p.date : 0;
}

export function nameOf(p: Pick<Product, 'name'>): string {
  return typeof p.name === 'string' ? p.name : '';
}

/** Sale price in cents that never throws on a record with a missing price. */
export function sortPriceCents(p: Pick<Product, 'price' | 'discount'>): number {
  const price = Number.isFinite(p.price) ? p.price : 0;
  return Math.round(salePrice({ price, discount: p.discount }) * 100);
}
