import { createSelector } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import type { Product, ProductListResponse, ProductSingleResponse, Settings, SettingsResponse } from '../../domain/types';
import { bestSellers } from './rules';

/** Catalog calls of SPEC §7; all of them are public (no token needed). */
export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<Product[], void>({
      query: () => '/api/product/list',
      // Frozen here in one tight pass: immer then skips walking (and freezing) every product when
      // the list enters the store — at 10,000 products that walk cost more than the render.
      transformResponse: (r: ProductListResponse) => deepFreeze(Array.isArray(r.products) ? r.products : []),
      // One tag for the whole list: nothing invalidates single products, and a tag per product
      // costs bookkeeping for each of them on every load.
      providesTags: [{ type: 'Product' as const, id: 'LIST' }],
      // A new list is a new catalog version: comparing it item by item with the old one costs more than it saves.
      structuralSharing: false,
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `/api/product/single/${encodeURIComponent(id)}`,
      transformResponse: (r: ProductSingleResponse) => r.product,
      providesTags: (_p, _e, id) => [{ type: 'Product', id }],
    }),
    getSettings: build.query<Settings, void>({
      query: () => '/api/settings',
      transformResponse: (r: SettingsResponse) => r.settings,
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetProductsQuery, useGetProductQuery, useGetSettingsQuery } = catalogApi;

/** Object.freeze on every plain object and array of a JSON value (what immer's auto-freeze would do, faster). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const EMPTY: Product[] = [];

const selectProductsResult = catalogApi.endpoints.getProducts.select();
const selectSettingsResult = catalogApi.endpoints.getSettings.select();

/** The cached product list (empty until loaded). */
export const selectProducts = createSelector([selectProductsResult], (r) => r.data ?? EMPTY);

/** Best sellers of the cached product list (rule in rules.ts). */
export const selectBestSellers = createSelector([selectProducts], (products) => bestSellers(products));

/** The cached shop settings, or undefined until loaded. */
export const selectSettings = createSelector([selectSettingsResult], (r) => r.data);
