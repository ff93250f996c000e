import { createSelector } from '@reduxjs/toolkit';
import { errorMessage } from '../api/errors';
import { catalogLookup, type CatalogLookup } from '../domain/cartLines';
import type { CartData, User, UserRole } from '../domain/types';
import { bundlesApi, selectAllBundles } from '../features/bundles/bundlesApi';
import { catalogApi, selectProducts } from '../features/catalog/catalogApi';
import { sessionApi } from '../features/session/sessionApi';
import { landingPath } from '../features/session/validation';
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

/** A staff member's session (the login's role, kept across reloads): no shopper's cart or wishlist to sync. */
export const selectIsStaffSession = (state: RootState): boolean => state.session.role === 'staff';

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

/**
 * The signed-in account's role (issue 18), from the profile (a profile without one is a shopper's);
 * null for a guest, or while the profile is on its way.
 */
export const selectAccountRole = (state: RootState): UserRole | null => {
  const profile = selectUserProfile(state);
  return profile ? (profile.role ?? 'shopper') : null;
};

/** Who may enter the staff console: a guest (log in first), a shopper (refused), staff, or not known yet. */
export type StaffAccess = 'guest' | 'pending' | 'shopper' | 'staff' | 'unknown';

export const selectStaffAccess = (state: RootState): StaffAccess => {
  if (!selectIsAuthenticated(state)) return 'guest';
  const role = selectAccountRole(state);
  if (role) return role;
  // The profile could not be read (not a 401/403: those end the session): say so rather than refuse.
  return selectUserInfoResult(state).isError ? 'unknown' : 'pending';
};

/**
 * Where the login page goes once logged in: staff to the console, shoppers to the stored target or
 * home; null while the new session's profile (which tells the role) is on its way. A profile that
 * cannot be read lands as a shopper would.
 */
export const selectLoginLanding = (state: RootState): string | null => {
  const access = selectStaffAccess(state);
  if (access === 'pending') return null;
  return landingPath(access === 'staff' ? 'staff' : 'shopper', state.session.redirectAfterLogin);
};

/** The header's account link: staff to their console, a shopper to My orders, a guest to log in. */
export const selectAccountLink = (state: RootState): { to: string; label: string } => {
  if (state.session.status !== 'authenticated') return { to: '/login', label: 'Log in' };
  return selectAccountRole(state) === 'staff' ? { to: '/staff', label: 'Staff console' } : { to: '/orders', label: 'My orders' };
};
