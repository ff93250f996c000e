import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { UploadedImage } from '../../src/domain/staffCatalog';
import { matchesEtag } from '../lib/cachedBody';
import { HttpError } from '../lib/errors';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The widths the store shows pictures at (cards, product page, zoom); never wider than the original. */
export const UPLOAD_WIDTHS = [320, 640, 1280] as const;
/** Decoding bombs: a small file claiming a huge canvas is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface StaffUploadResponse {
  success: true;
  image: UploadedImage;
}

export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the picture as multipart/form-data in the field "file"',
  noFile: 'No picture: send it in the field "file"',
  tooLarge: 'The picture is larger than 10 MB',
  badType: 'Only JPEG, PNG or WebP pictures can be uploaded (this file is none of them)',
  unreadable: 'The picture could not be read: the file is damaged or incomplete',
  tooManyPixels: `The picture has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
} as const;

/** The type a file really is, from its first bytes (never from its name or the client's Content-Type). */
export function sniffImageType(b: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export const uploadUrl = (id: string, width: number) => `/uploads/${id}-${width}.webp`;

const fileParams = z.object({ file: z.string().max(40, { message: 'must be <id>-<width>.webp', abort: true }).regex(/^[0-9a-f]{24}-\d{1,5}\.webp$/, 'must be <id>-<width>.webp') });
const YEAR = 'public, max-age=31536000, immutable';

/**
 * Product pictures (issue 18). Multipart is registered in this plugin only: every other route keeps
 * its JSON-only, 1 MB rule. An upload is checked from its bytes, re-encoded as WebP (metadata
 * dropped, EXIF orientation applied) at each width of UPLOAD_WIDTHS, and stored in the database, so
 * every instance serves it; its id is the hash of the file, so a URL never changes meaning and is
 * cached for a year.
 */
const staffUploadRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 } });

  app.post('/api/staff/uploads', { preHandler: app.requireStaff, bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024 }, async (request, reply): Promise<StaffUploadResponse> => {
    reply.header('Cache-Control', 'no-store');
    if (!request.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
      bytes = await file.toBuffer();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(400, 'Send one picture, in the field "file", and nothing else');
      throw new HttpError(400, UPLOAD_MESSAGES.unreadable);
    }
    if (bytes.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
    if (!sniffImageType(bytes)) throw new HttpError(415, UPLOAD_MESSAGES.badType);

    let width: number;
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
      width = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
    } catch (err) {
      throw new HttpError(400, /pixel limit/i.test((err as Error).message) ? UPLOAD_MESSAGES.tooManyPixels : UPLOAD_MESSAGES.unreadable);
    }
    const widths = [...new Set([...UPLOAD_WIDTHS.filter((w) => w < width), Math.min(width, UPLOAD_WIDTHS.at(-1)!)])].sort((a, b) => a - b);
    const id = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
    const me = currentUser(request);

    const encoded: { width: number; height: number; data: Buffer }[] = [];
    try {
      for (const w of widths) {
        const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        encoded.push({ width: w, height: info.height, data });
      }
    } catch {
      // Headers that read fine over a body that does not decode (truncated or corrupt data).
      throw new HttpError(400, UPLOAD_MESSAGES.unreadable);
    }
    await app.images.store(id, encoded, me, bytes.length);
    const sizes = encoded.map((e) => ({ url: uploadUrl(id, e.width), width: e.width, height: e.height }));
    const widest = sizes.at(-1)!;
    reply.code(201);
    return {
      success: true,
      image: { _id: id, url: widest.url, width: widest.width, height: widest.height, sizes, srcset: sizes.map((s) => `${s.url} ${s.width}w`).join(', ') },
    };
  });

  app.get('/uploads/:file', async (request, reply) => {
    const { file } = parseOr400(fileParams, request.params, 'picture');
    const [id, width] = file.slice(0, -'.webp'.length).split('-') as [string, string];
    const row = await app.images.find(id, Number(width));
    if (!row) return reply.code(404).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
    const etag = `${id}-${width}`;
    reply.header('Cache-Control', YEAR).header('ETag', `"${etag}"`);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(row.contentType).send(row.data);
  });
};
export default staffUploadRoutes;
