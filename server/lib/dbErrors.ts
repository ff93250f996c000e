/**
 * Telling "the database cannot be reached" apart from every other failure, so the API answers a
 * clear 503 (and the client says so) instead of a generic 500 while PostgreSQL is down or the
 * network to it is cut. Nothing here keeps state: the pool makes new connections on the next
 * request, so service comes back by itself when the database does.
 */

export const DB_UNAVAILABLE_MESSAGE = 'The store cannot reach its database right now. Please try again in a moment.';
/** Every pooled connection stayed busy past the pool's wait (overload, not an outage). */
export const DB_BUSY_MESSAGE = 'The store is very busy right now. Please try again in a moment.';
/** Seconds a client should wait before retrying (the Retry-After of the 503). */
export const DB_RETRY_AFTER_SECONDS = 5;

/** Node socket errors on the way to the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/**
 * PostgreSQL SQLSTATEs that mean "not serving now": class 08 (connection exception), 57P01–57P03
 * (shutdown, crash shutdown, cannot connect now) and 53300 (too many connections).
 */
const PG_UNAVAILABLE = /^(?:08\d{3}|57P0[123]|53300)$/;
/** node-postgres reports a dropped or timed-out connection with these messages (no code). */
const PG_MESSAGES = /Connection terminated|connection timeout|timeout expired|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end/i;

/** True when `err` (or any error in its `cause` chain, e.g. Drizzle's DrizzleQueryError) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
    if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The innermost cause's code or message, for the log (Drizzle's own message carries the SQL and its parameters). */
export function databaseErrorReason(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (e as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== 'object') break;
    e = cause;
  }
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return [code, message].filter((x) => typeof x === 'string' && x).join(': ') || 'unknown';
}

/** True when the pool gave up waiting for a free connection (node-postgres: "timeout exceeded when trying to connect"). */
export function isDatabaseBusy(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    if (/timeout exceeded when trying to connect/i.test(String((e as { message?: unknown }).message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
