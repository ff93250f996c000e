import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMAGE_KINDS, renderPlaceholderSvg, renderProductSvg, resolveColor } from '../images/svg';
import { matchesEtag } from '../lib/cachedBody';
import { parseOr400 } from '../lib/validate';

const params = z.object({
  file: z.string().regex(/^[A-Za-z0-9-]{1,64}\.svg$/, 'must be <seed>.svg with letters, digits or dashes'),
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
function remember(key: string, render: () => string) {
  let hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const body = render();
  hit = { body, etag: createHash('sha1').update(body).digest('base64url') };
  cache.set(key, hit);
  if (cache.size > 1000) cache.delete(cache.keys().next().value as string);
  return hit;
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, img: { body: string; etag: string }) {
  reply.header('Cache-Control', YEAR).header('ETag', `"${img.etag}"`).header('Vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], img.etag)) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(img.body);
}

/** Generated product pictures (URLs never change meaning, so they cache for a year). */
const imageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/img/placeholder.svg', async (request, reply) => sendSvg(request, reply, remember('placeholder', renderPlaceholderSvg)));

  app.get('/img/p/:file', async (request, reply) => {
    const { file } = parseOr400(params, request.params, 'image name');
    const { k, c } = parseOr400(query, request.query, 'image parameters');
    const seed = file.slice(0, -4);
    return sendSvg(request, reply, remember(`${seed}|${k}|${c}`, () => renderProductSvg(seed, k, c)));
  });
};
export default imageRoutes;
