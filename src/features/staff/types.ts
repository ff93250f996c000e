import type { Address, Conversation, Message, Order, OrderStatus } from '../../domain/types';

/**
 * The staff API's answers as the console reads them (README "Staff API"; the server declares the
 * same shapes in server/routes/staff*.ts and server/repositories/staffOrders.ts, which the client
 * may not import).
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

/** One order on the board (and beside a thread). */
export interface StaffOrderSummary extends Order {
  customer: StaffCustomer | null;
  deliveryEmail: string;
  itemCount: number;
}

/** GET /api/staff/conversations/:id */
export interface StaffThread {
  customer: StaffCustomer;
  conversation: Conversation;
  messages: Message[];
  orders: StaffOrderSummary[];
}

/** GET /api/staff/orders/search */
export interface OrderBoardPage {
  orders: StaffOrderSummary[];
  total: number;
  /** What the listed orders add up to (every page), in dollars. */
  value: number;
  page: number;
  pageSize: number;
}

export type OrderActorKind = 'staff' | 'shopper' | 'provider' | 'expiry' | 'system';

export interface OrderEvent {
  _id: string;
  from: OrderStatus | null;
  to: OrderStatus;
  trackingNumber: string | null;
  by: { kind: OrderActorKind; _id: string | null; name: string | null; email: string | null };
  at: string;
}

export interface OrderRefund {
  _id: string;
  provider: string;
  amount: number;
  status: string;
  by: { _id: string | null; name: string | null; email: string | null };
  at: string;
}

/** GET /api/staff/orders/:id `order` */
export interface StaffOrderDetail extends StaffOrderSummary {
  address: Address;
  subtotal: number;
  deliveryFee: number;
  discount: number;
  discountCode: string | null;
  isBuyNow: boolean;
  payment: {
    method: string;
    provider: string | null;
    sessionId: string | null;
    sessionStatus: string | null;
    paidAt: string | null;
    refund: OrderRefund | null;
  };
  history: OrderEvent[];
}

export interface AuditEntry {
  _id: string;
  entity: string;
  entityId: string;
  action: string;
  actor: { _id: string | null; email: string | null };
  changes: Record<string, { from: unknown; to: unknown }>;
  createdAt: string;
}

/** GET /api/staff/orders/:id */
export interface StaffOrderPage {
  order: StaffOrderDetail;
  audit: AuditEntry[];
}

/** POST /api/staff/order-status */
export interface OrderStatusResult {
  order: Order;
  emailed: boolean;
  refund?: { _id: string; provider: string; amount: number; status: string };
}
