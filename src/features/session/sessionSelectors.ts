import { createSelector } from '@reduxjs/toolkit';
import type { User, UserRole } from '../../domain/types';
import type { RootState } from '../../store/types';
import { sessionApi } from './sessionApi';
import { landingPath } from './validation';

/**
 * What other features read of the session (the cart and wishlist sync only while logged in, the
 * header's account link, the guards), through this feature's index.
 */
export function selectSessionToken(state: RootState): string | null {
  const session = state.session;
  return session.status === 'authenticated' && session.token ? session.token : null;
}

export const selectIsAuthenticated = (state: RootState): boolean => selectSessionToken(state) !== null;

/** A staff member's session (the login's role, kept across reloads): no shopper's cart or wishlist to sync. */
export const selectIsStaffSession = (state: RootState): boolean => state.session.role === 'staff';

const selectUserInfoResult = sessionApi.endpoints.getUserInfo.select();

/**
 * The shopper's profile: the user-info query's answer, and only while logged in (a profile still
 * cached right after a logout belongs to nobody).
 */
export const selectUserProfile = createSelector([selectUserInfoResult, selectIsAuthenticated], (result, loggedIn): User | null =>
  loggedIn ? (result.data ?? null) : null,
);

/**
 * The signed-in account's role, from the profile (a profile without one is a shopper's);
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
