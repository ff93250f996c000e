import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  accountFormsSlice,
  forgotEmailEdited,
  forgotFormSubmitted,
  initialAccountFormsState,
  loginFormEdited,
  loginFormSubmitted,
  passwordResetDone,
  resetFormEdited,
  resetFormSubmitted,
  type AccountFormsState,
} from '../../../src/features/session/accountFormsSlice';
import { credentialsSubmitted, loginModeChosen } from '../../../src/features/session/sessionSlice';
import { EMAIL_MESSAGE, NAME_REQUIRED_MESSAGE, PASSWORD_MISMATCH_MESSAGE, PASSWORD_REQUIRED_MESSAGE, PASSWORD_SHORT_MESSAGE } from '../../../src/features/session/validation';
import { loggedIn, loggedOut } from '../../../src/store/events';

const reduce = (state: AccountFormsState, ...actions: UnknownAction[]) => actions.reduce((s, a) => accountFormsSlice.reducer(s, a), state);

describe('account forms', () => {
  it('login: checks on submit, clears a field’s message when it is typed in, and switches modes', () => {
    let s = reduce(initialAccountFormsState, loginFormEdited({ email: 'ada.example.com' }), loginFormSubmitted());
    expect(s.login.errors).toEqual({ email: EMAIL_MESSAGE, password: PASSWORD_REQUIRED_MESSAGE });
    s = reduce(s, loginFormEdited({ email: 'ada@example.com' }));
    expect(s.login.errors).toEqual({ password: PASSWORD_REQUIRED_MESSAGE });
    s = reduce(s, loginModeChosen('signup'));
    expect(s.login).toMatchObject({ mode: 'signup', errors: {}, values: { email: 'ada@example.com' } });
    s = reduce(s, loginFormEdited({ password: 'short' }), loginFormSubmitted());
    expect(s.login.errors).toEqual({ name: NAME_REQUIRED_MESSAGE, password: PASSWORD_SHORT_MESSAGE });
  });

  it('login: the password leaves the store when the attempt is sent; a login clears the form', () => {
    let s = reduce(initialAccountFormsState, loginFormEdited({ email: 'ada@example.com', password: 'correct horse' }));
    s = reduce(s, credentialsSubmitted({ mode: 'login', name: '', email: 'ada@example.com' }));
    expect(s.login.values).toEqual({ name: '', email: 'ada@example.com', password: '' });
    expect(reduce(s, loggedIn({ token: 't' })).login).toEqual(initialAccountFormsState.login);
  });

  it('forgot password: a valid e-mail is required', () => {
    let s = reduce(initialAccountFormsState, forgotEmailEdited('ada@example'), forgotFormSubmitted());
    expect(s.forgot).toEqual({ email: 'ada@example', error: EMAIL_MESSAGE });
    s = reduce(s, forgotEmailEdited('ada@example.com'));
    expect(s.forgot.error).toBeNull();
    expect(reduce(s, forgotFormSubmitted()).forgot.error).toBeNull();
  });

  it('reset password: 8+ characters and a matching confirmation; forgotten once saved', () => {
    let s = reduce(initialAccountFormsState, resetFormEdited({ newPassword: 'short', confirmPassword: 'short' }), resetFormSubmitted());
    expect(s.reset.errors).toEqual({ newPassword: PASSWORD_SHORT_MESSAGE });
    s = reduce(s, resetFormEdited({ newPassword: 'long enough', confirmPassword: 'long enougH' }), resetFormSubmitted());
    expect(s.reset.errors).toEqual({ confirmPassword: PASSWORD_MISMATCH_MESSAGE });
    s = reduce(s, resetFormEdited({ confirmPassword: 'long enough' }), resetFormSubmitted());
    expect(s.reset.errors).toEqual({});
    expect(reduce(s, passwordResetDone()).reset).toEqual(initialAccountFormsState.reset);
  });

  it('a logout forgets every form', () => {
    const s = reduce(initialAccountFormsState, loginFormEdited({ email: 'a@b.co' }), forgotEmailEdited('a@b.co'), resetFormEdited({ newPassword: 'x' }));
    expect(reduce(s, loggedOut())).toEqual(initialAccountFormsState);
  });
});
