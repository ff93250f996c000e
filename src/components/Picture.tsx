import type { ImgHTMLAttributes } from 'react';
import { pictureSources } from '../domain/pictures';

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  /** The picture's url (assetUrl of a product's image). */
  src: string;
  /** How wide the picture is shown, for the browser to pick a width: e.g. "(min-width: 900px) 300px, 50vw". */
  sizes: string;
}

/**
 * A product picture. A generated one (the demo catalog's art) is offered as WebP in the widths
 * the server renders (domain/pictures.ts), and the browser takes the smallest that is sharp at the
 * size and screen density shown; any other picture is a plain <img>. Props other than `src` and
 * `sizes` (alt, width and height, loading, className) go to the <img>.
 */
export function Picture({ src, sizes, ...img }: PictureProps) {
  const sources = pictureSources(src);
  return <img src={sources.src} srcSet={sources.srcSet} sizes={sources.srcSet ? sizes : undefined} {...img} />;
}
