import type { RootState } from './store';

/**
 * Read-only facts about the session that other features need (the cart and wishlist sync only
 * while logged in). Reading the state shape here keeps features from importing the session
 * feature (STYLE rule 8), the same way api/baseApi.ts reads the token.
 */
export function selectSessionToken(state: RootState): string | null {
  const session = state.session;
  return session.status === 'authenticated' && session.token ? session.token : null;
}

export const selectIsAuthenticated = (state: RootState): boolean => selectSessionToken(state) !== null;
