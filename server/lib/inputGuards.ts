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
