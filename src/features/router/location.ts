import { isPlain } from '@reduxjs/toolkit';
import type { AppLocation } from '../../store/events';

/** The location of an absolute path such as '/collection?category=Figures#top' (never throws). */
export function locationOf(to: string, state: unknown = null): AppLocation {
  const hashAt = to.indexOf('#');
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = beforeHash.indexOf('?');
  const pathname = searchAt >= 0 ? beforeHash.slice(0, searchAt) : beforeHash;
  const search = searchAt >= 0 ? beforeHash.slice(searchAt) : '';
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  return {
    pathname: pathname.startsWith('/') ? pathname : `/${pathname}`,
    // react-router spells an empty query or fragment as '' (never a lone '?' or '#').
    search: search === '?' ? '' : search,
    hash: hash === '#' ? '' : hash,
    state: plainOrNull(state),
  };
}

/** The url of a location, as a link would write it. */
export function hrefOf(location: Pick<AppLocation, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * History state kept in the store only when it is plain data all the way down (what the
 * serializability check, a QA log and a replay can hold); anything else reads as null.
 */
export function plainOrNull(state: unknown): unknown {
  if (state === undefined || state === null) return null;
  return isPlainDeep(state, 0) ? state : null;
}

function isPlainDeep(value: unknown, depth: number): boolean {
  if (depth > 20) return false;
  if (value === null || ['string', 'boolean'].includes(typeof value)) return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => isPlainDeep(v, depth + 1));
  if (typeof value === 'object' && isPlain(value)) return Object.values(value as object).every((v) => isPlainDeep(v, depth + 1));
  return false;
}

/** The router's location (react-router's `Location`) as the store keeps it. */
export function mirrorOf(location: { pathname: string; search: string; hash: string; state?: unknown }): AppLocation {
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: plainOrNull(location.state) };
}

/** Same url and same (plain) history state. */
export function sameLocation(a: AppLocation, b: AppLocation): boolean {
  return a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && JSON.stringify(a.state) === JSON.stringify(b.state);
}
