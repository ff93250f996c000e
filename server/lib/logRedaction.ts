import type { FastifyRequest } from 'fastify';

/**
 * What never reaches the logs: log stores are read by more people, and kept longer,
 * than the secrets they would hold.
 * - Request URLs: a password-reset token (`/reset-password/<t>`, `/api/user/reset-password/<t>`)
 *   a payment session id (`/pay/<id>`, `?session_id=`) and a token in a query (`?token=`, a review
 *   invitation) are secrets of their own: replaced.
 * - Errors: a failed query's parameters (and PostgreSQL's `detail`, which quotes values) are the
 *   shoppers' data; the SQL text with its placeholders stays.
 */
const SECRET_IN_URL: [RegExp, string][] = [
  [/(\/reset-password\/)[^/?#]+/gi, '$1[redacted]'],
  [/(\/pay\/)[^/?#]+/gi, '$1[redacted]'],
  [/([?&]session_id=)[^&#]*/gi, '$1[redacted]'],
  // A signed review invitation (`/api/reviews/invite?token=`) and any other token in a query.
  [/([?&]token=)[^&#]*/gi, '$1[redacted]'],
];

/** Fields whose value is a secret wherever a log call puts them (top level or one level down). */
export const SECRET_LOG_KEYS = ['token', 'sessionId', 'session_id', 'resetToken', 'password', 'newPassword', 'sessionUrl', 'session_url'];

/** A logged URL is cut here: a log line stays readable, and no pattern reads a megabyte of query. */
const MAX_LOGGED_URL = 2048;

export function redactUrl(url: string): string {
  const cut = url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}…` : url;
  return SECRET_IN_URL.reduce((u, [re, to]) => u.replace(re, to), cut);
}

/** Drizzle's "Failed query: <sql>\nparams: <values>": the values go. */
const scrubText = (text: string) => text.replace(/\nparams: .*?(?=\n {4}at |$)/s, '\nparams: [redacted]');
const DROPPED = new Set(['params', 'parameters', 'detail']);

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: typeof err === 'string' ? scrubText(err) : String(err), stack: '' };
  const out: SerializedError = { type: err.constructor?.name ?? err.name, message: scrubText(err.message), stack: scrubText(err.stack ?? '') };
  for (const [key, value] of Object.entries(err)) {
    if (DROPPED.has(key) || key === 'cause' || key in out) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = typeof value === 'string' ? scrubText(value) : value;
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** Fastify logger serializers: requests with their URL redacted, errors without their parameters. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err: (err: Error) => serializeError(err),
};
