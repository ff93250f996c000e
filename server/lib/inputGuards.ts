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
 * Control characters (C0, DEL, C1) other than newline and tab: in a name or a chat message they
 * only serve to drive a terminal (ESC sequences, OSC 8 links, clipboard writes) when staff read
 * them in the CLI. Refused on input (issue 17).
 */
const CONTROL_EXCEPT_NEWLINE_TAB = /(?![\n\t])\p{Cc}/u;
/** Single-line text (a name): no control character at all. */
const ANY_CONTROL = /\p{Cc}/u;

export const CONTROL_MESSAGES = {
  name: 'must not contain control characters',
  message: 'Message must not contain control characters (line breaks and tabs are fine)',
} as const;

export const hasControlChars = (text: string, allowNewlineTab: boolean) => (allowNewlineTab ? CONTROL_EXCEPT_NEWLINE_TAB : ANY_CONTROL).test(text);
