import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * Every failed call reaches screens as `{ status, message }` (SPEC §8: "the server message or
 * the network error message"). `status` is the HTTP status, or a string for failures without one.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  /** An editor's 400 (staff API): each bad field's message, by its path (`accessories[0].price`). */
  fields?: Record<string, string>;
  /** Checkout's 409 when stock ran short: the cart lines lowered to what is left (0 = removed). */
  cart?: Array<{ key: string; quantity: number }>;
}

function cartOf(data: unknown): Array<{ key: string; quantity: number }> | null {
  const c = data && typeof data === 'object' && 'cart' in data ? (data as { cart: unknown }).cart : null;
  if (!Array.isArray(c)) return null;
  return c.filter((l): l is { key: string; quantity: number } => !!l && typeof l.key === 'string' && typeof l.quantity === 'number').map((l) => ({ key: l.key, quantity: l.quantity }));
}

function fieldsOf(data: unknown): Record<string, string> | null {
  const f = data && typeof data === 'object' && 'fields' in data ? (data as { fields: unknown }).fields : null;
  if (!f || typeof f !== 'object' || Array.isArray(f)) return null;
  const out = Object.fromEntries(Object.entries(f).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return Object.keys(out).length ? out : null;
}

function messageOf(data: unknown): string | null {
  if (data && typeof data === 'object' && 'message' in data) {
    const m = (data as { message: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
  }
  return null;
}

/** 'TypeError: Failed to fetch' → 'Failed to fetch' (what `error.message` shows in a browser). */
function stripErrorName(text: string): string {
  return text.replace(/^[A-Za-z]*Error:\s*/, '');
}

/** Normalises a fetchBaseQuery failure. */
export function normaliseFetchError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status === 'number') {
    const fields = fieldsOf(error.data);
    const cart = cartOf(error.data);
    return { status: error.status, message: messageOf(error.data) ?? `Request failed with status ${error.status}`, ...(fields ? { fields } : {}), ...(cart ? { cart } : {}) };
  }
  switch (error.status) {
    case 'FETCH_ERROR':
      return { status: 'FETCH_ERROR', message: stripErrorName(error.error) || 'Network error' };
    case 'TIMEOUT_ERROR':
      return { status: 'TIMEOUT_ERROR', message: stripErrorName(error.error) || 'The request timed out' };
    case 'PARSING_ERROR':
      return {
        status: error.originalStatus,
        message: messageOf(error.data) ?? `Unexpected response from the server (status ${error.originalStatus})`,
      };
    default:
      return { status: 'CUSTOM_ERROR', message: stripErrorName(error.error) || 'Something went wrong' };
  }
}

/** A 2xx body that still says `{ success: false }` is a failure too. */
export function failureInBody(data: unknown): string | null {
  if (data && typeof data === 'object' && 'success' in data && (data as { success: unknown }).success === false) {
    return messageOf(data) ?? 'Request failed';
  }
  return null;
}

/** The text a screen shows for an error from an RTK Query hook (ours, or a serialized JS error). */
export function errorMessage(error: ApiError | SerializedError | FetchBaseQueryError | undefined | null): string {
  if (!error) return '';
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  if ('status' in error && error.status !== undefined) return normaliseFetchError(error as FetchBaseQueryError).message;
  return 'Something went wrong';
}

/**
 * The server's own message in a failed call, or null: SPEC §8 shows "the server message or"
 * a feature's own fallback text (chat, My Orders), so a network failure or a reply without a message gets the fallback.
 */
export function serverMessage(error: unknown): string | null {
  const e = error as { status?: unknown; message?: unknown } | null | undefined;
  if (!e || typeof e.status !== 'number' || typeof e.message !== 'string') return null;
  if (!e.message.trim() || /^Request failed(?: with status \d+)?$/.test(e.message)) return null;
  return e.message;
}
