import { createSelector } from '@reduxjs/toolkit';
import { errorMessage } from '../../api/errors';
import { catalogLookup, type CatalogLookup } from '../../domain/cartLines';
import { bundlesApi, selectAllBundles } from '../bundles';
import { catalogApi, selectProducts } from './catalogApi';

/**
 * The cached product and bundle lists as cart, saved and checkout lines are priced against (the
 * RTK Query cache is their only home), read by those features through this feature's index.
 */
const selectProductsResult = catalogApi.endpoints.getProducts.select();
const selectBundlesResult = bundlesApi.endpoints.getBundles.select();

/** Where the catalog cart lines are priced against stands: both lists loaded, one failed, or still on the way. */
export type CatalogStatus = { state: 'ready' } | { state: 'loading' } | { state: 'error'; message: string };

/** The product and bundle lists as cart, saved and checkout lines need them (error first, then loading). */
export const selectCatalogStatus = createSelector([selectProductsResult, selectBundlesResult], (products, bundles): CatalogStatus => {
  if (products.isError || bundles.isError) return { state: 'error', message: errorMessage(products.error ?? bundles.error) || 'Something went wrong' };
  return products.data !== undefined && bundles.data !== undefined ? { state: 'ready' } : { state: 'loading' };
});

/** Lookups by id over the cached products and bundles (rebuilt only when a list changes). */
export const selectCatalogLookup = createSelector([selectProducts, selectAllBundles], (products, bundles): CatalogLookup => catalogLookup(products, bundles));
