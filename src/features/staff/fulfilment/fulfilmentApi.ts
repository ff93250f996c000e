import { baseApi } from '../../../api/baseApi';
import type { BulkMoveResult, OrderFulfilment, OrderNote, PackingSlips } from '../../../domain/fulfilment';

/**
 * Fulfilment's calls on the staff API (server/routes/staffFulfil.ts). An order's notes, tags and
 * timeline are cached under the order's own tag, so whatever makes the order page read again
 * (a staff move, a socket `orderUpdated` from a shopper's payment, cancel or refund) refreshes them too.
 */
export const fulfilmentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderFulfilment: build.query<OrderFulfilment, string>({
      query: (id) => `/api/staff/orders/${encodeURIComponent(id)}/fulfilment`,
      transformResponse: (r: Partial<OrderFulfilment>): OrderFulfilment => ({
        notes: Array.isArray(r.notes) ? r.notes : [],
        tags: Array.isArray(r.tags) ? r.tags : [],
        timeline: Array.isArray(r.timeline) ? r.timeline : [],
        bundleContents: r.bundleContents ?? {},
      }),
      providesTags: (_r, _e, id) => [{ type: 'StaffOrder', id }],
    }),

    addOrderNote: build.mutation<{ note: OrderNote }, { orderId: string; body: string }>({
      query: ({ orderId, body }) => ({ url: `/api/staff/orders/${encodeURIComponent(orderId)}/notes`, method: 'POST', body: { body } }),
      invalidatesTags: (r, _e, { orderId }) => (r ? [{ type: 'StaffOrder', id: orderId }] : []),
    }),

    addOrderTag: build.mutation<{ tags: string[] }, { orderId: string; tag: string }>({
      query: ({ orderId, tag }) => ({ url: `/api/staff/orders/${encodeURIComponent(orderId)}/tags`, method: 'POST', body: { tag } }),
      invalidatesTags: (r, _e, { orderId }) => (r ? [{ type: 'StaffOrder', id: orderId }, { type: 'StaffOrder', id: 'TAGS' }] : []),
    }),

    removeOrderTag: build.mutation<{ tags: string[] }, { orderId: string; tag: string }>({
      query: ({ orderId, tag }) => ({ url: `/api/staff/orders/${encodeURIComponent(orderId)}/tags/${encodeURIComponent(tag)}`, method: 'DELETE' }),
      // The chip goes at once; a failure puts it back (and the page reads again).
      async onQueryStarted({ orderId, tag }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          fulfilmentApi.util.updateQueryData('getOrderFulfilment', orderId, (f) => {
            f.tags = f.tags.filter((t) => t !== tag);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, _e, { orderId }) => [{ type: 'StaffOrder', id: orderId }, { type: 'StaffOrder', id: 'TAGS' }],
    }),

    getOrderTagSuggestions: build.query<string[], void>({
      query: () => '/api/staff/order-tags',
      transformResponse: (r: { tags?: string[] }) => (Array.isArray(r.tags) ? r.tags : []),
      providesTags: [{ type: 'StaffOrder', id: 'TAGS' }],
    }),

    getPackingSlips: build.query<PackingSlips, string[]>({
      query: (ids) => ({ url: '/api/staff/slips', params: { ids: ids.join(',') } }),
      transformResponse: (r: Partial<PackingSlips>): PackingSlips => ({ shopName: r.shopName ?? '', slips: Array.isArray(r.slips) ? r.slips : [], missing: Array.isArray(r.missing) ? r.missing : [] }),
      providesTags: (_r, _e, ids) => ids.map((id) => ({ type: 'StaffOrder' as const, id })),
    }),

    bulkMoveOrders: build.mutation<BulkMoveResult, { ids: string[] }>({
      query: ({ ids }) => ({ url: '/api/staff/orders/bulk-status', method: 'POST', body: { ids, status: 'Processing' } }),
      invalidatesTags: (r) => (r ? [{ type: 'StaffOrder', id: 'LIST' }, { type: 'StaffOrder', id: 'CUSTOMER' }, 'StaffDashboard', ...r.moved.map((m) => ({ type: 'StaffOrder' as const, id: m._id }))] : []),
    }),
  }),
});

export const { useGetOrderFulfilmentQuery, useGetOrderTagSuggestionsQuery, useGetPackingSlipsQuery } = fulfilmentApi;
