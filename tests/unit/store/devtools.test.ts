import { describe, expect, it } from 'vitest';
import { REDACTED, actionSanitizer, devToolsOptions, redact, stateSanitizer } from '../../../src/store/devtools';
import { loginFormEdited, resetFormEdited } from '../../../src/features/session/accountFormsSlice';
import { loggedIn } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLXZhbHVl';
const SECRETS = [JWT, 'hunter2-secret', '4242424242424242', 'reset-tok-123', 'cs_test_abc'];

function leaks(value: unknown): string[] {
  const text = JSON.stringify(value);
  return SECRETS.filter((s) => text.includes(s));
}

describe('devtools sanitizer', () => {
  it('is configured with a name, bounded history and both sanitizers', () => {
    expect(devToolsOptions).toMatchObject({ name: 'LayerLoft', maxAge: 5000 });
    expect(devToolsOptions.actionSanitizer).toBe(actionSanitizer);
    expect(devToolsOptions.stateSanitizer).toBe(stateSanitizer);
  });

  it('redacts tokens and passwords in actions', () => {
    const actions = [
      { type: 'session/loggedIn', payload: { token: JWT, user: { name: 'Ada', email: 'ada@example.com' } } },
      { type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { email: 'ada@example.com', password: 'hunter2-secret' } } } },
      { type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { token: 'reset-tok-123', newPassword: 'hunter2-secret' } } } },
      { type: 'checkout/cardEntered', payload: { cardNumber: '4242424242424242', cvc: '123', name: 'Ada' } },
      { type: 'router/navigated', payload: { url: '/reset-password/reset-tok-123?x=1' } },
      { type: 'payment/returned', payload: { query: '?success=true&session_id=cs_test_abc' } },
    ];
    for (const action of actions) {
      const clean = actionSanitizer(action);
      expect(leaks(clean)).toEqual([]);
      expect(clean.type).toBe(action.type);
    }
    // Harmless data stays readable.
    expect(actionSanitizer(actions[0]).payload).toMatchObject({ token: REDACTED, user: { name: 'Ada' } });
  });

  it('redacts secrets in state, including RTK Query cache keys, without mutating it', () => {
    const store = makeStore();
    store.dispatch(loggedIn({ token: JWT }));
    const state = {
      ...store.getState(),
      api: {
        queries: {
          [`resetPassword({"newPassword":"hunter2-secret","token":"reset-tok-123"})`]: {
            originalArgs: { newPassword: 'hunter2-secret', token: 'reset-tok-123' },
            status: 'fulfilled',
          },
        },
      },
    };
    const before = JSON.stringify(state);
    const clean = stateSanitizer(state);
    expect(leaks(clean)).toEqual([]);
    expect(JSON.stringify(state)).toBe(before);
    expect((clean as typeof state).session.status).toBe('authenticated');
  });

  it('redacts the passwords the account forms hold while they are typed, in state and in the typing events', () => {
    const store = makeStore();
    const typed = [loginFormEdited({ email: 'ada@example.com', password: 'hunter2-secret' }), resetFormEdited({ newPassword: 'hunter2-secret' }), resetFormEdited({ confirmPassword: 'hunter2-secret' })];
    for (const action of typed) {
      store.dispatch(action);
      expect(leaks(actionSanitizer(action))).toEqual([]);
    }
    // The store holds them (the fields show them)…
    expect(JSON.stringify(store.getState())).toContain('hunter2-secret');
    // …DevTools and QA logs never do; the rest of the form stays readable.
    const clean = stateSanitizer(store.getState());
    expect(leaks(clean)).toEqual([]);
    expect(clean.accountForms.login.values).toEqual({ name: '', email: 'ada@example.com', password: REDACTED });
    expect(clean.accountForms.reset.values).toEqual({ newPassword: REDACTED, confirmPassword: REDACTED });
  });

  it('redacts the token of the logout call', () => {
    const action = { type: 'api/executeMutation/pending', meta: { arg: { endpointName: 'logout', originalArgs: { token: JWT } } } };
    expect(leaks(actionSanitizer(action))).toEqual([]);
  });

  it('keeps ordinary numbers, ms timestamps and empty secret fields', () => {
    expect(redact({ date: '1718450000000', price: 19.99, qty: 2, tokenCount: false, password: '' })).toEqual({
      date: '1718450000000',
      price: 19.99,
      qty: 2,
      tokenCount: false,
      password: '',
    });
  });

  it('handles cycles', () => {
    const a: Record<string, unknown> = { password: 'x' };
    a.self = a;
    const clean = redact(a) as Record<string, unknown>;
    expect(clean.password).toBe(REDACTED);
    expect(clean.self).toBe(clean);
  });
});
