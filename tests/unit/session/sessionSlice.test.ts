import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  credentialsSubmitted,
  expiredSessionRedirected,
  initialSessionState,
  loginErrorDismissed,
  loginFailed,
  redirectAfterLoginFollowed,
  redirectAfterLoginSet,
  selectIsLoggedIn,
  sessionExpired,
  loginModeChosen,
  loginRequired,
  sessionSlice,
  type SessionState,
  type SessionStatus,
} from '../../../src/features/session/sessionSlice';
import { loggedIn, loggedOut } from '../../../src/store/events';

const reduce = (state: SessionState, action: UnknownAction) => sessionSlice.reducer(state, action);
/** One representative state per status. */
const STATES: Record<SessionStatus, SessionState> = {
  anonymous: initialSessionState,
  authenticating: { ...initialSessionState, status: 'authenticating' },
  authenticated: { ...initialSessionState, status: 'authenticated', token: 'tok' },
  expired: { ...initialSessionState, status: 'expired' },
};

const EVENTS: Record<string, UnknownAction> = {
  credentialsSubmitted: credentialsSubmitted({ mode: 'login', name: '', email: 'ada@example.com' }),
  loggedIn: loggedIn({ token: 'new-token' }),
  loginFailed: loginFailed({ message: 'Invalid email or password' }),
  sessionExpired: sessionExpired({ token: 'tok' }),
  expiredSessionRedirected: expiredSessionRedirected({ from: '/orders' }),
  loggedOut: loggedOut(),
};

/**
 * The session's transition table: the resulting status for each (status, event) pair. A
 * status equal to the start means the event is ignored there.
 */
const TABLE: Record<SessionStatus, Record<keyof typeof EVENTS, SessionStatus>> = {
  anonymous: {
    credentialsSubmitted: 'authenticating',
    loggedIn: 'authenticated',
    loginFailed: 'anonymous',
    sessionExpired: 'anonymous',
    expiredSessionRedirected: 'anonymous',
    loggedOut: 'anonymous',
  },
  authenticating: {
    credentialsSubmitted: 'authenticating',
    loggedIn: 'authenticated',
    loginFailed: 'anonymous',
    sessionExpired: 'authenticating',
    expiredSessionRedirected: 'authenticating',
    loggedOut: 'anonymous',
  },
  authenticated: {
    credentialsSubmitted: 'authenticated',
    loggedIn: 'authenticated',
    loginFailed: 'authenticated',
    sessionExpired: 'expired',
    expiredSessionRedirected: 'authenticated',
    loggedOut: 'anonymous',
  },
  expired: {
    credentialsSubmitted: 'authenticating',
    loggedIn: 'authenticated',
    loginFailed: 'expired',
    sessionExpired: 'expired',
    expiredSessionRedirected: 'anonymous',
    loggedOut: 'anonymous',
  },
};

describe('session state machine', () => {
  const cases = Object.entries(TABLE).flatMap(([from, row]) =>
    Object.entries(row).map(([event, to]) => [from as SessionStatus, event, to] as const),
  );

  it.each(cases)('%s + %s → %s', (from, event, to) => {
    const before = STATES[from];
    const after = reduce(before, EVENTS[event]);
    expect(after.status).toBe(to);
    // An ignored event leaves the state exactly as it was.
    if (to === from && event !== 'credentialsSubmitted' && !(from === 'anonymous' && event === 'loggedOut')) {
      expect(after).toEqual(before);
    }
  });

  it('a login sets the token and clears the error', () => {
    let s = reduce(initialSessionState, credentialsSubmitted({ mode: 'signup', name: 'Ada', email: 'ada@example.com' }));
    s = reduce(s, loginFailed({ message: 'An account with this e-mail already exists' }));
    expect(s).toMatchObject({ status: 'anonymous', error: 'An account with this e-mail already exists' });
    s = reduce(s, credentialsSubmitted({ mode: 'login', name: '', email: 'ada@example.com' }));
    expect(s.error).toBeNull();
    s = reduce(s, loggedIn({ token: ' t1 ' }));
    expect(s).toEqual({ ...initialSessionState, status: 'authenticated', token: 't1' });
    expect(selectIsLoggedIn({ session: s })).toBe(true);
  });

  it('ignores a login without a token', () => {
    expect(reduce(STATES.authenticating, loggedIn({ token: '   ' }))).toEqual(STATES.authenticating);
  });

  it('expires only the token that was refused, and clears it', () => {
    expect(reduce(STATES.authenticated, sessionExpired({ token: 'an-old-token' }))).toEqual(STATES.authenticated);
    const s = reduce(STATES.authenticated, sessionExpired({ token: 'tok' }));
    expect(s).toMatchObject({ status: 'expired', token: null });
  });

  it('a page that needs an account makes itself the way back after login', () => {
    expect(reduce(initialSessionState, loginRequired({ from: '/orders' })).redirectAfterLogin).toBe('/orders');
    expect(reduce(STATES.authenticated, loginRequired({ from: '/orders' })).redirectAfterLogin).toBeNull();
    expect(reduce(initialSessionState, loginRequired({ from: '//evil.example' })).redirectAfterLogin).toBeNull();
  });

  it('switching between Login and Sign Up dismisses the last failure', () => {
    expect(reduce({ ...initialSessionState, error: 'Invalid email or password' }, loginModeChosen('signup')).error).toBeNull();
  });

  it('remembers the page an expired session was on, unless a target is already set', () => {
    const s = reduce(STATES.expired, expiredSessionRedirected({ from: '/orders?x=1' }));
    expect(s).toMatchObject({ status: 'anonymous', redirectAfterLogin: '/orders?x=1' });
    const withTarget = { ...STATES.expired, redirectAfterLogin: '/cart' };
    expect(reduce(withTarget, expiredSessionRedirected({ from: '/orders' })).redirectAfterLogin).toBe('/cart');
    expect(reduce(STATES.expired, expiredSessionRedirected({ from: null })).redirectAfterLogin).toBeNull();
  });

  it('keeps a redirect-after-login target until it is followed after login', () => {
    let s = reduce(initialSessionState, redirectAfterLoginSet('/cart'));
    expect(s.redirectAfterLogin).toBe('/cart');
    s = reduce(s, loggedIn({ token: 't' }));
    expect(s.redirectAfterLogin).toBe('/cart');
    s = reduce(s, redirectAfterLoginSet('/orders'));
    expect(s.redirectAfterLogin).toBe('/cart');
    s = reduce(s, redirectAfterLoginFollowed());
    expect(s.redirectAfterLogin).toBeNull();
  });

  it('refuses redirect targets outside the app', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil', 'cart', '/login', '/reset-password/abc', '']) {
      expect(reduce(initialSessionState, redirectAfterLoginSet(bad)).redirectAfterLogin, bad).toBeNull();
    }
  });

  it('logout forgets everything; the error can be dismissed', () => {
    const s = { ...STATES.authenticated, redirectAfterLogin: '/cart' };
    expect(reduce(s, loggedOut())).toEqual(initialSessionState);
    expect(reduce({ ...initialSessionState, error: 'x' }, loginErrorDismissed()).error).toBeNull();
  });

  it('event names are past tense under session/', () => {
    for (const action of Object.values(EVENTS)) expect(action.type).toMatch(/^session\/[a-z]+[A-Z]?\w*(ed|In|Out)$/);
  });
});
