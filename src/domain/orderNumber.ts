/**
 * Order numbers (#1001): the short number people read and say. An order gets one when it is paid
 * (the server takes it from a database sequence); before that it reads "Awaiting payment". The
 * 24-character `_id` stays the API's key.
 */

/** What an unpaid order shows where its number would be. */
export const AWAITING_PAYMENT = 'Awaiting payment';

/** `#1001`, or "Awaiting payment" for an order without a number. */
export function formatOrderNumber(orderNumber: number | null | undefined): string {
  return typeof orderNumber === 'number' && Number.isSafeInteger(orderNumber) && orderNumber > 0 ? `#${orderNumber}` : AWAITING_PAYMENT;
}

/**
 * The order number a search text names, if it names one: `#1001`, `1001` or `# 1001` (spaces
 * around it ignored). Null for anything else, including digits too long to be a number we issue.
 */
export function parseOrderNumber(text: string): number | null {
  // Bounded before the pattern reads it: a number we issue is far shorter than this.
  if (text.length > 64) return null;
  const m = /^#?\s*(\d{1,15})$/.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Orders matching an order search, exact number first: an order whose number the text names comes
 * before every order that only matches as a substring (of its long id, say). Keeps the order of
 * `orders` within each group.
 */
export function matchOrderSearch<T extends { _id: string; orderNumber?: number | null }>(orders: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...orders];
  const wanted = parseOrderNumber(needle);
  const exact = wanted === null ? [] : orders.filter((o) => o.orderNumber === wanted);
  const rest = orders.filter((o) => !exact.includes(o) && String(o._id).toLowerCase().includes(needle));
  return [...exact, ...rest];
}
