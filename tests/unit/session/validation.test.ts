import { describe, expect, it } from 'vitest';
import {
  EMAIL_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PASSWORD_LONG_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_SHORT_MESSAGE,
  emailError,
  isValidEmail,
  newPasswordError,
  safeRedirectPath,
  validateLoginForm,
  validateResetForm,
} from '../../../src/features/session/validation';

describe('e-mail pattern (SPEC §5)', () => {
  it.each(['ada@example.com', ' ada@example.com ', 'a.b+c@sub.example.co', 'x@y.z'])('accepts %s', (e) => {
    expect(isValidEmail(e)).toBe(true);
    expect(emailError(e)).toBeNull();
  });
  it.each(['', 'ada', 'ada@example', 'ada.example.com', '@example.com', 'ada@.', 'a da@example.com', 'ada@@example.com'])('refuses %j', (e) => {
    expect(emailError(e)).toBe('Please enter a valid email address with "@" and "."');
  });
});

describe('new password (SPEC §5)', () => {
  it('needs 8 to 128 characters', () => {
    expect(newPasswordError('1234567')).toBe('Password must be at least 8 characters long');
    expect(newPasswordError('12345678')).toBeNull();
    expect(newPasswordError('x'.repeat(128))).toBeNull();
    expect(newPasswordError('x'.repeat(129))).toBe(PASSWORD_LONG_MESSAGE);
  });
});

describe('login and sign-up forms', () => {
  it('login needs a valid e-mail and a password (any length)', () => {
    expect(validateLoginForm('login', { name: '', email: 'nope', password: '' })).toEqual({ email: EMAIL_MESSAGE, password: PASSWORD_REQUIRED_MESSAGE });
    expect(validateLoginForm('login', { name: '', email: 'ada@example.com', password: 'x' })).toEqual({});
  });
  it('sign-up also needs a name and a password of 8+ characters', () => {
    expect(validateLoginForm('signup', { name: '  ', email: 'ada@example', password: 'short' })).toEqual({
      name: NAME_REQUIRED_MESSAGE,
      email: EMAIL_MESSAGE,
      password: PASSWORD_SHORT_MESSAGE,
    });
    expect(validateLoginForm('signup', { name: 'Ada', email: 'ada@example.com', password: 'long enough' })).toEqual({});
  });
});

describe('reset form (SPEC §5)', () => {
  it('checks the length, then the confirmation', () => {
    expect(validateResetForm({ password: 'short', confirm: 'short' })).toEqual({ password: 'Password must be at least 8 characters long' });
    expect(validateResetForm({ password: 'long enough', confirm: 'long enougH' })).toEqual({ confirm: 'Passwords do not match' });
    expect(validateResetForm({ password: 'short', confirm: '' })).toEqual({ password: PASSWORD_SHORT_MESSAGE, confirm: PASSWORD_MISMATCH_MESSAGE });
    expect(validateResetForm({ password: 'long enough', confirm: 'long enough' })).toEqual({});
  });
});

describe('redirect-after-login targets', () => {
  it('keeps paths inside the app only', () => {
    expect(safeRedirectPath('/cart')).toBe('/cart');
    expect(safeRedirectPath('/collection?category=Figures#top')).toBe('/collection?category=Figures#top');
    for (const bad of [null, 42, '', 'cart', '//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/login', '/login?x', '/forgot-password', '/reset-password/t', `/${'x'.repeat(600)}`, '/a\nb']) {
      expect(safeRedirectPath(bad), String(bad)).toBeNull();
    }
  });
});
