import { baseApi } from '../../api/baseApi';
import type { Order, OrderSessionResponse, UserOrdersResponse } from '../../domain/types';
import { newestFirst } from './rules';

/** My Orders calls (SPEC §7): the caller's orders, shown newest first; resuming a pending payment. */
export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserOrders: build.query<Order[], void>({
      query: () => ({ url: '/api/order/userorders', method: 'POST', body: {} }),
      transformResponse: (r: UserOrdersResponse) => newestFirst(Array.isArray(r.orders) ? r.orders : []),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    resumeOrderPayment: build.mutation<OrderSessionResponse, { orderId: string }>({
      query: (body) => ({ url: '/api/order/resume-payment', method: 'POST', body }),
    }),
  }),
});

/**
 * The one shared result of 'Complete payment': the listener starts the call under this key and My
 * Orders selects it (ordersSelectors.ts), so the button shows progress and stays disabled while the hand-over runs.
 */
export const RESUME_PAYMENT_KEY = 'orders/resumePayment';

export const { useGetUserOrdersQuery } = ordersApi;
