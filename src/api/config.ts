import { trimEndChars } from '../domain/text';

/**
 * Where the backend lives. Same origin by default (the server serves the SPA, and Vite's dev
 * server proxies /api and /img); `VITE_API_URL` points the client at another origin.
 */
function configuredBase(): string {
  const raw = (import.meta.env.VITE_API_URL as string | undefined) ?? '';
  return trimEndChars(raw.trim(), '/');
}

/**
 * Base url for API calls. An absolute origin is used even for same-origin so that requests
 * are also well-formed outside a browser page (jsdom tests, where relative urls do not parse).
 */
export function apiBaseUrl(): string {
  const base = configuredBase();
  if (base) return base;
  return typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null'
    ? window.location.origin
    : '';
}

/** Resolves a server-relative asset path (`/img/p/...`) against the backend; other urls pass through. */
export function assetUrl(path: string | undefined | null, fallback = '/img/placeholder.svg'): string {
  const p = path && path.trim() ? path.trim() : fallback;
  if (!p.startsWith('/') || p.startsWith('//')) return p;
  return `${configuredBase()}${p}`;
}
