import { resolveColor, type ImageKind } from './svg';

/** The picture kind that suits a product's category (figure, spinner, vase, …). */
export function kindFor(mainCategory: string, subCategory: string, subSubCategory?: string | null): ImageKind {
  if (mainCategory === 'Figures') return subSubCategory === 'Accessories' ? 'accessory' : 'figure';
  switch (subCategory) {
    case 'Fidget_Spinners':
      return 'spinner';
    case 'Stress_Balls':
      return 'ball';
    case 'Puzzle_Toys':
    case 'Magnetic_Toys':
      return 'cube';
    case 'Sensory_Toys':
      return 'flexi';
    case 'Seasonal':
    case 'Religious':
      return 'ornament';
    case 'Home_Decor':
    case 'Office_Decor':
      return 'vase';
    case 'Wall_Art':
      return 'frame';
    default:
      return 'gadget';
  }
}

/**
 * URL of a generated picture: `/img/p/<seed>.svg?k=<kind>&c=<hex>`. The seed is usually the
 * product id, plus `-2`, `-3` for more views; the colour a name or 6-digit hex.
 */
export function imageUrl(seed: string, kind: ImageKind, color: string): string {
  const hex = (resolveColor(color) ?? '#3a86ff').slice(1);
  return `/img/p/${encodeURIComponent(seed)}.svg?k=${kind}&c=${hex}`;
}
