import { createSelector } from '@reduxjs/toolkit';
import { QueryStatus } from '@reduxjs/toolkit/query';
import type { Order } from '../../domain/types';
import type { RootState } from '../../store/store';
import { ordersApi, RESUME_PAYMENT_KEY } from './ordersApi';
import { selectOrderFilters, selectPaymentResumeRequestedFor, selectStatusRequestedFor } from './ordersSlice';
import { filterOrders } from './rules';

const selectOrdersResult = ordersApi.endpoints.getUserOrders.select();
const NO_ORDERS: Order[] = [];

/** The shopper's orders, newest first (empty until loaded). */
export const selectOrders = (state: RootState): Order[] => selectOrdersResult(state).data ?? NO_ORDERS;

const selectFilterValues = createSelector([selectOrderFilters], (f) => ({ method: f.method, text: f.text, status: f.status, showUnpaid: f.showUnpaid }));

/** The orders the filters let through (SPEC §5), newest first. */
export const selectVisibleOrders = createSelector([selectOrders, selectFilterValues], (orders, filters) => filterOrders(orders, filters));

/** How many of the shopper's orders are orders (not abandoned checkouts). */
export const selectRealOrderCount = createSelector([selectOrders], (orders) => orders.filter((o) => !o.abandoned).length);

/** The orders are being read (first load or an 'Order Status' re-read): every 'Order Status' waits. */
export const selectOrdersFetching = (state: RootState): boolean => selectOrdersResult(state).status === QueryStatus.pending;

/** The card whose 'Order Status' started the running re-read, or null. */
export const selectRefreshingOrderId = (state: RootState): string | null => (selectOrdersFetching(state) ? selectStatusRequestedFor(state) : null);

/** A payment hand-over is running (from any card): every 'Complete payment' waits. */
export const selectPaymentResuming = (state: RootState): boolean =>
  ordersApi.endpoints.resumeOrderPayment.select({ fixedCacheKey: RESUME_PAYMENT_KEY, requestId: undefined })(state).isLoading;

/** The card whose 'Complete payment' started the running hand-over, or null. */
export const selectResumingOrderId = (state: RootState): string | null => (selectPaymentResuming(state) ? selectPaymentResumeRequestedFor(state) : null);
