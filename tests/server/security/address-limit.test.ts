/**
 * One address cannot take the server for itself: RATE_LIMIT_MAX is a real
 * per-address limit over the API, the pages and the pictures; uncached page renders (the expensive
 * path) run a few at a time, and one that waited 500 ms for its turn gets the client-rendered shell
 * with 503 + Retry-After instead of stalling every page; and only query values the store knows make
 * HTML cache entries, so random query strings cannot push useful pages out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { canonicalUrl, HtmlCache } from '../../../server/ssr/htmlCache';
import { createPageRenderer, inProcessTransport, type ServerEntry } from '../../../server/ssr/render';
import { RenderGate } from '../../../server/ssr/renderGate';
import type { RenderedPage } from '../../../src/entry-server';
import { buildTestApp, type TestApp } from '../helpers';

const MAX = 12;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: { max: MAX, windowMs: 60_000 } } });
});
afterAll(() => t?.close());

describe('RATE_LIMIT_MAX per client address', () => {
  it('counts the API, pages and pictures together; past it 429 with Retry-After; another address goes on', async () => {
    const from = '203.0.113.40';
    const kinds = [
      () => t.app.inject({ method: 'POST', url: '/api/cart/get', remoteAddress: from }),
      () => t.app.inject({ method: 'GET', url: '/img/p/s1.svg?k=gadget&c=red', remoteAddress: from }),
      () => t.app.inject({ method: 'GET', url: '/about', remoteAddress: from }),
      () => t.app.inject({ method: 'GET', url: '/api/product/list', remoteAddress: from }),
    ];
    for (let i = 0; i < MAX; i++) expect((await kinds[i % kinds.length]()).statusCode, String(i)).not.toBe(429);
    for (const kind of kinds) {
      const res = await kind();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/cart/get', remoteAddress: from })).json().message).toMatch(/^Too many requests from your address\. Please try again in \d+ seconds?\.$/);
    // Health checks (a load balancer's probes) are not counted; another address has its own budget.
    expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: from })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/product/list', remoteAddress: '203.0.113.41' })).statusCode).toBe(200);
  });
});

describe("the server render's own requests", () => {
  it('are not counted against one address: every page rendered for every shopper gets its data', async () => {
    const transport = inProcessTransport(t.app);
    for (let i = 0; i < MAX + 5; i++) {
      const res = await transport.fetch(new Request(`${transport.origin}/api/product/list`));
      expect(res.status, String(i)).toBe(200);
    }
    // The mark is this process's own: a client sending the header's name with another value is counted.
    const forged = { 'x-layerloft-in-process': 'guess' };
    const from = '203.0.113.50';
    for (let i = 0; i < MAX; i++) await t.app.inject({ method: 'GET', url: '/api/product/list', remoteAddress: from, headers: forged });
    expect((await t.app.inject({ method: 'GET', url: '/api/product/list', remoteAddress: from, headers: forged })).statusCode).toBe(429);
  });
});

describe('the HTML cache key of the store page', () => {
  it('maps values the store does not know onto the page they show, and keeps no search or unknown colour', () => {
    for (let i = 0; i < 20; i++) {
      const junk = Math.random().toString(36).slice(2);
      expect(canonicalUrl(`/collection?category=${junk}&sort=${junk}&subCategory=${junk}&options=${junk}&section=${junk}`)).toBe('/collection');
      expect(canonicalUrl(`/collection?category=Figures&brand=${junk}`)).toBe('/collection?category=Figures');
      expect(canonicalUrl(`/collection?q=${junk}`)).toBeNull();
      expect(canonicalUrl(`/collection?color=${junk}`)).toBeNull();
      expect(canonicalUrl(`/collection?page=${1000 + i}`)).toBeNull();
    }
    expect(canonicalUrl('/collection?category=figures&sort=price-asc&color=Red')).toBe('/collection?category=Figures&color=Red&sort=price-asc');
  });
});

describe('uncached renders', () => {
  it('the gate runs at most `limit` at once and turns away a request that waited its full time', async () => {
    const gate = new RenderGate(1, 30);
    let release!: () => void;
    const first = gate.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    expect(gate.active).toBe(1);
    expect(await gate.run(async () => 'second')).toEqual({ entered: false });
    const third = gate.run(async () => 'third');
    release();
    expect(await first).toEqual({ entered: true, value: 'first' });
    expect(await third).toEqual({ entered: true, value: 'third' });
    expect(gate.active).toBe(0);
  });

  it('while every slot is taken, an uncached page gets the client-rendered shell and 503; a cached page is still served', async () => {
    const SHELL = '<!doctype html><html><head><title>LayerLoft</title></head><body><div id="root"></div></body></html>';
    const held: { until?: Promise<void> } = {};
    const entry: ServerEntry = {
      async render({ url }) {
        await held.until;
        return { status: 200, markup: `<main>${url}</main>`, styles: '', data: { api: {} }, shared: {} } as unknown as RenderedPage;
      },
    };
    const gate = new RenderGate(1, 30);
    const renderer = createPageRenderer(t.app, entry, async () => SHELL, new HtmlCache(10), undefined, gate);
    expect((await renderer.render('/about')).cache).toBe('miss');
    let release!: () => void;
    held.until = new Promise<void>((resolve) => (release = resolve));
    const slow = renderer.render('/contact');
    // A page reads its data version before it queues for a slot: on PostgreSQL the next page's read
    // can come back first, so wait until the slow page holds the slot.
    await vi.waitFor(() => expect(gate.active).toBe(1));
    const busy = await renderer.render('/collection?category=Figures');
    expect(busy.status).toBe(503);
    expect(busy.cache).toBe('busy');
    expect(busy.html).toContain('<div id="root"></div>');
    const cached = await renderer.render('/about');
    expect(cached.cache).toBe('hit');
    expect(cached.html).toContain('<main>/about</main>');
    release();
    expect((await slow).status).toBe(200);
  });
});
