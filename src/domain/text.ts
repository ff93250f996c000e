/**
 * Text helpers that stay linear on any input. A pattern such as `/\/+$/` or `/[.-]+$/` is retried
 * from every start position of a long run that is not at the end, which is quadratic (ReDoS):
 * these loops look at each character once.
 */

/** `text` without the characters of `chars` at its end ('a//' → 'a' for '/'). */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end -= 1;
  return text.slice(0, end);
}

/** `text` without the characters of `chars` at either end ('._a.b_' → 'a.b' for '._'). */
export function trimChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start])) start += 1;
  return trimEndChars(text.slice(start), chars);
}

/** `text` without trailing white space and any of `chars` ('Red, blue; ' → 'Red, blue'). */
export function trimEndSpaceAnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && (chars.includes(text[end - 1]) || /\s/.test(text[end - 1]))) end -= 1;
  return text.slice(0, end);
}

/**
 * Characters that have no place in stored text: control characters (C0, DEL, C1) drive a terminal
 * when staff read the text in the CLI (ESC sequences, OSC 8 links, clipboard writes) and show raw
 * on a page; the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069)
 * make a name or message read differently from what it holds ("Trojan Source"). Newline and tab
 * are fine in multi-line text (a message, a delivery note).
 */
const UNSAFE_EXCEPT_NEWLINE_TAB = /[\u202A-\u202E\u2066-\u2069]|(?![\t\n])\p{Cc}/u;
const UNSAFE_SINGLE_LINE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** True when `text` holds a control character (newline and tab allowed when `multiLine`) or a bidi override. */
export function hasUnsafeCharacters(text: string, multiLine: boolean): boolean {
  return (multiLine ? UNSAFE_EXCEPT_NEWLINE_TAB : UNSAFE_SINGLE_LINE).test(text);
}

const LOCAL_BASE = 'https://local.invalid';

/**
 * A picture path on this site ('/img/p/x.svg', '/uploads/…'): parsed as a URL against the shop's
 * own origin, as a browser does, and local only if it stays on that origin. A pattern on the text
 * cannot see what a browser sees: '/\evil.example/x.png' (a backslash is a slash to a browser) and
 * '/\t/evil.example' (tabs are dropped) both leave the site.
 */
export function isLocalPath(value: string): boolean {
  if (value.length > 2000 || !value.startsWith('/') || /\s/.test(value)) return false;
  try {
    return new URL(value, LOCAL_BASE).origin === LOCAL_BASE;
  } catch {
    return false;
  }
}
