import { describe, expect, it } from 'vitest';
import type { Bundle } from '../../../src/domain/types';
import { loadConfig } from '../../../server/config';
import { activeBundlesKey, canonicalUrl, HtmlCache } from '../../../server/ssr/htmlCache';
import { DEFAULT_QUERY, parseStoreQuery, serializeStoreQuery } from '../../../src/domain/storeQuery';

describe('canonicalUrl (the anonymous HTML cache key)', () => {
  it('keeps only the store page’s known parameters, in a fixed order, values in their order, empty ones dropped', () => {
    expect(canonicalUrl('/collection?page=2&utm_source=x&category=Figures&color=red&color=blue&q=')).toBe('/collection?category=Figures&color=red&color=blue&page=2');
    expect(canonicalUrl('/collection?category=Figures&page=2')).toBe(canonicalUrl('/collection/?page=2&category=Figures&ref=mail'));
    expect(canonicalUrl('/collection?color=blue&color=red')).not.toBe(canonicalUrl('/collection?color=red&color=blue'));
  });

  it('knows every parameter the store writes: a rating-filtered or top-rated page never shares the plain one’s entry', () => {
    expect(canonicalUrl('/collection?rating=4')).toBe('/collection?rating=4');
    expect(canonicalUrl('/collection?sort=top-rated')).toBe('/collection?sort=top-rated');
    const everything = serializeStoreQuery({
      ...DEFAULT_QUERY,
      category: 'Figures',
      subCategories: ['MARVEL'],
      subSubCategories: ['Male'],
      colors: ['Red'],
      availability: ['inStock'],
      maxPrice: 80,
      section: 'bestsellers',
      minRating: 4,
      sort: 'top-rated',
      page: 2,
    });
    const kept = canonicalUrl(`/collection?${everything}`)!;
    expect(parseStoreQuery(kept.split('?')[1])).toEqual(parseStoreQuery(everything));
    expect(new Set(new URLSearchParams(kept.split('?')[1]).keys())).toEqual(new Set(new URLSearchParams(everything).keys()));
    // A search text is a page of its own: rendered, never kept.
    expect(canonicalUrl(`/collection?${everything}&q=knight`)).toBeNull();
  });

  it('drops the query, the trailing slash and the case of ids on other public pages', () => {
    expect(canonicalUrl('/product/ABCDEF0123456789ABCDEF01/?x=1')).toBe('/product/abcdef0123456789abcdef01');
    expect(canonicalUrl('/?qa=1')).toBe('/');
    expect(canonicalUrl('/about')).toBe('/about');
  });

  it('keeps no shopper page, no page that reads its query, and no unknown path', () => {
    for (const url of ['/cart', '/wishlist', '/orders', '/place-order', '/verify?orderId=1', '/login?redirect=/cart', '/reset-password/abc', '/no-such-page', '/product/not-an-id']) {
      expect(canonicalUrl(url), url).toBeNull();
    }
  });
});

describe('HtmlCache', () => {
  const page = (html: string) => ({ status: 200, html });

  it('answers only for the data version a page was made from', () => {
    const cache = new HtmlCache(10);
    cache.set('/', 'v1', page('one'));
    expect(cache.get('/', 'v1')).toEqual(page('one'));
    expect(cache.get('/', 'v2')).toBeUndefined();
    // The stale page is gone, not kept beside the new one.
    expect(cache.size).toBe(0);
  });

  it('is bounded: the least recently used page goes first', () => {
    const cache = new HtmlCache(2);
    cache.set('/a', 'v', page('a'));
    cache.set('/b', 'v', page('b'));
    expect(cache.get('/a', 'v')).toBeDefined();
    cache.set('/c', 'v', page('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('/b', 'v')).toBeUndefined();
    expect(cache.get('/a', 'v')).toEqual(page('a'));
    expect(cache.get('/c', 'v')).toEqual(page('c'));
  });

  it('keeps nothing when sized 0 (HTML_CACHE_ENTRIES=0: every request renders)', () => {
    const cache = new HtmlCache(0);
    cache.set('/a', 'v', page('a'));
    expect(cache.size).toBe(0);
    expect(cache.get('/a', 'v')).toBeUndefined();
  });
});

describe('HTML_CACHE_ENTRIES', () => {
  it('sizes the cache: 500 by default, 0 allowed, a negative or non-number refused', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).htmlCacheEntries).toBe(500);
    expect(loadConfig({ ...base, HTML_CACHE_ENTRIES: '0' }).htmlCacheEntries).toBe(0);
    expect(() => loadConfig({ ...base, HTML_CACHE_ENTRIES: '-1' })).toThrow(/HTML_CACHE_ENTRIES/);
    expect(() => loadConfig({ ...base, HTML_CACHE_ENTRIES: 'many' })).toThrow(/HTML_CACHE_ENTRIES/);
  });
});

describe('activeBundlesKey', () => {
  const bundle = (id: string, start: string, end: string): Bundle => ({ _id: id, startDate: start, endDate: end, cancelled: false }) as Bundle;

  it('changes when a bundle starts or ends, with no write to the data', () => {
    const bundles = [bundle('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'), bundle('b', '2026-01-15T00:00:00Z', '2026-03-01T00:00:00Z')];
    expect(activeBundlesKey(bundles, Date.parse('2026-01-10T00:00:00Z'))).toBe('a');
    expect(activeBundlesKey(bundles, Date.parse('2026-01-20T00:00:00Z'))).toBe('a,b');
    expect(activeBundlesKey(bundles, Date.parse('2026-02-10T00:00:00Z'))).toBe('b');
  });
});
