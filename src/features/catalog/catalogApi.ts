import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import type { Product, ProductListResponse, ProductSingleResponse, Settings, SettingsResponse } from '../../domain/types';
import { DEFAULT_SHOP_TIME_ZONE } from '../../domain/shipBy';
import { bestSellers } from './sorting';

/**
 * The product list, normalised: ids in the server's order and products by id, so a
 * lookup by id needs no map built per render. Screens read it through the selectors below.
 */
export const productsAdapter = createEntityAdapter<Product, string>({ selectId: (p) => p._id });

export type ProductEntities = EntityState<Product, string>;

/** The wire list as the cache keeps it: frozen products in an entity state. */
export function normaliseProducts(r: ProductListResponse): ProductEntities {
  const products = Array.isArray(r.products) ? r.products : [];
  // Frozen here in one tight pass: immer then skips walking (and freezing) every product when
  // the list enters the store — at 10,000 products that walk cost more than the render.
  return productsAdapter.setAll(productsAdapter.getInitialState(), deepFreeze(products));
}

/** Catalog calls of SPEC §7; all of them are public (no token needed). */
export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductEntities, void>({
      query: () => '/api/product/list',
      transformResponse: normaliseProducts,
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
    /** "Tell me when it's back" on a sold-out option (signed in); answers the server's sentence. */
    notifyBackInStock: build.mutation<string, { productId: string; variant: string }>({
      query: (body) => ({ url: '/api/stock/notify', method: 'POST', body }),
      transformResponse: (r: { message: string }) => r.message,
    }),
    getSettings: build.query<Settings, void>({
      query: () => '/api/settings',
      transformResponse: (r: SettingsResponse) => r.settings,
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetProductsQuery, useGetProductQuery, useGetSettingsQuery, useNotifyBackInStockMutation } = catalogApi;

/** Object.freeze on every plain object and array of a JSON value (what immer's auto-freeze would do, faster). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const NO_PRODUCTS: ProductEntities = productsAdapter.getInitialState();

const selectProductsResult = catalogApi.endpoints.getProducts.select();
const selectSettingsResult = catalogApi.endpoints.getSettings.select();
// A log recorded before the list was normalised holds a plain array here: it reads as no products
// (the QA panel shows the rest of that log instead of failing on it).
const isEntityState = (data: unknown): data is ProductEntities => typeof data === 'object' && data !== null && Array.isArray((data as ProductEntities).ids);
const productSelectors = productsAdapter.getSelectors(createSelector([selectProductsResult], (r) => (isEntityState(r.data) ? r.data : NO_PRODUCTS)));

/** The cached product list in the server's order (empty until loaded), one array per list version. */
export const selectProducts = productSelectors.selectAll;

/** A product of the cached list by id (undefined when unknown or not loaded). */
export const selectProductById = productSelectors.selectById;

/** The cached products by id. */
export const selectProductEntities = productSelectors.selectEntities;

/**
 * The product a product page shows: its own fetch when it has one, else the list's copy (the
 * page's purchase rules run on the same product the shopper sees).
 */
export function selectPageProduct(state: Parameters<typeof selectProductsResult>[0], productId: string): Product | undefined {
  return catalogApi.endpoints.getProduct.select(productId)(state).data ?? selectProductById(state, productId);
}

/** Best sellers of the cached product list (rule in rules.ts). */
export const selectBestSellers = createSelector([selectProducts], (products) => bestSellers(products));

/** The cached shop settings, or undefined until loaded. */
export const selectSettings = createSelector([selectSettingsResult], (r) => r.data);

/** The shop's time zone, the one the client reads dates in: the settings' (SHOP_TIMEZONE), else the default. */
export const selectShopTimeZone = (state: Parameters<typeof selectSettingsResult>[0]): string => selectSettings(state)?.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
