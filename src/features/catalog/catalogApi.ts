import { createSelector } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import type { Product, ProductListResponse, ProductSingleResponse, Settings, SettingsResponse } from '../../domain/types';
import { bestSellers } from './rules';

/** Catalog calls of SPEC §7; all of them are public (no token needed). */
export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<Product[], void>({
      query: () => '/api/product/list',
      transformResponse: (r: ProductListResponse) => (Array.isArray(r.products) ? r.products : []),
      providesTags: (products = []) => [
        { type: 'Product' as const, id: 'LIST' },
        ...products.map((p) => ({ type: 'Product' as const, id: p._id })),
      ],
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

const EMPTY: Product[] = [];

const selectProductsResult = catalogApi.endpoints.getProducts.select();
const selectSettingsResult = catalogApi.endpoints.getSettings.select();

/** The cached product list (empty until loaded). */
export const selectProducts = createSelector([selectProductsResult], (r) => r.data ?? EMPTY);

/** Best sellers of the cached product list (rule in rules.ts). */
export const selectBestSellers = createSelector([selectProducts], (products) => bestSellers(products));

/** The cached shop settings, or undefined until loaded. */
export const selectSettings = createSelector([selectSettingsResult], (r) => r.data);
