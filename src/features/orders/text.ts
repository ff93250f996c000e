/*
 * My Orders' texts on their own: the page's skeleton (which every page's start-up code holds, for
 * the server's render of /orders) needs them and none of rules.ts (order filters, refunds, tracking).
 */
/** The exact texts of My Orders (SPEC §2). */
export const ORDERS_TEXT = {
  heading: 'MY ORDERS',
  welcome: (name: string, email: string) => `Welcome, ${name} – ${email}`,
  fallbackName: 'User',
  clearFilters: 'Clear Filters',
  orderStatus: 'Order Status',
  showDetails: 'Order Details',
  hideDetails: 'Hide Details',
  orderItems: 'Order Items',
  unitPrice: 'Unit Price',
  quantity: 'Quantity',
  total: 'Total',
  bundleDeal: 'Bundle Deal',
  noToken: 'No token available',
  completePayment: 'Complete payment',
  /** Toast when the payment page could not be reopened and the server gave no reason (ours, not SPEC). */
  resumeFailed: 'Could not reopen the payment page. Please try again.',
} as const;
