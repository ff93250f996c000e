import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers that only mean something on a document (a page, or a file a browser could open as one):
 * the page's policies, framing and referrer rules. The build's hashed scripts, styles and fonts
 * (`/assets/`) are never documents, and a page loads some eighty of them: these headers cost it
 * about 50 KiB on the wire. `X-Content-Type-Options: nosniff` and the resource policy stay: they do
 * apply to a script or a font.
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
export const isBuildAsset = (request: FastifyRequest) => request.url.startsWith('/assets/') && /\.(?:js|css|woff2)(?:\?|$)/.test(request.url);

/** Drops the document-only headers from a build asset's answer (an onSend step). */
export function trimAssetHeaders(request: FastifyRequest, reply: FastifyReply) {
  if (!isBuildAsset(request) || reply.statusCode >= 400) return;
  for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
}
