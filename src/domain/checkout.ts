import { cartKey, parseVariant, splitCartKey, variantKey, variantProblem } from './cartKey';
import { resolveCartLine, subtotalCents, type CatalogLookup, type ResolvedLine } from './cartLines';
import { isBundleActive } from './pricing';
import { orderTotalsCents } from './shipping';

/**
 * Checkout rules shared by the client's order summary and the server's order route:
 * the server prices an order with exactly the function the client previews it with, from its own
 * database, so the two can only differ when the catalog changed in between.
 */

/** SPEC §5: a discount code is trimmed and upper-cased; '' means "no code" (and does nothing). */
export function normaliseDiscountCode(code: unknown): string {
  return typeof code === 'string' ? code.trim().toUpperCase() : '';
}

/** The only payment method on offer: cash on delivery is disabled (SPEC §5). */
export const PAYMENT_METHODS = ['card'] as const;
export const INVALID_PAYMENT_METHOD = 'Invalid payment method.';

export function paymentMethodError(method: string): string | null {
  return (PAYMENT_METHODS as readonly string[]).includes(method) ? null : INVALID_PAYMENT_METHOD;
}

/** At most this many distinct lines in one order. */
export const MAX_ORDER_LINES = 50;

/** Totals in integer cents, as `orderTotalsCents` computes them. */
export type TotalsCents = ReturnType<typeof orderTotalsCents>;

export interface OrderLineProblem {
  key: string;
  name: string;
  message: string;
}

export interface PricedOrder {
  lines: ResolvedLine[];
  /** Lines that cannot be bought, each with a message for the shopper. Empty when all are fine. */
  problems: OrderLineProblem[];
  totals: TotalsCents;
}

/**
 * The cart key of an order line (`productId` + the variant the request calls `color`), in the
 * normal form the cart uses ('Red|', never 'Red|null'); null when the variant is malformed.
 */
export function orderLineKey(productId: string, variant: string): string | null {
  const v = parseVariant(variant.trim());
  if (!v) return null;
  return cartKey(productId, variantKey(v));
}

/** Why a resolved line cannot be bought, in words (null when it can). */
export function lineProblem(line: ResolvedLine, catalog: CatalogLookup, now: number): string | null {
  if (line.status === 'ok') return null;
  if (line.status === 'missing') return 'An item in your order is no longer in our catalog';
  if (line.kind === 'bundle') {
    const bundle = catalog.bundle(line.itemId);
    if (bundle && !isBundleActive(bundle, now)) return `The bundle "${bundle.title}" is not on offer right now`;
    return `The bundle "${line.name}" is not available`;
  }
  const product = catalog.product(line.itemId);
  const variant = parseVariant(line.variant);
  if (product && variant) {
    const problem = variantProblem(product, variant);
    if (problem) return `${product.name}: ${problem}`;
    const item = variant.kind === 'accessory' ? product.accessories[variant.index] : product;
    const name = variant.kind === 'accessory' ? line.name : product.name;
    if (item) {
      if ('vaulted' in item && item.vaulted) return `${name} is no longer sold`;
      if (item.outOfStock) return `${name} is out of stock`;
      if (item.notAvailableYet) return `${name} is not available yet`;
      if (item.comingSoon) return `${name} is coming soon and cannot be ordered yet`;
    }
  }
  return `${line.name || 'An item'} is not available`;
}

/**
 * Prices `itemId_variant → quantity` lines against a catalog: every line at its unit price
 * (sale price, accessory price, bundle price while active), the delivery fee and the discount
 * (a percentage of subtotal plus shipping), all in integer cents. Lines that cannot be bought are
 * listed in `problems` and left out of the totals.
 */
export function priceOrder(
  lines: ReadonlyArray<{ key: string; quantity: number }>,
  catalog: CatalogLookup,
  discountPercent: number,
  now: number,
): PricedOrder {
  const resolved = lines.map((l) => resolveCartLine(l.key, l.quantity, catalog, now));
  const problems: OrderLineProblem[] = [];
  for (const line of resolved) {
    const message = lineProblem(line, catalog, now);
    if (message) problems.push({ key: line.key, name: line.name, message });
  }
  return { lines: resolved, problems, totals: orderTotalsCents(subtotalCents(resolved), discountPercent) };
}

/** Cart lines as `{ key, quantity }` in a stable order (the cart's own order). */
export function cartEntries(items: Readonly<Record<string, number>>): Array<{ key: string; quantity: number }> {
  return Object.entries(items)
    .filter(([key, q]) => q > 0 && splitCartKey(key) !== null)
    .map(([key, quantity]) => ({ key, quantity }));
}

/** What the cart says when the shopper cancelled on the card page. */
export const PAYMENT_CANCELLED_TEXT = 'Payment cancelled — your cart is unchanged.';

/**
 * The card page's way back after a cancelled payment is `/cart?payment=cancelled&session_id=…`:
 * answers the cancelled session (its id, or null when the provider did not fill it in), or
 * undefined when `location` is not that return.
 */
export function cancelledPaymentAt(location: { pathname: string; search: string }): { sessionId: string | null } | undefined {
  if (location.pathname !== '/cart') return undefined;
  const params = new URLSearchParams(location.search);
  if (params.get('payment') !== 'cancelled') return undefined;
  const id = params.get('session_id') ?? '';
  // A provider that does not fill in its template leaves `{CHECKOUT_SESSION_ID}` in the url.
  return { sessionId: /^[\w-]{1,255}$/.test(id) ? id : null };
}
