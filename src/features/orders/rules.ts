import { CURRENCY, formatMoney, toCents } from '../../domain/money';
import { formatOrderNumber, matchOrderSearch } from '../../domain/orderNumber';
import { partlyRefundedLabel } from '../../domain/refunds';
import { DEFAULT_SHOP_TIME_ZONE } from '../../domain/shipBy';
import { trackingUrl } from '../../domain/tracking';
import type { Order, OrderStatus } from '../../domain/types';
import { ORDERS_TEXT } from './text';

export { ORDERS_TEXT };

export type SearchMethod = 'orderId' | 'productName';
export const SEARCH_METHODS: ReadonlyArray<{ value: SearchMethod; label: string; placeholder: string }> = [
  { value: 'orderId', label: 'Order ID', placeholder: 'Enter Order ID...' },
  { value: 'productName', label: 'Product Name', placeholder: 'Enter Product Name...' },
];

export type StatusFilter = 'All' | OrderStatus;
/** The status filter's options (SPEC §2), All first. */
export const STATUS_FILTERS: readonly StatusFilter[] = ['All', 'Processing', 'Payment Pending', 'Order Placed', 'Delivered'];

export interface OrderFilters {
  method: SearchMethod;
  text: string;
  status: StatusFilter;
  /** 'Show unpaid checkouts': list checkouts cancelled before any payment too (they are not orders). */
  showUnpaid?: boolean;
}

export const DEFAULT_FILTERS: OrderFilters = { method: 'orderId', text: '', status: 'All', showUnpaid: false };

/** The toggle's label. */
export const SHOW_UNPAID_LABEL = 'Show unpaid checkouts';

export function searchPlaceholder(method: SearchMethod): string {
  return SEARCH_METHODS.find((m) => m.value === method)!.placeholder;
}

/**
 * SPEC §5: a case-insensitive substring match on the order id (method Order ID) or on any item's
 * name (method Product Name); the status compared case-insensitively; All means no status filter.
 * Abandoned checkouts are left out unless `showUnpaid`.
 */
export function filterOrders(orders: readonly Order[], filters: OrderFilters): Order[] {
  const needle = filters.text.trim().toLowerCase();
  const status = filters.status.toLowerCase();
  // 'All' means all orders: an abandoned checkout is not one, so it shows only when asked for.
  const byStatus = orders.filter((order) => (filters.showUnpaid || !order.abandoned) && (status === 'all' || String(order.status).toLowerCase() === status));
  if (!needle) return byStatus;
  // An order number (#1001 or 1001) finds that order first, then any id containing the text.
  if (filters.method === 'orderId') return matchOrderSearch(byStatus, needle);
  return byStatus.filter((order) => order.items.some((item) => String(item.name ?? '').toLowerCase().includes(needle)));
}

export type StatusDot = 'green' | 'red' | 'yellow';

/** SPEC §4: green for Delivered, red for Cancelled or Refunded, yellow otherwise. */
export function statusDot(status: string): StatusDot {
  if (status === 'Delivered') return 'green';
  if (status === 'Cancelled' || status === 'Refunded') return 'red';
  return 'yellow';
}

/** The first image of an image field (a string, or the first of a list); null when there is none. */
export function firstImage(image: string | readonly string[] | null | undefined): string | null {
  const v = Array.isArray(image) ? image[0] : image;
  return typeof v === 'string' && v.trim() ? v : null;
}

/** The card's picture: the first item's first image (null → the placeholder). */
export function orderImage(order: Order): string | null {
  return firstImage(order.items[0]?.image);
}

/** Amounts as the orders page shows them: the currency symbol and 2 decimals. */
export function formatAmount(dollars: number, currency: string = CURRENCY): string {
  return formatMoney(Number.isFinite(dollars) ? dollars : 0, currency);
}

/** What one order card shows (SPEC §2). */
export interface OrderCardView {
  id: string;
  /** `#1001`, or "Awaiting payment" before the order is paid. */
  number: string;
  image: string | null;
  paymentMethod: string;
  total: string;
  trackingNumber: string | null;
  /** The carrier's tracking page for the number (null: show the number as plain text). */
  trackingUrl: string | null;
  /** When it was placed: 'Nov 27, 2026'. */
  date: string;
  /** "Partly refunded $12.40" while some but not all of its money went back. */
  partlyRefunded: string | null;
  status: string;
  dot: StatusDot;
  /** A 'Payment Pending' order can be paid again from its card. */
  canCompletePayment: boolean;
}

const orderDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Dates on My Orders read in the shop's zone (settings' `timeZone`, from SHOP_TIMEZONE), the same
 * on the server's render and in the browser, whatever the machine's zone.
 */
function orderDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = orderDateFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    } catch {
      // A zone this browser does not know: the default shop zone rather than no date at all.
      format = orderDateFormat(DEFAULT_SHOP_TIME_ZONE);
    }
    orderDateFormats.set(timeZone, format);
  }
  return format;
}

/** 'Nov 27, 2026' for a time in ms or an ISO string, in the shop's zone; '—' when there is none. */
export function formatOrderDate(when: number | string | undefined, timeZone: string = DEFAULT_SHOP_TIME_ZONE): string {
  const d = when === undefined ? null : new Date(when);
  return d && !Number.isNaN(d.getTime()) ? orderDateFormat(timeZone).format(d) : '—';
}

/** What an order's expanded details show beyond its lines: address, money breakdown, refunds. */
export interface OrderDetailsView {
  placed: string;
  addressLines: string[];
  totals: Array<{ label: string; value: string }>;
  refunds: Array<{ id: string; date: string; amount: string }>;
}

/** The details view of an order, or null when the server sent none (an older answer). */
export function orderDetailsView(order: Order, currency: string = CURRENCY, timeZone: string = DEFAULT_SHOP_TIME_ZONE): OrderDetailsView | null {
  const d = order.details;
  if (!d) return null;
  const a = d.address;
  const totals = [
    { label: 'Subtotal', value: formatAmount(d.subtotal, currency) },
    { label: 'Shipping', value: d.deliveryFee === 0 ? 'Free' : formatAmount(d.deliveryFee, currency) },
  ];
  if (d.discount > 0) totals.push({ label: d.discountCode ? `Discount (${d.discountCode})` : 'Discount', value: `−${formatAmount(d.discount, currency)}` });
  totals.push({ label: 'Total', value: formatAmount(order.amount, currency) });
  return {
    placed: formatOrderDate(order.date, timeZone),
    addressLines: [`${a.firstName} ${a.lastName}`.trim(), a.street, `${a.city}, ${a.state} ${a.zipcode}`.trim(), a.country].filter((l) => l && l.trim() && l.trim() !== ','),
    totals,
    refunds: d.refunds.map((r) => ({ id: r._id, date: formatOrderDate(r.at, timeZone), amount: formatAmount(r.amount, currency) })),
  };
}

export function orderCardView(order: Order, currency: string = CURRENCY, timeZone: string = DEFAULT_SHOP_TIME_ZONE): OrderCardView {
  return {
    id: order._id,
    number: formatOrderNumber(order.orderNumber),
    image: orderImage(order),
    paymentMethod: order.paymentMethod || '—',
    total: formatAmount(order.amount, currency),
    trackingNumber: order.trackingNumber?.trim() ? order.trackingNumber.trim() : null,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    date: formatOrderDate(order.date, timeZone),
    partlyRefunded: partlyRefundedLabel(toCents(order.refunded ?? 0), toCents(order.amount)),
    status: order.status,
    dot: statusDot(order.status),
    canCompletePayment: order.status === 'Payment Pending',
  };
}

/** SPEC §7: the server answers oldest first; the page shows the reverse (newest first). */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].reverse();
}

/** The greeting: 'Welcome, {name} – {email}', the name falling back to 'User'. */
export function welcomeText(user: { name?: string | null; email?: string | null } | null | undefined): string {
  const name = user?.name?.trim() || ORDERS_TEXT.fallbackName;
  return ORDERS_TEXT.welcome(name, user?.email ?? '');
}

/** Replaces an order in place (a live `orderUpdated`), or puts a new one first. */
export function withOrderUpdated(orders: readonly Order[], order: Order): Order[] {
  const i = orders.findIndex((o) => o._id === order._id);
  if (i < 0) return [order, ...orders];
  const next = [...orders];
  // A status move's announcement carries no details: the ones already shown stay.
  next[i] = order.details || !orders[i]!.details ? order : { ...order, details: orders[i]!.details };
  return next;
}
