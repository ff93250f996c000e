import type { Message } from './types';
import type { StaffOrderSummary } from './staffOrders';

/**
 * The staff customer list and customer page on the wire (GET /api/staff/customers,
 * /api/staff/customers/:id): figures computed by the server in SQL, money in dollars.
 */

/** What the list sorts by: the name (A to Z), paid orders, lifetime spend, the last order's date. */
export type CustomerSort = 'name' | 'orders' | 'spend' | 'lastOrder';
export const CUSTOMER_SORTS: readonly CustomerSort[] = ['name', 'orders', 'spend', 'lastOrder'];
export type SortDirection = 'asc' | 'desc';

/** The direction a sort starts in: names from A, figures biggest and newest first. */
export function defaultDirection(sort: CustomerSort): SortDirection {
  return sort === 'name' ? 'asc' : 'desc';
}

export interface CustomerSummary {
  _id: string;
  name: string;
  email: string;
  /** Paid orders (an abandoned checkout or an unpaid order is not one). */
  orderCount: number;
  /** What the paid orders came to, less every refund (dollars). */
  spend: number;
  /** When the last paid order was placed; null before the first. */
  lastOrderAt: string | null;
  createdAt: string;
  disabled: boolean;
}

export interface CustomerListPage {
  customers: CustomerSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CustomerDetail extends CustomerSummary {
  /** Paid in total and refunded in total (dollars); spend is the difference. */
  paid: number;
  refunded: number;
  disabledAt: string | null;
  disabledReason: string | null;
  /** Every order of the account, newest first, abandoned checkouts included (their status says so). */
  orders: StaffOrderSummary[];
  /** The support conversation, newest messages (oldest first), or null when the customer never wrote. */
  conversation: { _id: string; messages: Message[] } | null;
}

export interface CustomerListResponse extends CustomerListPage {
  success: true;
}
export interface CustomerDetailResponse {
  success: true;
  customer: CustomerDetail;
}
