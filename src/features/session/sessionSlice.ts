import { createAction, createSlice, isAnyOf, type WithSlice } from '@reduxjs/toolkit';
import { loggedIn, loggedOut, logoutConfirmed } from '../../store/events';
import type { UserRole } from '../../domain/types';
import { safeRedirectPath, type LoginMode } from './validation';

/**
 * The session state machine (SPEC §4, §6):
 *
 *   anonymous ──credentialsSubmitted──▶ authenticating ──loggedIn──▶ authenticated
 *       ▲                                     │ loginFailed                │ sessionExpired (401/403)
 *       └─────────────────────────────────────┘                            ▼
 *       ▲◀──────────────────── expiredSessionRedirected ────────────── expired
 *       └──────────── loggedOut (from any state) ◀─────────────────────────┘
 *
 * Only the token is persisted (store/persist.ts); a restored token starts as `authenticated`. The
 * profile is not kept here: it is the user-info query's answer (`selectUserProfile`). An event
 * that does not fit the current state is ignored, so a late answer (for a token that was logged
 * out meanwhile) cannot resurrect a session.
 */
export type SessionStatus = 'anonymous' | 'authenticating' | 'authenticated' | 'expired';

/** What a login or sign-up attempt sends besides the password (which travels in the API call only). */
export interface Credentials {
  mode: LoginMode;
  name: string;
  email: string;
}

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  /** Where to go after the next login (e.g. '/cart'); a path inside the app. */
  redirectAfterLogin: string | null;
  /** The last login/sign-up failure: the server's message or the network error. */
  error: string | null;
  /**
   * The login answer's role, persisted with the token: a reload of a staff session knows it is one
   * before the profile arrives (no shopper's start-up cart and wishlist push).
   */
  role: UserRole | null;
}

export const initialSessionState: SessionState = {
  status: 'anonymous',
  token: null,
  redirectAfterLogin: null,
  error: null,
  role: null,
};

// ---- events (past tense) -------------------------------------------------------------------

/** The login or sign-up form was submitted (the password travels in the API call only). */
export const credentialsSubmitted = createAction<Credentials>('session/credentialsSubmitted');
/** The login or sign-up call failed with this message. */
export const loginFailed = createAction<{ message: string }>('session/loginFailed');
/** The server refused this token (401, or 403 on user info). */
export const sessionExpired = createAction<{ token: string }>('session/sessionExpired');
/** After an expiry the shopper was sent to /login; `from` is the page they were on. */
export const expiredSessionRedirected = createAction<{ from: string | null }>('session/expiredSessionRedirected');
/** A page asked to come back to `path` after the next login (the cart page: '/cart'). */
export const redirectAfterLoginSet = createAction<string>('session/redirectAfterLoginSet');
/** The login page followed the redirect-after-login target. */
export const redirectAfterLoginFollowed = createAction('session/redirectAfterLoginFollowed');
/** The shopper dismissed the login error. */
export const loginErrorDismissed = createAction('session/loginErrorDismissed');
/** A guest opened a page that needs an account (RequireAuth): they log in first, then come back to `from`. */
export const loginRequired = createAction<{ from: string }>('session/loginRequired');
/** The shopper confirmed the logout dialog (the listener tells the server, then logs out here); declared in store/events.ts. */
export { logoutConfirmed };
/** The shopper switched between Login and Sign Up (the last failure belongs to the other form). */
export const loginModeChosen = createAction<LoginMode>('session/loginModeChosen');

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(credentialsSubmitted, (state) => {
        if (state.status !== 'anonymous' && state.status !== 'expired') return;
        state.status = 'authenticating';
        state.error = null;
      })
      .addCase(loggedIn, (state, { payload }) => {
        const token = payload.token.trim();
        if (!token || state.status === 'authenticated') return;
        state.status = 'authenticated';
        state.token = token;
        state.error = null;
        state.role = payload.role ?? null;
      })
      .addCase(loginFailed, (state, { payload }) => {
        if (state.status !== 'authenticating') return;
        state.status = 'anonymous';
        state.error = payload.message || 'Something went wrong';
      })
      .addCase(sessionExpired, (state, { payload }) => {
        if (state.status !== 'authenticated' || state.token !== payload.token) return;
        state.status = 'expired';
        state.token = null;
        state.role = null;
      })
      .addCase(expiredSessionRedirected, (state, { payload }) => {
        if (state.status !== 'expired') return;
        state.status = 'anonymous';
        const from = safeRedirectPath(payload.from);
        if (from && !state.redirectAfterLogin) state.redirectAfterLogin = from;
      })
      .addCase(redirectAfterLoginSet, (state, { payload }) => {
        if (state.status === 'authenticated') return;
        const path = safeRedirectPath(payload);
        if (path) state.redirectAfterLogin = path;
      })
      .addCase(loginRequired, (state, { payload }) => {
        if (state.status === 'authenticated') return;
        const path = safeRedirectPath(payload.from);
        if (path) state.redirectAfterLogin = path;
      })
      .addCase(redirectAfterLoginFollowed, (state) => {
        if (state.status !== 'authenticated') return;
        state.redirectAfterLogin = null;
      })
      .addCase(loggedOut, () => initialSessionState)
      .addMatcher(isAnyOf(loginErrorDismissed, loginModeChosen), (state) => {
        state.error = null;
      });
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectIsLoggedIn: (state) => state.status === 'authenticated',
    selectRedirectAfterLogin: (state) => state.redirectAfterLogin,
    selectLoginError: (state) => state.error,
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof sessionSlice> {}
}

export const {
  selectSessionStatus,
  selectIsLoggedIn,
  selectRedirectAfterLogin,
  selectLoginError,
} = sessionSlice.selectors;
