/**
 * The staff dashboard's figures as GET /api/staff/dashboard answers them. Every figure is
 * computed by the server in SQL, in the shop's time zone; money in dollars at this edge only.
 */

export type DashboardPeriodKey = 'today' | 'week' | 'month';

/** Sales (paid that period, after discount, with shipping, less that period's refunds) and paid orders. */
export interface DashboardPeriod {
  key: DashboardPeriodKey;
  sales: number;
  orders: number;
  /** The same figures for the period before (for today: yesterday up to the same time). */
  previousSales: number;
  previousOrders: number;
  /** The board's filter for the orders counted (YYYY-MM-DD, first and last day, in the shop's zone). */
  from: string;
  to: string;
}

export interface DashboardDay {
  /** YYYY-MM-DD in the shop's time zone. */
  day: string;
  sales: number;
  orders: number;
}

export interface DashboardFigures {
  timeZone: string;
  /** When the figures were computed (ISO 8601). */
  asOf: string;
  periods: DashboardPeriod[];
  /** Paid amount per paid order over the last 30 days (before refunds). */
  averageOrderValue: number;
  /** Paid, not delivered: Order Placed or Processing. */
  toFulfil: number;
  /** Conversations with shopper messages staff have not read. */
  unreadConversations: number;
  /** Checkouts abandoned in the last 30 days and what their carts held. */
  abandoned: { count: number; value: number };
  /** The 5 products sold in the most units over the last 30 days. */
  topProducts: Array<{ productId: string; name: string; units: number }>;
  /** The last 30 days, oldest first, today last. */
  daily: DashboardDay[];
}

export interface DashboardResponse {
  success: true;
  dashboard: DashboardFigures;
}

/** The period's label on its tile. */
export const PERIOD_LABELS: Record<DashboardPeriodKey, string> = { today: 'Today', week: 'Last 7 days', month: 'Last 30 days' };
export const PERIOD_COMPARED_WITH: Record<DashboardPeriodKey, string> = { today: 'yesterday at this time', week: 'the 7 days before', month: 'the 30 days before' };

/**
 * The change from `previous` to `current` as a whole percentage ('+12%', '−5%', '0%'), or a
 * phrase when there is nothing to compare with ('new' when the previous figure was 0).
 */
export function formatChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'no change' : 'new';
  const pct = Math.round(((current - previous) / Math.abs(previous)) * 100);
  if (pct === 0) return '0%';
  return pct > 0 ? `+${pct}%` : `−${Math.abs(pct)}%`;
}
