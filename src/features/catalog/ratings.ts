import type { Product } from '../../domain/types';

/** The store's rating filter: "4 stars & up" (the only bound offered; the url may carry 1–4). */
export const MIN_RATING_CHOICE = 4;
export const minRatingLabel = (stars: number) => `${stars} stars & up`;

/** A product's approved-review average, 0 while it has none. */
const ratingOf = (p: Pick<Product, 'rating'>) => (typeof p.rating === 'number' && Number.isFinite(p.rating) ? p.rating : 0);
const countOf = (p: Pick<Product, 'reviewCount'>) => (typeof p.reviewCount === 'number' && Number.isFinite(p.reviewCount) ? p.reviewCount : 0);

/**
 * "Top rated": higher average first; at the same average more reviews first (a 5.0 from forty
 * buyers before a 5.0 from one); products without reviews last, in the input order.
 */
export function compareTopRated(a: Product, b: Product): number {
  return ratingOf(b) - ratingOf(a) || countOf(b) - countOf(a);
}

/** Whether a product meets the rating bound (null: no bound). A product without reviews never does. */
export function meetsMinRating(p: Pick<Product, 'rating' | 'reviewCount'>, minRating: number | null): boolean {
  return minRating === null || (countOf(p) > 0 && ratingOf(p) >= minRating);
}
