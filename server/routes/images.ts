import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PICTURE_FORMATS, PICTURE_WIDTHS, type PictureFormat, type PictureWidth } from '../../src/domain/pictures';
import { PICTURE_TYPES, PictureCache } from '../images/raster';
import { IMAGE_KINDS, renderPlaceholderSvg, renderProductSvg, resolveColor } from '../images/svg';
import { matchesEtag } from '../lib/cachedBody';
import { clientAddress } from '../lib/clientAddress';
import { HttpError } from '../lib/errors';
import { parseOr400 } from '../lib/validate';

const FILE_MESSAGE = `must be <seed>.svg, or <seed>-<width>.webp or .avif with a width of ${PICTURE_WIDTHS.join(', ')}; a seed is letters, digits or dashes`;
const RASTER = new RegExp(`^([A-Za-z0-9-]{1,64})-(${PICTURE_WIDTHS.join('|')})\\.(${PICTURE_FORMATS.join('|')})$`);
const params = z.object({
  file: z
    .string()
    .max(74, { message: FILE_MESSAGE, abort: true })
    .refine((f) => /^[A-Za-z0-9-]{1,64}\.svg$/.test(f) || RASTER.test(f), FILE_MESSAGE),
});
const query = z.object({
  k: z.enum(IMAGE_KINDS, { message: `must be one of ${IMAGE_KINDS.join(', ')}` }).default('gadget'),
  c: z
    .string()
    .optional()
    .transform((c, ctx) => {
      if (c === undefined) return '#3a86ff';
      const hex = resolveColor(c);
      if (!hex) {
        ctx.addIssue({ code: 'custom', message: 'must be a 6-digit hex colour or a known colour name' });
        return z.NEVER;
      }
      return hex;
    }),
});

const YEAR = 'public, max-age=31536000, immutable';

/** Small LRU of rendered pictures: the same few hundred URLs are asked for again and again. */
const cache = new Map<string, { body: string; etag: string }>();
function cached(key: string) {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
  }
  return hit;
}
function remember(key: string, render: () => string) {
  const body = render();
  const img = { body, etag: createHash('sha1').update(body).digest('base64url') };
  cache.set(key, img);
  if (cache.size > 1000) cache.delete(cache.keys().next().value as string);
  return img;
}

/**
 * Renders (cache misses) per client address per minute. Every seed makes a new URL, so without a
 * bound one client could keep the CPU busy drawing pictures nobody shows; a store page asks for a
 * few dozen, nearly all cached.
 */
export const IMAGE_RENDER_LIMIT = { max: 240, windowMs: 60_000 } as const;
export const IMAGE_MESSAGES = {
  tooMany: (seconds: number) => `Too many new pictures asked for. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

function sendSvg(request: FastifyRequest, reply: FastifyReply, img: { body: string; etag: string }) {
  reply.header('Cache-Control', YEAR).header('ETag', `"${img.etag}"`).header('Vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], img.etag)) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(img.body);
}

/** Generated product pictures (URLs never change meaning, so they cache for a year). */
const imageRoutes: FastifyPluginAsync = async (app) => {
  const renders = app.createRateLimit({ max: IMAGE_RENDER_LIMIT.max, timeWindow: IMAGE_RENDER_LIMIT.windowMs, keyGenerator: (req) => `img-render:${clientAddress(req)}` });

  app.get('/img/placeholder.svg', async (request, reply) => sendSvg(request, reply, cached('placeholder') ?? remember('placeholder', renderPlaceholderSvg)));

  const pictures = new PictureCache(path.join(app.config.dataDir, 'picture-cache'));
  /** A render (a cache miss) is counted against the client's allowance; over it, 429. */
  const allowRender = async (request: FastifyRequest, reply: FastifyReply) => {
    const r = await renders(request);
    if (!r.isAllowed && r.isExceeded) {
      const seconds = Math.max(1, r.ttlInSeconds);
      reply.header('Retry-After', String(seconds)).header('Cache-Control', 'no-store');
      throw new HttpError(429, IMAGE_MESSAGES.tooMany(seconds));
    }
  };

  app.get('/img/p/:file', async (request, reply) => {
    const { file } = parseOr400(params, request.params, 'image name');
    const { k, c } = parseOr400(query, request.query, 'image parameters');
    const raster = RASTER.exec(file);
    if (raster) {
      const key = { seed: raster[1]!, kind: k, color: c, width: Number(raster[2]) as PictureWidth, format: raster[3] as PictureFormat };
      // The file's name says all it holds (the art is drawn the same way every time): it is the ETag.
      const etag = createHash('sha1').update(`${key.seed}|${k}|${c}|${key.width}|${key.format}`).digest('base64url');
      reply.header('Cache-Control', YEAR).header('ETag', `"${etag}"`);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      let body = await pictures.stored(key);
      if (!body) {
        await allowRender(request, reply);
        body = await pictures.render(key);
      }
      return reply.type(PICTURE_TYPES[key.format]).send(body);
    }
    const seed = file.slice(0, -4);
    const key = `${seed}|${k}|${c}`;
    const hit = cached(key);
    if (hit) return sendSvg(request, reply, hit);
    await allowRender(request, reply);
    return sendSvg(request, reply, remember(key, () => renderProductSvg(seed, k, c)));
  });
};
export default imageRoutes;
