import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers that only mean something on a document (a page, or a file a browser could open as one):
 * the page's policies, framing and referrer rules. The build's hashed scripts, styles and fonts
 * (`/assets/`) are never documents, and a page loads some eighty of them: these headers cost it
 * about 50 KiB on the wire. Nor is a raster picture (WebP, AVIF, PNG, JPEG, GIF: no script, no
 * links; an SVG is a document and keeps them): a collection page shows a dozen, ~550 bytes each.
 * `X-Content-Type-Options: nosniff` and the resource policy stay: they do apply to a script, a
 * font or a picture.
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'last-modified',
] as const;

/** Whether a request is for one of the build's hashed files (scripts, styles, fonts; never a page). */
const isBuildAsset = (request: FastifyRequest) => request.url.startsWith('/assets/') && /\.(?:js|css|woff2)(?:\?|$)/.test(request.url);

const RASTER_PICTURE = /^image\/(?:webp|avif|png|jpeg|gif)(?:;|$)/;

/**
 * Whether an answer can never be a document: one of the build's hashed files, or a raster picture
 * (by the type the answer is sent with). A refusal (4xx/5xx, a JSON message) is not one of them.
 */
export function isNeverDocument(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.statusCode >= 400) return false;
  return isBuildAsset(request) || RASTER_PICTURE.test(String(reply.getHeader('content-type') ?? ''));
}

/** Drops the document-only headers from an answer that is never a document (an onSend step). */
export function trimAssetHeaders(reply: FastifyReply) {
  for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
}
