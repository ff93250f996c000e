import type { Product } from '../../domain/types';

/** A product page's gallery: its pictures and the one shown. */

/**
 * The gallery picture shown: the one the shopper chose last, else the picked colour's picture,
 * else the first. A choice outside the gallery falls back the same way.
 */
export function shownImageIndex(p: Pick<Product, 'image' | 'colorVariants'>, chosen: number | null, color: string | null): number {
  const images = galleryImages(p);
  if (chosen !== null && chosen >= 0 && chosen < images.length) return chosen;
  const variantImage = color ? p.colorVariants.find((v) => v.color === color)?.image : undefined;
  const at = variantImage ? images.indexOf(variantImage) : -1;
  return at >= 0 ? at : 0;
}

/** The gallery of a product: its images, then variant images not already among them. */
export function galleryImages(p: Pick<Product, 'image' | 'colorVariants'>): string[] {
  const images = (Array.isArray(p.image) ? p.image : typeof p.image === 'string' ? [p.image] : []).filter(
    (u): u is string => typeof u === 'string' && u !== '',
  );
  const out = [...new Set(images)];
  for (const v of Array.isArray(p.colorVariants) ? p.colorVariants : []) {
    if (v?.image && !out.includes(v.image)) out.push(v.image);
  }
  return out;
}
