import { AWAITING_PAYMENT, formatOrderNumber } from '../../domain/orderNumber';
import type { OrderStatus } from '../../domain/types';
import { brand } from '../../components/brand';

const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Nov 24, 7:35 AM' (a date and time in the viewer's zone); '' when unreadable. */
export function formatWhen(at: string | number): string {
  const t = typeof at === 'number' ? at : Date.parse(at);
  return Number.isNaN(t) ? '' : WHEN.format(t);
}

/** The short form of an order id (its last 8 characters), for an order that has no number yet. */
export const shortId = (id: string) => `#${id.slice(-8)}`;

/**
 * How the console names an order: "Order #1001" once paid; before that "Awaiting payment" with the
 * tail of its id ("ref 5070b9e9"), so two unpaid checkouts can still be told apart.
 */
export function orderTitle(order: { _id: string; orderNumber?: number | null }): string {
  return order.orderNumber ? `Order ${formatOrderNumber(order.orderNumber)}` : `${AWAITING_PAYMENT} · ref ${order._id.slice(-8)}`;
}

/** A status chip's colours (text on background passes WCAG AA). */
export const STATUS_COLORS: Record<OrderStatus, { bg: string; fg: string }> = {
  'Payment Pending': { bg: brand.sunSoft, fg: '#6B4A00' },
  'Order Placed': { bg: brand.lilacSoft, fg: '#4B2E8F' },
  Processing: { bg: '#DCEBFF', fg: '#123E7A' },
  Delivered: { bg: brand.tealSoft, fg: '#0B5C56' },
  Cancelled: { bg: '#EDE7EA', fg: brand.ink },
  Refunded: { bg: brand.coralSoft, fg: '#8A2A0F' },
};
