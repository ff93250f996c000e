import { createSelector } from '@reduxjs/toolkit';
import { errorMessage } from '../api/errors';
import { catalogLookup, type CatalogLookup } from '../domain/cartLines';
import type { CartData, User } from '../domain/types';
import { bundlesApi, selectAllBundles } from '../features/bundles/bundlesApi';
import { catalogApi, selectProducts } from '../features/catalog/catalogApi';
import { sessionApi } from '../features/session/sessionApi';
import type { RootState } from './store';

/**
 * Read-only facts that several features need: the session (the cart and wishlist sync only while
 * logged in) and server data read across features. Features do not import each other (STYLE
 * rule 8); this layer may, so they read these instead.
 */
export function selectSessionToken(state: RootState): string | null {
  const session = state.session;
  return session.status === 'authenticated' && session.token ? session.token : null;
}

export const selectIsAuthenticated = (state: RootState): boolean => selectSessionToken(state) !== null;

/** The cart's lines (`itemId_variant → quantity`): checkout buys them when there is no buy-now item. */
export const selectCartContents = (state: RootState): CartData => state.cart.items;

// ---- server data other features read (the RTK Query cache is its only home) -----------------

const selectProductsResult = catalogApi.endpoints.getProducts.select();
const selectBundlesResult = bundlesApi.endpoints.getBundles.select();
const selectUserInfoResult = sessionApi.endpoints.getUserInfo.select();

/** Where the catalog cart lines are priced against stands: both lists loaded, one failed, or still on the way. */
export type CatalogStatus = { state: 'ready' } | { state: 'loading' } | { state: 'error'; message: string };

/** The product and bundle lists as cart, saved and checkout lines need them (error first, then loading). */
export const selectCatalogStatus = createSelector([selectProductsResult, selectBundlesResult], (products, bundles): CatalogStatus => {
  if (products.isError || bundles.isError) return { state: 'error', message: errorMessage(products.error ?? bundles.error) || 'Something went wrong' };
  return products.data !== undefined && bundles.data !== undefined ? { state: 'ready' } : { state: 'loading' };
});

/** Lookups by id over the cached products and bundles (rebuilt only when a list changes). */
export const selectCatalogLookup = createSelector([selectProducts, selectAllBundles], (products, bundles): CatalogLookup => catalogLookup(products, bundles));

/**
 * The shopper's profile: the user-info query's answer, and only while logged in (a profile still
 * cached right after a logout belongs to nobody).
 */
export const selectUserProfile = createSelector([selectUserInfoResult, selectIsAuthenticated], (result, loggedIn): User | null =>
  loggedIn ? (result.data ?? null) : null,
);

/**
 * Where the app is (the router's location, mirrored by features/router). Read here so features
 * derive views from the url (the store's filters) without importing the router feature.
 */
export const selectLocation = (state: RootState) => state.router.location;
