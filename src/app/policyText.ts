import { formatMoneyShort, toDollars } from '../domain/money';
import { DELIVERY_FEE_CENTS, FREE_SHIPPING_THRESHOLD_CENTS } from '../domain/shipping';

/**
 * Customer-facing policy wording, written once and built from the rules the store applies
 * (src/domain/shipping.ts), so the text can never drift from what checkout charges.
 */
const threshold = formatMoneyShort(toDollars(FREE_SHIPPING_THRESHOLD_CENTS));
const fee = formatMoneyShort(toDollars(DELIVERY_FEE_CENTS));

export const FREE_SHIPPING_NOTICE = `Free shipping on orders of ${threshold} or more`;
export const SHIPPING_POLICY = `Shipping is a flat ${fee} per order, and free on orders of ${threshold} or more.`;
export const EXCHANGE_POLICY = 'Easy exchange for damaged items only, within 1 week of purchase and receipt.';
export const SUPPORT_POLICY = 'Questions about an order? Message our team from My Orders, or write to us any time.';
export const US_ONLY = 'We deliver within the United States.';
