import { baseApi } from '../../../api/baseApi';
import type { CustomerDetail, CustomerDetailResponse, CustomerListPage, CustomerListResponse } from '../../../domain/customers';

/**
 * The staff customer API (README "Staff API"). The list and a customer's page carry the tag of
 * "a customer's orders": an order change announced in the staff room (paid, refunded, moved)
 * invalidates it (staffListeners.ts), so the figures follow live.
 */
const CUSTOMER_TAG = { type: 'StaffOrder', id: 'CUSTOMER' } as const;

export const customersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStaffCustomers: build.query<CustomerListPage, Record<string, string | number>>({
      query: (params) => ({ url: '/api/staff/customers', params }),
      transformResponse: (r: CustomerListResponse): CustomerListPage => ({
        customers: Array.isArray(r.customers) ? r.customers : [],
        total: r.total ?? 0,
        page: r.page ?? 1,
        pageSize: r.pageSize ?? 25,
      }),
      providesTags: [CUSTOMER_TAG],
    }),
    getStaffCustomer: build.query<CustomerDetail, string>({
      query: (id) => `/api/staff/customers/${encodeURIComponent(id)}`,
      transformResponse: (r: CustomerDetailResponse) => r.customer,
      providesTags: [CUSTOMER_TAG],
    }),
    disableCustomer: build.mutation<CustomerDetail, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/api/staff/customers/${encodeURIComponent(id)}/disable`, method: 'POST', body: { reason } }),
      transformResponse: (r: CustomerDetailResponse) => r.customer,
      invalidatesTags: (result) => (result ? [CUSTOMER_TAG] : []),
    }),
    enableCustomer: build.mutation<CustomerDetail, string>({
      query: (id) => ({ url: `/api/staff/customers/${encodeURIComponent(id)}/enable`, method: 'POST', body: {} }),
      transformResponse: (r: CustomerDetailResponse) => r.customer,
      invalidatesTags: (result) => (result ? [CUSTOMER_TAG] : []),
    }),
    /** GET /api/staff/customers/export.csv: the list's search and sort, every page, as CSV text (not cached). */
    exportStaffCustomers: build.mutation<string, Record<string, string | number>>({
      query: (params) => ({ url: '/api/staff/customers/export.csv', params, responseHandler: 'text' }),
    }),
  }),
});

export const { useGetStaffCustomersQuery, useGetStaffCustomerQuery } = customersApi;
