/**
 * Chat rules both chat screens share (the shopper's Support Chat and the staff inbox):
 * what a message may be and which keystroke sends it.
 */

/** The longest message the server accepts (trimmed). */
export const MAX_MESSAGE_LENGTH = 2000;

/** Enter sends; Shift+Enter is a new line; an Enter that ends an IME composition only confirms the text. */
export function isSendKeystroke(key: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return key.key === 'Enter' && !key.shiftKey && key.isComposing !== true;
}

/** A draft worth sending: non-empty once trimmed and not longer than the server takes. */
export function isSendableText(draft: string): boolean {
  const body = draft.trim();
  return body.length > 0 && body.length <= MAX_MESSAGE_LENGTH;
}
