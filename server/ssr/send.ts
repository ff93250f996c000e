import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from '../lib/cachedBody';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page rendered for this request (not from the HTML cache), compressed as the compression plugin
 * would (brotli quality 4 in text mode, else gzip at zlib's default level) but in one call on
 * libuv's threads: the plugin streams a page this size (~170 KB) through a chain of 16 KB chunks,
 * whose stream bookkeeping costs the event loop a few milliseconds per page. Clients
 * that take neither (identity, deflate only, `x-no-compression`) get the plugin's answer as before.
 */
export async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply> {
  const accept = request.headers['accept-encoding'];
  const encoding = request.headers['x-no-compression'] !== undefined ? null : acceptsEncoding(accept, 'br') ? 'br' : acceptsEncoding(accept, 'gzip') ? 'gzip' : null;
  if (encoding === null) return reply.send(html);
  const body = Buffer.from(html);
  const bytes =
    encoding === 'br'
      ? await brotliAsync(body, {
          params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : await gzipAsync(body);
  return reply.header('Vary', 'accept-encoding').header('Content-Encoding', encoding).send(bytes);
}
