import { readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { SSR_ENTRY, type RenderInput, type ServerEntry, type SharedData } from '../../src/domain/renderContract';
import { cacheText, type CachedBody } from '../lib/cachedBody';
import { IN_PROCESS_HEADERS } from '../lib/inProcessRequest';
import { activeBundlesKey, canonicalUrl, HtmlCache } from './htmlCache';
import { RenderGate } from './renderGate';
import { pageHtml, withInlineStylesheets, withoutModulePreloads } from './template';

/** How long a page waits for a render slot before it gets the client-rendered shell and a 503. */
export const RENDER_MAX_WAIT_MS = 500;
/** About two uncached renders per core at once (RENDER_CONCURRENCY overrides). */
export const defaultRenderConcurrency = () => 2 * availableParallelism();

/**
 * Renders pages per request with the app's server entry (src/entry-server.tsx, built into
 * dist/ssr/ by `npm run build`): the endpoints the render asks are answered in-process by
 * `app.inject`, through the same routes a browser calls.
 */
export interface PageRenderer {
  /**
   * The page; `cache` says whether the anonymous HTML cache answered (`none`: a page it never keeps).
   * A hit carries `body`, the page's bytes compressed once for every later hit: a cached page then
   * costs what the product list costs (a lookup and a send), not a compression per request.
   */
  render(url: string): Promise<{ status: number; html: string; cache: 'hit' | 'miss' | 'none' | 'busy'; body?: CachedBody }>;
}

/**
 * What the server adds to a page before it is served or kept (its meta tags: server/lib/spaMeta.ts),
 * written into the shell (index.html) the render then goes in: a few KB to search and copy, not
 * the whole page.
 */
export type PageDecorator = (url: string, html: string) => Promise<string>;

export { SSR_ENTRY, type ServerEntry };

/** An origin for the render's request URLs; the transport uses only their path and query. */
const INTERNAL_ORIGIN = 'http://layerloft.internal';

/** What the render's endpoints reach: this app, in-process, as a browser without a token. */
export function inProcessTransport(app: FastifyInstance): RenderInput['transport'] {
  return {
    origin: INTERNAL_ORIGIN,
    async fetch(request) {
      const url = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
      const res = await app.inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        // Marked as the server's own: not counted against one address's budget (lib/inProcessRequest.ts).
        headers: { ...Object.fromEntries(request.headers), ...IN_PROCESS_HEADERS },
        ...(body ? { payload: body } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
      }
      return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
    },
  };
}

/** How often (ms) a render may check whether index.html changed (a rebuild under a running server). */
const TEMPLATE_CHECK_INTERVAL_MS = 1000;

/** The built index.html, prepared once per build (re-read when the file changes, seen within a second). */
function templateReader(distDir: string): () => Promise<string> {
  const file = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  let checkedAt = 0;
  return async () => {
    if (cached && Date.now() - checkedAt < TEMPLATE_CHECK_INTERVAL_MS) return cached.html;
    checkedAt = Date.now();
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const built = await readFile(file, 'utf8');
      const html = withoutModulePreloads(withInlineStylesheets(built, (href) => readFileSync(path.join(distDir, href), 'utf8')));
      cached = { mtimeMs, html };
    }
    return cached.html;
  };
}

/** What every render depends on besides its URL: any change makes cached pages stale, on every instance. */
async function dataVersion(app: FastifyInstance): Promise<string> {
  const [catalog, settings, bundles] = await Promise.all([app.catalog.version(), app.settings.get(), app.catalog.listBundles()]);
  return `${catalog}|${JSON.stringify(settings)}|${activeBundlesKey(bundles, Date.now())}`;
}

/** A cached product page's key: `/product/<id>` (canonical, lower-case). */
const PRODUCT_PAGE = /^\/product\/([0-9a-f]{24})$/;

/**
 * What a cached page's own dates are. A product page states when it ships (the only page the server
 * renders dates on): its entry is kept while those statements are the same — the statements
 * themselves are the key, not the print queue's version, which moves with every paid order
 * (keying every page by it rendered the whole shop anew at each sale) while most orders move no
 * page's date. A shelf emptying or the day turning changes the statements, so the page renders anew.
 */
async function pageDatesKey(app: FastifyInstance, key: string): Promise<string> {
  const id = PRODUCT_PAGE.exec(key)?.[1];
  const product = id === undefined ? undefined : await app.catalog.getProduct(id);
  return product ? JSON.stringify(await app.shipBy.forProduct(product)) : '';
}

export function createPageRenderer(
  app: FastifyInstance,
  entry: ServerEntry,
  template: () => Promise<string>,
  cache = new HtmlCache(),
  decorate: PageDecorator = async (_url, html) => html,
  gate = new RenderGate(Number.POSITIVE_INFINITY, RENDER_MAX_WAIT_MS),
): PageRenderer {
  const transport = inProcessTransport(app);
  // The guest's answers of the shared endpoints (catalog, bundles, settings) from earlier renders,
  // for the data version they were fetched under: a render starts from them and asks the API only
  // for what they lack. The HTML is still rendered anew for every request the HTML cache misses.
  let shared: { version: string; data: SharedData } | undefined;
  /** Too many renders at once: the shell the client renders itself (what a client-only build serves), 503. */
  const busyPage = async (url: string) => ({ status: 503, html: await template().then((html) => decorate(url, html)), cache: 'busy' as const });
  const renderPage = async (url: string, version: string) => {
    const seed = shared?.version === version ? shared.data : undefined;
    const [page, shell] = await Promise.all([entry.render({ url, transport, ...(seed ? { seed } : {}) }), template().then((html) => decorate(url, html))]);
    // Kept only if the data did not change while the render fetched it (else it is the next version's).
    if (page.shared !== seed && (await dataVersion(app)) === version) shared = { version, data: page.shared };
    return { status: page.status, html: pageHtml(shell, page) };
  };
  type Rendered = Awaited<ReturnType<PageRenderer['render']>>;
  /** Renders of cacheable pages under way, by page and version: one render serves every request that missed meanwhile. */
  const inFlight = new Map<string, Promise<Rendered>>();
  return {
    async render(url) {
      // Every visitor gets the guest's render (the shopper's own parts fill in on the client), so
      // the render of a canonical URL serves every URL that means the same page.
      const key = canonicalUrl(url);
      // Read before the render, both at once (each is a read or two of the database, and a page
      // waits for every read in turn): dates that move while it runs leave it under the older key,
      // so the next request renders anew.
      const [version, datesKey] = await Promise.all([dataVersion(app), key === null ? '' : pageDatesKey(app, key)]);
      if (key === null) {
        const fresh = await gate.run(() => renderPage(url, version));
        return fresh.entered ? { ...fresh.value, cache: 'none' } : busyPage(url);
      }
      const pageVersion = `${version}|${datesKey}`;
      const hit = cache.get(key, pageVersion);
      if (hit) {
        hit.body ??= cacheText(hit.html, 10);
        return { ...hit, cache: 'hit' };
      }
      // After a catalog change every visitor of a page misses at once: they wait for one render of it.
      const flight = `${key}\n${pageVersion}`;
      const running = inFlight.get(flight);
      if (running) return { ...(await running) };
      const rendering = (async (): Promise<Rendered> => {
        const fresh = await gate.run(() => renderPage(key, version));
        if (!fresh.entered) return busyPage(url);
        cache.set(key, pageVersion, fresh.value);
        return { ...fresh.value, cache: 'miss' };
      })().finally(() => inFlight.delete(flight));
      inFlight.set(flight, rendering);
      return rendering;
    },
  };
}

/** The renderer of a build: dist/index.html around the bundle `entryFile`, each page `decorate`d. */
export async function loadBuiltRenderer(app: FastifyInstance, distDir: string, entryFile: string, decorate?: PageDecorator): Promise<PageRenderer> {
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const gate = new RenderGate(app.config.renderConcurrency ?? defaultRenderConcurrency(), RENDER_MAX_WAIT_MS);
  return createPageRenderer(app, entry, templateReader(distDir), new HtmlCache(app.config.htmlCacheEntries), decorate, gate);
}
