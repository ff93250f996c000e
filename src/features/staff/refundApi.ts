import { baseApi } from '../../api/baseApi';
import type { OrderRefundView, RefundPanel, RefundRequestBody } from '../../domain/refunds';
import type { Order } from '../../domain/types';

/** The refund panel's data is tagged under its order, so a status move or a refund refreshes it. */
const panelTag = (orderId: string) => ({ type: 'StaffOrder' as const, id: `refunds:${orderId}` });

export const refundApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/staff/orders/:id/refunds: lines with what is refunded, what is left, the refunds made. */
    getRefundPanel: build.query<RefundPanel, string>({
      query: (orderId) => `/api/staff/orders/${encodeURIComponent(orderId)}/refunds`,
      providesTags: (_r, _e, orderId) => [panelTag(orderId), { type: 'StaffOrder', id: orderId }],
    }),
    /** POST /api/staff/orders/:id/refunds: one refund, once per key. */
    refundOrder: build.mutation<{ refund: OrderRefundView; order: Order; repeated: boolean }, { orderId: string; body: RefundRequestBody }>({
      query: ({ orderId, body }) => ({ url: `/api/staff/orders/${encodeURIComponent(orderId)}/refunds`, method: 'POST', body }),
      invalidatesTags: (result, _e, { orderId }) =>
        result ? [panelTag(orderId), { type: 'StaffOrder', id: orderId }, { type: 'StaffOrder', id: 'LIST' }, { type: 'StaffOrder', id: 'CUSTOMER' }, 'StaffDashboard'] : [],
    }),
  }),
});

export const { useGetRefundPanelQuery } = refundApi;
