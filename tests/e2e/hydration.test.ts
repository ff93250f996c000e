/**
 * Server rendering (issue 16): every route arrives rendered and the app adopts that markup
 * (hydrateRoot) without a difference React has to repair, from the data in the page (no second
 * request for the catalog); after that the app stays a single-page app.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Product } from '../../src/domain/types';
import { baseUrl, newPage } from './browser';

async function api<T>(path: string): Promise<T> {
  return (await fetch(`${baseUrl()}${path}`)).json() as Promise<T>;
}

/** Console lines that mean the markup and the first client render differed. */
const HYDRATION_TROUBLE = /hydrat|server-rendered page differed|did not match/i;

/** Each route of SPEC §2; `{product}` and `{bundle}` stand for a real id. */
const ROUTES = [
  '/',
  '/collection',
  '/collection?category=Figures&page=2',
  '/product/{product}',
  '/bundle/{bundle}',
  '/about',
  '/contact',
  '/cart',
  '/wishlist',
  '/login',
  '/forgot-password',
  '/no-such-page',
];

describe('hydration of server-rendered pages', () => {
  let ids: { product: string; bundle: string };
  beforeAll(async () => {
    const { products } = await api<{ products: Product[] }>('/api/product/list');
    const { bundles } = await api<{ bundles: Bundle[] }>('/api/bundle/list');
    const now = Date.now();
    const bundle = bundles.find((b) => !b.cancelled && Date.parse(b.startDate) <= now && Date.parse(b.endDate) > now)!;
    ids = { product: products[0]!._id, bundle: bundle._id };
  });

  it.each(ROUTES)('%s hydrates with no hydration warning or error and no refetch of its data', async (pattern) => {
    const route = pattern.replace('{product}', ids.product).replace('{bundle}', ids.bundle);
    const page = await newPage();
    const messages: string[] = [];
    page.on('console', (msg) => messages.push(`${msg.type()}: ${msg.text()}`));
    const dataRequests: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/(product\/list|bundle\/list|settings)\b/.test(req.url())) dataRequests.push(req.url());
    });
    const response = await page.goto(route);
    expect(response!.status()).toBe(route === '/no-such-page' ? 404 : 200);
    // The app has taken over (its first effect ran after hydration committed).
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appReady)).toBe('true');
    expect(messages.filter((m) => HYDRATION_TROUBLE.test(m))).toEqual([]);
    // The unknown route's own 404 is reported by the console like any failed load: that one is expected.
    expect(page.errors.filter((e) => !(pattern === '/no-such-page' && /status of 404/.test(e)))).toEqual([]);
    expect(dataRequests).toEqual([]);
    await page.close();
  });

  it('navigation after the first load stays in the page (no new document)', async () => {
    const page = await newPage();
    const documents: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(req.url());
    });
    await page.goto('/');
    expect(documents).toHaveLength(1);
    await page.locator('header').getByRole('link', { name: /^store$/i }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/collection');
    await page.locator('a[href^="/product/"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/product\//);
    await expect(page.locator('main h1').first().textContent()).resolves.toBeTruthy();
    expect(documents).toHaveLength(1);
    expect(page.errors).toEqual([]);
  });
});
