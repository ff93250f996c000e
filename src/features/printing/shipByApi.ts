import { baseApi } from '../../api/baseApi';
import type { LinesShipBy, ProductShipBy } from '../../domain/madeToOrder';

/** A line to date: a product option ('Red|M'), an accessory ('accessory-0') or a bundle ('bundle'). */
export interface LineToDate {
  productId: string;
  variant: string;
  quantity: number;
}

/**
 * When things ship, as the server plans it (the print queue, printers, calendar and shelf stock):
 * a product's options and range (its page, server-rendered too), and a cart's or checkout's lines.
 * Read again whenever an order changes (the queue may have moved).
 */
export const shipByApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProductShipBy: build.query<ProductShipBy, string>({
      query: (id) => `/api/ship-by/${encodeURIComponent(id)}`,
      transformResponse: (r: { shipBy: ProductShipBy }) => r.shipBy,
      providesTags: (_r, _e, id) => [{ type: 'ShipBy', id }],
    }),
    getLinesShipBy: build.query<LinesShipBy, readonly LineToDate[]>({
      query: (lines) => ({ url: '/api/ship-by/lines', method: 'POST', body: { lines } }),
      providesTags: [{ type: 'ShipBy', id: 'LINES' }],
    }),
  }),
});

export const { useGetProductShipByQuery, useGetLinesShipByQuery } = shipByApi;
