import type { Action, DevToolsEnhancerOptions } from '@reduxjs/toolkit';

/**
 * Redaction for anything that leaves the store for inspection: Redux DevTools now, a QA action
 * recorder later. Secrets are matched by key name (token, password, card data, reset tokens,
 * payment session ids) and, inside strings, by shape (JWTs, reset-password links, "token":"…"
 * fragments of RTK Query cache keys, card-like digit runs).
 */
export const REDACTED = '[REDACTED]';

const SECRET_KEY =
  /token|passw(?:or)?d|secret|authori[sz]ation|cookie|card|cvc|cvv|cvn|iban|security.?code|session_?id|session_?url|otp/i;

/** camelCase keys naming a payment session (`verifyingSession`), but not the `session` slice itself. */
const PAYMENT_SESSION_KEY = /^[a-z]\w*Session(?:Id)?$/;

const STRING_PATTERNS: Array<[RegExp, string]> = [
  // JWT-looking values anywhere.
  [/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g, REDACTED],
  // /reset-password/<token> in urls and router state.
  [/(reset-password\/)[^/?#\s"']+/gi, `$1${REDACTED}`],
  // "token":"…", "newPassword":"…" inside serialized cache keys or bodies.
  [
    /("[\w-]*(?:token|passw(?:or)?d|secret|card|cvc|cvv|session_?id)[\w-]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    `$1"${REDACTED}"`,
  ],
  // token=… / session_id=… query parameters.
  [/([?&](?:token|password|session_id|sessionId)=)[^&#\s"']+/gi, `$1${REDACTED}`],
  // 15–19 digit runs (card numbers); 13-digit ms timestamps stay readable.
  [/\b\d(?:[ -]?\d){14,18}\b/g, REDACTED],
];

function redactString(text: string): string {
  let out = text;
  for (const [pattern, replacement] of STRING_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Deep copy of `value` with secrets replaced by '[REDACTED]'. Never mutates its input; values
 * that are neither plain objects, arrays nor strings (functions, dates, errors) pass through.
 */
export function redact<T>(value: T): T {
  const seen = new WeakMap<object, unknown>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactString(v);
    if (Array.isArray(v)) {
      if (seen.has(v)) return seen.get(v);
      const copy: unknown[] = [];
      seen.set(v, copy);
      for (const item of v) copy.push(walk(item));
      return copy;
    }
    if (isPlainObject(v)) {
      if (seen.has(v)) return seen.get(v);
      const copy: Record<string, unknown> = {};
      seen.set(v, copy);
      for (const [k, item] of Object.entries(v)) {
        const key = redactString(k);
        // An empty field holds no secret: it stays '' so a replayed form starts as the recorded one did.
        const secret = (SECRET_KEY.test(k) || PAYMENT_SESSION_KEY.test(k)) && item !== null && item !== undefined && item !== '' && typeof item !== 'boolean';
        copy[key] = secret ? REDACTED : walk(item);
      }
      return copy;
    }
    return v;
  };
  return walk(value) as T;
}

export const actionSanitizer = <A extends Action>(action: A): A => redact(action);
export const stateSanitizer = <S>(state: S): S => redact(state);

/** Redux DevTools options (name, trace in development, bounded history, redaction). */
export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'LayerLoft',
  // `?.`: Node replay (scripts/replay.ts, run by tsx) loads this module without Vite's env.
  trace: import.meta.env?.DEV ?? false,
  traceLimit: 25,
  // A whole shopping session (browse, cart, login, checkout, chat) stays in the history.
  maxAge: 5000,
  actionSanitizer,
  stateSanitizer,
};

/** DevTools are on in development; a production build enables them only with VITE_DEVTOOLS=true. */
export const devToolsEnabled = import.meta.env?.DEV === true || import.meta.env?.VITE_DEVTOOLS === 'true';
