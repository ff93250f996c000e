import { checkAddress, COUNTRY, type AddressErrors } from '../../domain/address';
import { cartLineKey } from '../../domain/cartKey';
import type { CatalogLookup } from '../../domain/cartLines';
import { cartEntries, paymentMethodError, priceOrder, type PricedOrder } from '../../domain/checkout';
import { toDollars } from '../../domain/money';
import type { Address, CartData, OrderLineRequest, OrderRequest, User } from '../../domain/types';

/**
 * Checkout rules of the client (SPEC §5) as pure functions: what the form holds, how it
 * is validated, which lines are bought and how the request is built. The server applies the same
 * address and pricing rules (src/domain/address.ts, src/domain/checkout.ts).
 */

export const EMPTY_CART_MESSAGE = 'Your cart is empty. Please add items before placing an order.';
export const PLACE_ORDER_ERROR = 'An error occurred while placing the order.';
export const INVALID_CODE_MESSAGE = 'Invalid code';
const UNAVAILABLE_MESSAGE = 'Some items cannot be ordered right now. Please update your cart.';

/** The delivery form as typed (country is fixed to United States and not editable). */
export type CheckoutForm = Omit<Address, 'country' | 'description'> & { description: string };

export const EMPTY_FORM: CheckoutForm = {
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zipcode: '',
  phone: '',
  description: '',
};

/** The buy-now item the product page sends in navigation state ({ productId, variant, quantity }). */
export interface BuyNowItem {
  productId: string;
  variant: string;
  quantity: number;
}

/** Reads navigation state defensively: anything else than a well-formed buy-now item is ignored. */
export function buyNowFrom(state: unknown): BuyNowItem | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (typeof s.productId !== 'string' || !s.productId || typeof s.variant !== 'string') return null;
  const quantity = Number(s.quantity);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) return null;
  return { productId: s.productId, variant: s.variant, quantity };
}

/** The lines being bought: the buy-now item when there is one, else the cart's lines. */
export function checkoutLines(buyNow: BuyNowItem | null, cart: CartData): Array<{ key: string; quantity: number }> {
  if (buyNow) return [{ key: cartLineKey(buyNow.productId, buyNow.variant), quantity: buyNow.quantity }];
  return cartEntries(cart);
}

/** The order preview: the same pricing function the server uses (src/domain/checkout.ts). */
export function previewOrder(lines: Array<{ key: string; quantity: number }>, catalog: CatalogLookup, discountPercent: number, now: number): PricedOrder {
  return priceOrder(lines, catalog, discountPercent, now);
}

/** 'Ada Lovelace' → first 'Ada', last 'Lovelace'; one word → first name only. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: '', lastName: '' };
  return { firstName: parts[0]!, lastName: parts.slice(1).join(' ') };
}

/**
 * The form's starting values: the last address used (it knows the street), else the account's
 * name and e-mail. Fields the shopper already typed are never overwritten.
 */
export function prefillForm(current: CheckoutForm, user: User | null, lastAddress: Address | null): CheckoutForm {
  const next = { ...current };
  const fill = (key: keyof CheckoutForm, value: string | undefined) => {
    if (value && !next[key]) next[key] = value;
  };
  if (lastAddress) {
    for (const key of ['firstName', 'lastName', 'email', 'street', 'city', 'state', 'zipcode', 'phone'] as const) fill(key, lastAddress[key]);
  }
  if (user) {
    const { firstName, lastName } = splitName(user.name);
    fill('firstName', firstName);
    fill('lastName', lastName);
    fill('email', user.email);
  }
  return next;
}

/** One field's message (for validation when the shopper leaves it), or undefined. */
export function fieldError(form: CheckoutForm, field: keyof CheckoutForm): string | undefined {
  const checked = checkAddress({ ...form, country: COUNTRY });
  return checked.ok ? undefined : checked.errors[field];
}

/** The Idempotency-Key of one order request body (POST /api/order/stripe). */
export interface OrderKey {
  /** The request body the key was made for, as sent. */
  body: string;
  key: string;
}

/**
 * The key to send with `request`: the previous one when the body is the same (a retry, a second
 * click, a return from the payment page), so the server answers the same payment session instead
 * of opening another; a new one (`newId`) when anything in the body changed.
 */
export function keyForRequest(previous: OrderKey | null, request: OrderRequest, newId: () => string): OrderKey {
  const body = JSON.stringify(request);
  return previous?.body === body ? previous : { body, key: newId() };
}

export interface CheckoutSubmission {
  form: CheckoutForm;
  lines: Array<{ key: string; quantity: number }>;
  preview: PricedOrder;
  paymentMethod: string;
  discountCode: string | null;
  isBuyNow: boolean;
}

export type ValidationResult =
  | { ok: true; request: OrderRequest }
  | { ok: false; fieldErrors: AddressErrors; formError: string | null };

/** An order line of SPEC §3 (productId, name, quantity, color, price, unitPrice, image). */
function requestLine(line: PricedOrder['lines'][number]): OrderLineRequest {
  const unit = toDollars(line.unitPriceCents ?? 0);
  return {
    productId: line.itemId,
    name: line.name,
    quantity: line.quantity,
    color: line.variant,
    price: unit,
    unitPrice: unit,
    image: line.image ?? '',
  };
}

/**
 * Checks a submission in the order the shopper reads the page: the cart first, then the address,
 * then the payment method; answers the order request to send when everything holds.
 */
export function validateCheckout(s: CheckoutSubmission): ValidationResult {
  if (s.lines.length === 0) return { ok: false, fieldErrors: {}, formError: EMPTY_CART_MESSAGE };
  const checked = checkAddress({ ...s.form, country: COUNTRY });
  if (!checked.ok) return { ok: false, fieldErrors: checked.errors, formError: null };
  const method = paymentMethodError(s.paymentMethod);
  if (method) return { ok: false, fieldErrors: {}, formError: method };
  if (s.preview.problems.length > 0) return { ok: false, fieldErrors: {}, formError: UNAVAILABLE_MESSAGE };
  return {
    ok: true,
    request: {
      address: checked.address,
      items: s.preview.lines.map(requestLine),
      amount: toDollars(s.preview.totals.total),
      description: checked.address.description ?? '',
      discountCode: s.discountCode ?? '',
      isBuyNow: s.isBuyNow,
    },
  };
}
