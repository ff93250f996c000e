import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { PictureFormat, PictureWidth } from '../../src/domain/pictures';
import { renderProductSvg, type ImageKind } from './svg';

/**
 * Raster versions of the generated product pictures (src/domain/pictures.ts): rendered from the
 * SVG art once, on first request, and kept on disk under `<DATA_DIR>/picture-cache/`, so a
 * restart serves them without drawing them again. Renders of the same file at once share one job.
 */
const ENCODE: Record<PictureFormat, (img: Sharp) => Sharp> = {
  // Flat colours and soft gradients: these qualities look like the SVG at a fraction of a photo's bytes.
  webp: (img) => img.webp({ quality: 70, effort: 4 }),
  avif: (img) => img.avif({ quality: 40, effort: 2 }),
};

export const PICTURE_TYPES: Record<PictureFormat, string> = { webp: 'image/webp', avif: 'image/avif' };

export interface RasterKey {
  seed: string;
  kind: ImageKind;
  /** '#rrggbb' */
  color: string;
  width: PictureWidth;
  format: PictureFormat;
}

const fileName = (k: RasterKey) => `${k.seed}-${k.kind}-${k.color.slice(1)}-${k.width}.${k.format}`;

export class PictureCache {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  constructor(private readonly dir: string) {}

  /** The picture from disk, or null when it has not been rendered yet. */
  async stored(key: RasterKey): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.dir, fileName(key)));
    } catch {
      return null;
    }
  }

  /** Renders the picture (once, however many ask at the same time) and stores it. */
  render(key: RasterKey): Promise<Buffer> {
    const name = fileName(key);
    const running = this.inFlight.get(name);
    if (running) return running;
    const job = this.draw(key, name).finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, job);
    return job;
  }

  private async draw(key: RasterKey, name: string): Promise<Buffer> {
    const svg = Buffer.from(renderProductSvg(key.seed, key.kind, key.color));
    // The art is 800×800: drawn at the density that gives the width asked for, so it is never scaled as pixels.
    const body = await ENCODE[key.format](sharp(svg, { density: (72 * key.width) / 800 }).resize(key.width, key.width)).toBuffer();
    await mkdir(this.dir, { recursive: true });
    // Written whole then renamed: a reader never sees half a file.
    const tmp = path.join(this.dir, `.${name}.${process.pid}.tmp`);
    await writeFile(tmp, body);
    await rename(tmp, path.join(this.dir, name));
    return body;
  }
}
