import type { OrderStatus } from './types';

/**
 * The order status arrows of ARCHITECTURE.md, in one place. Only the server moves an order, and
 * only along these arrows (the orders repository enforces them in its conditional UPDATE):
 *
 *   Payment Pending ──paid──▶ Order Placed ──▶ Processing ──▶ Delivered
 *         │                      │    │            │    │          │
 *         └──▶ Cancelled ◀───────┘    └─▶ Refunded ◀────┴──────────┘
 *              (unpaid session expired or cancelled; or staff)      (staff)
 */
export const ORDER_STATUSES: readonly OrderStatus[] = ['Payment Pending', 'Order Placed', 'Processing', 'Delivered', 'Cancelled', 'Refunded'];

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  'Payment Pending': ['Order Placed', 'Cancelled'],
  'Order Placed': ['Processing', 'Cancelled', 'Refunded'],
  Processing: ['Delivered', 'Cancelled', 'Refunded'],
  Delivered: ['Refunded'],
  Cancelled: [],
  Refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses an order may be in for a move to `to` to be allowed. */
export function allowedPredecessors(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canTransition(from, to));
}

/**
 * An abandoned checkout: an order cancelled before any payment (the shopper cancelled or closed the
 * card page, or the session expired). It is kept, but never counted or listed as an order by
 * default (ARCHITECTURE.md). A paid order that staff cancel later is still an order.
 */
export function isAbandonedCheckout(order: { status: OrderStatus; paidAt: Date | string | number | null | undefined }): boolean {
  return order.status === 'Cancelled' && (order.paidAt === null || order.paidAt === undefined);
}
