import { createAction, createSlice } from '@reduxjs/toolkit';
import type { User } from '../../domain/types';
import { loggedIn, loggedOut } from '../../store/events';
import { safeRedirectPath, type LoginMode } from './validation';

/**
 * The session state machine (SPEC §4, §6; issue 4):
 *
 *   anonymous ──credentialsSubmitted──▶ authenticating ──loggedIn──▶ authenticated
 *       ▲                                     │ loginFailed                │ sessionExpired (401/403)
 *       └─────────────────────────────────────┘                            ▼
 *       ▲◀──────────────────── expiredSessionRedirected ────────────── expired
 *       └──────────── loggedOut (from any state) ◀─────────────────────────┘
 *
 * Only the token is persisted (store/persist.ts); a restored token starts as `authenticated` with
 * `user: null` until GET /api/user/info answers. An event that does not fit the current state is
 * ignored, so a late answer (for a token that was logged out meanwhile) cannot resurrect a session.
 */
export type SessionStatus = 'anonymous' | 'authenticating' | 'authenticated' | 'expired';

/** What was typed in the last login/sign-up attempt (never the password). */
export interface LoginDraft {
  mode: LoginMode;
  name: string;
  email: string;
}

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: User | null;
  /** Where to go after the next login (e.g. '/cart'); a path inside the app. */
  redirectAfterLogin: string | null;
  /** The last login/sign-up failure: the server's message or the network error. */
  error: string | null;
  /**
   * The last attempt's fields: the full-screen 'Loading...' replaces the login page while the
   * call runs, so the page re-reads them when it comes back after a failure.
   */
  draft: LoginDraft | null;
}

export const initialSessionState: SessionState = {
  status: 'anonymous',
  token: null,
  user: null,
  redirectAfterLogin: null,
  error: null,
  draft: null,
};

// ---- events (past tense) -------------------------------------------------------------------

/** The login or sign-up form was submitted (the password travels in the API call only). */
export const credentialsSubmitted = createAction<LoginDraft>('session/credentialsSubmitted');
/** The login or sign-up call failed with this message. */
export const loginFailed = createAction<{ message: string }>('session/loginFailed');
/** The profile arrived for the token that asked for it. */
export const userInfoLoaded = createAction<{ token: string; user: User }>('session/userInfoLoaded');
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

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(credentialsSubmitted, (state, { payload }) => {
        if (state.status !== 'anonymous' && state.status !== 'expired') return;
        state.status = 'authenticating';
        state.error = null;
        state.draft = { mode: payload.mode, name: payload.name, email: payload.email };
      })
      .addCase(loggedIn, (state, { payload }) => {
        const token = payload.token.trim();
        if (!token || state.status === 'authenticated') return;
        state.status = 'authenticated';
        state.token = token;
        state.user = payload.user ?? null;
        state.error = null;
        state.draft = null;
      })
      .addCase(loginFailed, (state, { payload }) => {
        if (state.status !== 'authenticating') return;
        state.status = 'anonymous';
        state.error = payload.message || 'Something went wrong';
      })
      .addCase(userInfoLoaded, (state, { payload }) => {
        if (state.status !== 'authenticated' || state.token !== payload.token) return;
        state.user = payload.user;
      })
      .addCase(sessionExpired, (state, { payload }) => {
        if (state.status !== 'authenticated' || state.token !== payload.token) return;
        state.status = 'expired';
        state.token = null;
        state.user = null;
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
      .addCase(redirectAfterLoginFollowed, (state) => {
        if (state.status !== 'authenticated') return;
        state.redirectAfterLogin = null;
      })
      .addCase(loginErrorDismissed, (state) => {
        state.error = null;
      })
      .addCase(loggedOut, () => initialSessionState);
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectIsLoggedIn: (state) => state.status === 'authenticated',
    selectToken: (state) => state.token,
    selectUser: (state) => state.user,
    selectRedirectAfterLogin: (state) => state.redirectAfterLogin,
    selectLoginError: (state) => state.error,
    selectLoginDraft: (state) => state.draft,
  },
});

export const {
  selectSessionStatus,
  selectIsLoggedIn,
  selectToken,
  selectUser,
  selectRedirectAfterLogin,
  selectLoginError,
  selectLoginDraft,
} = sessionSlice.selectors;
