/**
 * The demo catalog's product pictures are drawn by the server as SVG (`/img/p/<seed>.svg?k=…&c=…`).
 * The store serves them the way shop photos are served: as raster pictures rendered once from that
 * art (cached on the server's disk), in a few widths for `srcset`. An SVG is drawn on the page's
 * main thread each time it is shown (some 18 ms a card on a slow phone).
 *
 * The server renders WebP and AVIF; the pages offer WebP only. AVIF is ~15% smaller here, but in
 * one interleaved Lighthouse sitting (2026-11-27, loaded machine) `/` with an AVIF source had a TBT
 * of 1.8–3.8 s against 0.9–1.0 s for the build before it, and WebP alone did not.
 */

/**
 * The widths the generated pictures are rendered at: a product page's thumbnails (56–72 px wide,
 * 120 at a phone's 1.75 pixel ratio: half the bytes of 240), cards on a phone and a desktop, a
 * product page's picture.
 */
export const PICTURE_WIDTHS = [120, 240, 360, 540, 720] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];
export const PICTURE_FORMATS = ['avif', 'webp'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

const GENERATED = /^(\/img\/p\/[A-Za-z0-9-]{1,64})\.svg(\?[^#]*)?$/;

/** `/img/p/<seed>-<width>.<format>?…` of a generated picture's path; null for any other picture. */
export function rasterPicturePath(path: string, width: PictureWidth, format: PictureFormat): string | null {
  // A generated picture's path is short: anything longer is not one, and no pattern reads it.
  const m = path.length <= 2000 ? GENERATED.exec(path) : null;
  return m ? `${m[1]}-${width}.${format}${m[2] ?? ''}` : null;
}

/** What an <img> is given for a picture path. */
interface PictureSources {
  src: string;
  /** "…-240.webp?… 240w, …" (absent for a picture that is not generated). */
  srcSet?: string;
}

/** The sources of a picture path (already resolved against the backend, or server-relative). */
export function pictureSources(url: string, fallbackWidth: PictureWidth = 360): PictureSources {
  // The backend's origin (VITE_API_URL) may prefix the path.
  const at = url.indexOf('/img/p/');
  if (at < 0) return { src: url };
  const origin = url.slice(0, at);
  const path = url.slice(at);
  const set = (format: PictureFormat) => PICTURE_WIDTHS.map((w) => `${origin}${rasterPicturePath(path, w, format)} ${w}w`).join(', ');
  const src = rasterPicturePath(path, fallbackWidth, 'webp');
  if (!src) return { src: url };
  return { src: `${origin}${src}`, srcSet: set('webp') };
}
