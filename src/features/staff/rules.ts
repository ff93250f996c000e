import type { Carrier } from '../../domain/tracking';
import { isSendableText } from '../../domain/chat';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '../../domain/orderStatus';
import { AT_RISK_VIEW } from '../../domain/staffOrders';
import type { Message, OrderStatus } from '../../domain/types';
import type { OrderEvent, StaffConversation } from './types';

/**
 * The staff console's rules, pure so tests pin them: which way an order may move, when
 * a move gives money back, the order board's filters as they live in the url, and how a live
 * message changes the inbox.
 */

export const STAFF_TEXT = {
  inboxEmpty: 'No conversations yet. When a shopper writes to support, the conversation appears here.',
  inboxNoMatch: 'No conversation matches this search.',
  threadEmpty: 'No messages yet.',
  pickConversation: 'Choose a conversation to read and answer it.',
  replyPlaceholder: 'Write a reply… (Enter sends, Shift+Enter adds a line)',
  replyFailed: 'The reply was not sent. Please try again.',
  loadFailed: 'Could not load this. Please try again.',
  boardEmpty: 'No orders match these filters.',
  exportFailed: 'The export could not be made. Please try again.',
  noOrders: 'No orders yet.',
  moveSaved: (status: OrderStatus) => `The order is now ${status}.`,
  trackingSaved: 'The tracking number is saved.',
  refunded: (amount: string) => `The order was refunded (${amount}).`,
  updateFailed: 'The order was not changed. Please try again.',
  nothingToDo: 'Choose a new status or enter a tracking number.',
} as const;

// ---- order moves ------------------------------------------------------------------------------

/** Statuses of an order whose payment went through. */
export const PAID_STATUSES: readonly OrderStatus[] = ['Order Placed', 'Processing', 'Delivered'];

/**
 * Where staff may move an order from `from`: the arrows of src/domain/orderStatus.ts (ARCHITECTURE.md),
 * except to Order Placed — only the payment provider marks an order paid.
 */
export function allowedNextStatuses(from: OrderStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[from].filter((to) => to !== 'Order Placed');
}

/** A move that gives the shopper's money back through the payment provider (asked to confirm first). */
export function movesMoney(from: OrderStatus, to: OrderStatus, paid: boolean): boolean {
  if (!allowedNextStatuses(from).includes(to)) return false;
  return to === 'Refunded' || (to === 'Cancelled' && paid);
}

/** A tracking number belongs only on a paid order (the server refuses it on any other). */
export function canCarryTracking(status: OrderStatus): boolean {
  return PAID_STATUSES.includes(status);
}

const TRACKING_PATTERN = /^[A-Z0-9][\w .-]*$/i;
export const TRACKING_MAX_LENGTH = 64;

/** The server's tracking-number rule, worded for the form; null when acceptable (empty means none). */
export function trackingNumberError(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  if (v.length > TRACKING_MAX_LENGTH) return `A tracking number has at most ${TRACKING_MAX_LENGTH} characters.`;
  if (!TRACKING_PATTERN.test(v)) return 'Use letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit.';
  return null;
}

/** The order-page form: a chosen next status ('' for none) and a tracking number. */
export interface OrderForm {
  status: OrderStatus | '';
  tracking: string;
  /** The tracking number's carrier (USPS, UPS, FedEx, DHL, Other); unset keeps the order's. */
  carrier?: Carrier | '';
}

export const EMPTY_ORDER_FORM: OrderForm = { status: '', tracking: '' };

export type OrderUpdatePlan =
  | { ok: false; message: string; field: 'status' | 'tracking' }
  | { ok: true; body: { orderId: string; status?: OrderStatus; trackingNumber?: string; carrier?: Carrier }; refund: boolean };

/**
 * What the order page sends for `form`, or why it sends nothing: the status only when it is one of
 * the allowed next ones, the tracking number only when new and on a paid order (as it will be).
 */
export function planOrderUpdate(order: { _id: string; status: OrderStatus; paid: boolean; trackingNumber?: string | null; carrier?: string | null }, form: OrderForm): OrderUpdatePlan {
  const to = form.status === '' ? undefined : form.status;
  if (to !== undefined && !allowedNextStatuses(order.status).includes(to)) {
    return { ok: false, field: 'status', message: `An order that is ${order.status} cannot move to ${to}.` };
  }
  // The form shows the tracking field only while the order (as it will be) can carry one: what was
  // typed there before a move to Cancelled or Refunded is not sent.
  const finalStatus = to ?? order.status;
  const tracking = canCarryTracking(finalStatus) ? form.tracking.trim() : '';
  const trackingError = trackingNumberError(tracking);
  if (trackingError) return { ok: false, field: 'tracking', message: trackingError };
  // A carrier goes with its number: a new carrier for the same number sends the number again.
  const carrier = form.carrier && tracking !== '' && form.carrier !== (order.carrier ?? '') ? form.carrier : undefined;
  const newTracking = tracking !== '' && (tracking !== (order.trackingNumber ?? '') || carrier) ? tracking : undefined;
  if (to === undefined && newTracking === undefined) return { ok: false, field: 'status', message: STAFF_TEXT.nothingToDo };
  return {
    ok: true,
    body: { orderId: order._id, ...(to ? { status: to } : {}), ...(newTracking ? { trackingNumber: newTracking } : {}), ...(newTracking && form.carrier ? { carrier: form.carrier } : {}) },
    refund: to !== undefined && movesMoney(order.status, to, order.paid),
  };
}

/** Who made a change in an order's history, for people. */
export function actorLabel(by: OrderEvent['by']): string {
  switch (by.kind) {
    case 'staff':
      return by.name ? `${by.name} (staff)` : (by.email ?? 'Staff');
    case 'shopper':
      return by.name ? `${by.name} (shopper)` : 'The shopper';
    case 'provider':
      return 'The payment provider';
    case 'expiry':
      return 'Payment window expired';
    default:
      return 'The system';
  }
}

// ---- the order board's filters, in the url ------------------------------------------------------

export const BOARD_PAGE_SIZE = 25;
export const BOARD_STATUS_FILTERS = ['All', ...ORDER_STATUSES] as const;
export type BoardStatusFilter = (typeof BOARD_STATUS_FILTERS)[number];

/**
 * The board's lists of orders: all of them, those waiting to be fulfilled (paid, not delivered),
 * or those at risk (the print queue plans them past the date promised).
 */
export const BOARD_VIEWS = [
  { value: 'orders', label: 'All orders' },
  { value: 'toFulfil', label: 'To fulfil (paid, not delivered)' },
  { value: AT_RISK_VIEW, label: 'At risk' },
] as const;
export type BoardView = (typeof BOARD_VIEWS)[number]['value'];

export interface BoardFilters {
  q: string;
  view: BoardView;
  status: BoardStatusFilter;
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The board's filters from the url's query (`?q=&status=&from=&to=&page=`); never throws, drops what it cannot read. */
export function parseBoardFilters(search: string): BoardFilters {
  const p = new URLSearchParams(search);
  const q = (p.get('q') ?? '').trim().slice(0, 100);
  const rawStatus = (p.get('status') ?? '').trim().toLowerCase();
  const status = BOARD_STATUS_FILTERS.find((s) => s.toLowerCase() === rawStatus) ?? 'All';
  const from = (p.get('from') ?? '').trim();
  const to = (p.get('to') ?? '').trim();
  const page = Number.parseInt(p.get('page') ?? '', 10);
  const view = BOARD_VIEWS.find((v) => v.value === p.get('view'))?.value ?? 'orders';
  return { q, view, status, from: isDay(from) ? from : '', to: isDay(to) ? to : '', page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

/** The query string for `filters` (defaults left out), with its leading '?' when not empty. */
export function boardSearch(filters: BoardFilters): string {
  const p = new URLSearchParams();
  if (filters.q.trim()) p.set('q', filters.q.trim());
  if (filters.view !== 'orders') p.set('view', filters.view);
  if (filters.status !== 'All') p.set('status', filters.status);
  if (filters.from) p.set('from', filters.from);
  if (filters.to) p.set('to', filters.to);
  if (filters.page > 1) p.set('page', String(filters.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The board's "At risk" view (the dashboard's tile links to it and counts it: one order asked for, its total read). */
export const AT_RISK_BOARD_URL = `/staff/orders?view=${AT_RISK_VIEW}`;
export const AT_RISK_COUNT_ARGS = { view: AT_RISK_VIEW, page: 1, pageSize: 1 } as const;

/** A date range the server accepts: `to` (a whole day) not before `from`. */
export function dateRangeError(from: string, to: string): string | null {
  return from && to && to < from ? 'The end date is before the start date.' : null;
}

/** What the board asks the server for (GET /api/staff/orders/search). */
export function boardQueryArgs(filters: BoardFilters): Record<string, string | number> {
  return {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.view !== 'orders' ? { view: filters.view } : {}),
    ...(filters.status !== 'All' ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to && !dateRangeError(filters.from, filters.to) ? { to: filters.to } : {}),
    page: filters.page,
    pageSize: BOARD_PAGE_SIZE,
  };
}

/** What the abandoned checkouts page asks for: its page (`?page=`) of checkouts cancelled before any payment. */
export function abandonedQueryArgs(search: string): Record<string, string | number> {
  const page = Number.parseInt(new URLSearchParams(search).get('page') ?? '', 10);
  return { view: 'abandoned', page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1, pageSize: BOARD_PAGE_SIZE };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

// ---- the inbox -----------------------------------------------------------------------------------

const lastAt = (c: StaffConversation) => (c.lastMessage ? Date.parse(c.lastMessage.createdAt) || 0 : 0);

/** Newest activity first (the server's order, kept as messages arrive). */
export function sortConversations(list: StaffConversation[]): StaffConversation[] {
  return [...list].sort((a, b) => lastAt(b) - lastAt(a));
}

/**
 * A live message applied to the inbox: its conversation gets it as the last message and goes to the
 * top; a shopper's message counts as unread unless that conversation is the one open (read there).
 * Returns null when the conversation is not in the list (the list must be read again). A message
 * already applied (same time and text as the last one) changes nothing.
 */
export function applyLiveMessage(list: StaffConversation[], message: Message, openConversationId: string | null): StaffConversation[] | null {
  const i = list.findIndex((c) => c._id === message.conversation);
  if (i < 0) return null;
  const current = list[i]!;
  const last = current.lastMessage;
  if (last && last.createdAt === message.createdAt && last.body === message.body) return list;
  const unread = !message.isAdmin && openConversationId !== message.conversation ? current.unread + 1 : current.unread;
  const updated: StaffConversation = {
    ...current,
    unread,
    messageCount: current.messageCount + 1,
    lastMessage: { body: message.body, isAdmin: message.isAdmin, createdAt: message.createdAt },
  };
  return sortConversations([updated, ...list.slice(0, i), ...list.slice(i + 1)]);
}

/** A reply may be sent: a sendable text, and not while the previous one is on its way. */
export function canSendReply(draft: string, sending: boolean): boolean {
  return !sending && isSendableText(draft);
}
