import { hasUnsafeCharacters } from '../../src/domain/text';

/**
 * Input PostgreSQL cannot store: a NUL character (U+0000) in text makes the driver fail, which
 * would surface as a 500. Bodies and query strings carrying one are refused up front with a 400.
 */
export const NUL_MESSAGE = 'Invalid request: text must not contain NUL (\\u0000) characters';

/** True when any string inside `value` (objects and arrays walked, to a bounded depth) holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  return false;
}

/**
 * The longest text any single field of a request may hold. The longest legitimate one is a product
 * description (5000 characters); a chat message is 2000. Checked on every request before any
 * schema, so no pattern anywhere ever runs on more than this (a pattern that backtracks costs the
 * square or worse of its input: a 1 MB field could hold the event loop for seconds). Each schema
 * bounds its own fields more tightly.
 */
export const MAX_TEXT_LENGTH = 10_000;
export const TEXT_TOO_LONG_MESSAGE = `Invalid request: a text field is longer than ${MAX_TEXT_LENGTH} characters`;

/** True when any string or key inside `value` (walked to a bounded depth) is longer than `max`. */
export function hasOverlongText(value: unknown, max = MAX_TEXT_LENGTH, depth = 0): boolean {
  if (typeof value === 'string') return value.length > max;
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasOverlongText(v, max, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.length > max || hasOverlongText(v, max, depth + 1)) return true;
  return false;
}

/** Control characters and bidi overrides are refused in every text that is stored (src/domain/text.ts). */
export const CONTROL_MESSAGES = {
  name: 'must not contain control characters or text-direction overrides',
  message: 'Message must not contain control characters or text-direction overrides (line breaks and tabs are fine)',
  text: 'must not contain control characters or text-direction overrides',
} as const;

export const hasControlChars = (text: string, allowNewlineTab: boolean) => hasUnsafeCharacters(text, allowNewlineTab);
