import type { Conversation, Message, Order, OrderStatus, PlacedOrder } from './types';

/**
 * The staff API's order and inbox answers on the wire: what the server sends
 * (server/repositories/staffOrders.ts, server/routes/staff*.ts) and the staff console reads.
 */

export interface StaffCustomer {
  _id: string;
  name: string;
  email: string;
}

/** GET /api/staff/conversations: one row of the inbox. */
export interface StaffConversation {
  _id: string;
  user: StaffCustomer;
  /** Shopper messages staff have not read yet. */
  unread: number;
  messageCount: number;
  lastMessage: { body: string; isAdmin: boolean; createdAt: string } | null;
}

/** One row of the order board (and beside a thread): the wire order with its customer and delivery e-mail. */
export interface StaffOrderSummary extends Order {
  customer: StaffCustomer | null;
  deliveryEmail: string;
  itemCount: number;
  /** Staff tags (on the board's rows only). */
  tags?: string[];
}

/** GET /api/staff/conversations/:id, without `success`. */
export interface StaffThread {
  customer: StaffCustomer;
  conversation: Conversation;
  messages: Message[];
  /** That shopper's orders, newest first. */
  orders: StaffOrderSummary[];
}

/** GET /api/staff/orders/search, without `success`. */
/** Which orders the board lists: paid orders (the default), abandoned checkouts, or those waiting to be fulfilled. */
export type BoardView = 'orders' | 'abandoned' | 'toFulfil';
export const BOARD_VIEWS: readonly BoardView[] = ['orders', 'abandoned', 'toFulfil'];

/**
 * The board's "At risk" view: paid orders the print queue now plans past the date promised
 * (server/services/printQueue.ts decides; the board lists them whatever its other filters say).
 */
export const AT_RISK_VIEW = 'atRisk';

export interface OrderBoardPage {
  orders: StaffOrderSummary[];
  total: number;
  /** What the listed orders (every page) add up to, in dollars: an abandoned checkout's cart value. */
  value: number;
  page: number;
  pageSize: number;
}

export type OrderActorKind = 'staff' | 'shopper' | 'provider' | 'expiry' | 'system';

/** One status or tracking change in an order's history. */
export interface OrderEvent {
  _id: string;
  from: OrderStatus | null;
  to: OrderStatus;
  trackingNumber: string | null;
  by: { kind: OrderActorKind; _id: string | null; name: string | null; email: string | null };
  at: string;
  /** A refund's event (the status stays unless it gave back what was left): which refund, how much. */
  refund?: { _id: string; amount: number };
}

/** What a placed order shows beyond the order itself: its address and money breakdown (dollars). */
export type OrderBreakdown = Omit<PlacedOrder, keyof Order>;

/** The order page: everything staff need to fulfil, answer about, or refund an order. */
export interface StaffOrderDetail extends StaffOrderSummary, OrderBreakdown {
  payment: {
    method: string;
    provider: string | null;
    sessionId: string | null;
    /** The payment session's state: open, paid, declined, cancelled, expired; null before one opened. */
    sessionStatus: string | null;
    paidAt: string | null;
  };
  history: OrderEvent[];
}

/** POST /api/staff/order-status, without `success`. */
export interface OrderStatusResult {
  order: Order;
  /** Whether an e-mail to the shopper was queued (tracking number set, or Delivered); the outbox delivers it. */
  emailed: boolean;
  /** The refund made through the payment provider (Refunded, or a paid order Cancelled). */
  refund?: { _id: string; provider: string; amount: number; status: string };
}
