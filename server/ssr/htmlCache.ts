import { isBundleActive } from '../../src/domain/pricing';
import { routePattern, SHARED_ROUTES } from '../../src/domain/routes';
import type { Bundle } from '../../src/domain/types';
import type { CachedBody } from '../lib/cachedBody';
import { VersionedLru } from '../lib/versionedLru';
import { FILAMENT_COLORS } from '../../src/domain/colors';
import { own } from '../../src/domain/lookup';
import { trimEndChars } from '../../src/domain/text';
// The cache key must read the store's query exactly as the page does; the parser moves to src/domain next.
import { parseStoreQuery, serializeStoreQuery } from '../../src/domain/storeQuery';

/**
 * Anonymous HTML, cached: every visitor without a token gets the same render of a URL,
 * so a render is kept, keyed by the canonical URL, and served again while the data it was made
 * from is unchanged. The data's version is checked on every request: the catalog's shared version
 * (bumped by whichever instance changed products or bundles), the settings, and the set of bundles
 * active right now (a bundle starting or ending changes pages without any write).
 */

/** Store pages beyond this one are rendered, never kept (the catalog fills a handful). */
const MAX_CACHED_PAGE = 20;
/**
 * Pages whose render depends on the URL's path (and, for the store, its known parameters) only: the
 * route table's pages that every visitor sees alike.
 */
const CACHEABLE = routePattern(SHARED_ROUTES);

/**
 * The canonical form of a page URL, or null when the page is not cached (a shopper's own page, or
 * one that reads its query): no trailing slash, lower-case ids, only the store's known parameters,
 * in a fixed order (a repeated parameter keeps its values' order), empty values dropped.
 */
export function canonicalUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://canonical.invalid');
  } catch {
    return null;
  }
  const pathname = parsed.pathname.length > 1 ? trimEndChars(parsed.pathname, '/').toLowerCase() : '/';
  if (!CACHEABLE.test(pathname)) return null;
  if (pathname !== '/collection') return pathname;
  // The store page as the app reads its query: values it does not know (a random category, sort
  // or filter) change nothing on the page, so they share the key of the page they show, and no
  // query string can make new entries that push useful pages out. A search text or a colour not
  // in the filament table is a page of its own: rendered, never kept.
  const view = parseStoreQuery(parsed.searchParams);
  if (view.search || view.page > MAX_CACHED_PAGE || view.colors.some((c) => own(FILAMENT_COLORS, c.toLowerCase().replace(/[\s_-]+/g, '')) === undefined)) return null;
  const search = serializeStoreQuery(view);
  return search ? `${pathname}?${search}` : pathname;
}

/** The ids of the bundles active at `now`: pages change when this does. */
export function activeBundlesKey(bundles: readonly Bundle[], now: number): string {
  return bundles
    .filter((b) => isBundleActive(b, now))
    .map((b) => b._id)
    .join(',');
}

export interface CachedPage {
  status: number;
  html: string;
  /** Its bytes in every encoding, made on the first hit (a page served once is never compressed ahead). */
  body?: CachedBody;
}

/** A bounded least-recently-used map of rendered pages, each tagged with the data version it was made from. */
export class HtmlCache extends VersionedLru<CachedPage> {
  constructor(maxEntries = 500) {
    super(maxEntries);
  }
}
