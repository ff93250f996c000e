import { baseApi } from '../../api/baseApi';
import type { Order, OrderSessionResponse, UserOrdersResponse } from '../../domain/types';
import { newestFirst } from './rules';

/** My Orders calls (SPEC §7): the caller's orders, shown newest first; resuming a pending payment (issue 6). */
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

export const { useGetUserOrdersQuery } = ordersApi;
