/** The session feature's public door: what other features and the store use of it. */
export { accountFormsSlice } from './accountFormsSlice';
export { setupSessionListeners } from './sessionListeners';
export { selectIsAuthenticated, selectIsStaffSession, selectSessionToken, selectUserProfile } from './sessionSelectors';
export { initialSessionState, sessionSlice, type SessionState } from './sessionSlice';
export { safeRedirectPath } from './validation';
