/**
 * Form rules of the account pages (SPEC §5), as pure functions so tests pin them. Messages are
 * the exact texts of the specification where it gives one.
 */
import type { UserRole } from '../../domain/types';

export const EMAIL_MESSAGE = 'Please enter a valid email address with "@" and "."';
export const PASSWORD_SHORT_MESSAGE = 'Password must be at least 8 characters long';
export const PASSWORD_LONG_MESSAGE = 'Password must be at most 128 characters long';
export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match';
export const PASSWORD_REQUIRED_MESSAGE = 'Please enter your password';
export const NAME_REQUIRED_MESSAGE = 'Please enter your name';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type LoginMode = 'login' | 'signup';

/** The basic pattern of SPEC §5: something, '@', something, '.', something — no spaces. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@][^\s.@]*\.[^\s@]+$/.test(email.trim());
}

export function emailError(email: string): string | null {
  return isValidEmail(email) ? null : EMAIL_MESSAGE;
}

/** A new password (sign-up, reset): 8 to 128 characters, as the server requires. */
export function newPasswordError(password: string): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX) return PASSWORD_LONG_MESSAGE;
  return null;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface LoginForm {
  name: string;
  email: string;
  password: string;
}

/** Login needs a valid e-mail and a password; sign-up also a name and a password of 8+ characters. */
export function validateLoginForm(mode: LoginMode, form: LoginForm): FieldErrors<keyof LoginForm> {
  const errors: FieldErrors<keyof LoginForm> = {};
  if (mode === 'signup' && !form.name.trim()) errors.name = NAME_REQUIRED_MESSAGE;
  const email = emailError(form.email);
  if (email) errors.email = email;
  if (mode === 'signup') {
    const pw = newPasswordError(form.password);
    if (pw) errors.password = pw;
  } else if (!form.password) {
    errors.password = PASSWORD_REQUIRED_MESSAGE;
  }
  return errors;
}

export interface ResetForm {
  password: string;
  confirm: string;
}

/** Reset password: 8+ characters and a matching confirmation (SPEC §5). */
export function validateResetForm(form: ResetForm): FieldErrors<keyof ResetForm> {
  const errors: FieldErrors<keyof ResetForm> = {};
  const pw = newPasswordError(form.password);
  if (pw) errors.password = pw;
  if (form.confirm !== form.password) errors.confirm = PASSWORD_MISMATCH_MESSAGE;
  return errors;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * A redirect-after-login target is kept only when it is a path inside this app: it starts with a
 * single '/', is not the login page itself, and has no scheme or backslash tricks.
 */
export function safeRedirectPath(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  const p = path.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!p.startsWith('/') || p.startsWith('//') || p.includes('\\') || /[\u0000-\u001f]/.test(p)) return null;
  if (p.length > 512) return null;
  const pathname = p.split(/[?#]/)[0];
  if (pathname === '/login' || pathname === '/forgot-password' || pathname.startsWith('/reset-password')) return null;
  return p;
}

/** The staff console's home. */
export const STAFF_HOME = '/staff';

/** True for the staff console's paths (`/staff`, `/staff/orders/…`), not for `/staffroom`. */
export function isStaffPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0];
  return pathname === STAFF_HOME || pathname.startsWith(`${STAFF_HOME}/`);
}

/**
 * Where a login lands: staff in the console — at the stored target only when that is a
 * console page itself (a guest sent to /login from `/staff/orders/…`), else at `/staff`; shoppers
 * at the stored target (unless it is a console page) or home.
 */
export function landingPath(role: UserRole | null | undefined, redirectAfterLogin: string | null): string {
  const target = safeRedirectPath(redirectAfterLogin);
  if (role === 'staff') return target && isStaffPath(target) ? target : STAFF_HOME;
  // A console page left behind by a staff logout on this browser is no shopper's target.
  return target && !isStaffPath(target) ? target : '/';
}
