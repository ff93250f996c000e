import type { FastifyInstance } from 'fastify';
import { isBundleActive } from '../../src/domain/pricing';
import { isListed } from '../../src/domain/listing';
import { ROUTES, UNINDEXED_PREFIXES, type AppRoute } from '../../src/domain/routes';
import { categoryHref, visibleMainCategories } from '../../src/domain/taxonomy';
import { publicOrigin } from '../lib/publicOrigin';

/**
 * For search engines: `sitemap.xml` lists the pages the store shows anyone — the public
 * static routes, the store's page of each category the settings do not hide, every listed product
 * (not notAvailableYet, not hidden by the settings) and every bundle active now; `robots.txt` points at it and keeps crawlers out of the shopper's own pages.
 * Every URL is built from the configured origin (PUBLIC_URL), never from the request.
 */
export const PUBLIC_ROUTES: readonly string[] = ROUTES.filter((r: AppRoute) => r.indexing === 'page').map((r) => r.path);
/**
 * Pages that are a shopper's own or a step of a flow (the route table's unindexed pages), and the
 * API and payment paths: never in the sitemap, disallowed to crawlers.
 */
export const PRIVATE_ROUTES: readonly string[] = [...UNINDEXED_PREFIXES, '/api/', '/pay/'];

/** The shop's mark (the same as index.html's icon), for browsers that ask for /favicon.ico. */
const FAVICON =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><rect x='4' y='25' width='32' height='9' rx='4.5' fill='#0F7C74'/><rect x='8' y='15.5' width='24' height='9' rx='4.5' fill='#F4B53F'/><rect x='12' y='6' width='16' height='9' rx='4.5' fill='#E4572E'/></svg>";

function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export async function sitemapUrls(app: FastifyInstance, now = Date.now()): Promise<string[]> {
  const origin = publicOrigin(app);
  const [products, bundles, settings] = await Promise.all([app.catalog.listProducts(), app.catalog.listBundles(), app.settings.get()]);
  return [
    ...PUBLIC_ROUTES.map((p) => `${origin}${p}`),
    ...visibleMainCategories(settings.hiddenCategories).map((c) => `${origin}${categoryHref(c)}`),
    ...products.filter((p) => isListed(p, settings)).map((p) => `${origin}/product/${p._id}`),
    ...bundles.filter((b) => isBundleActive(b, now)).map((b) => `${origin}/bundle/${b._id}`),
  ];
}

export function registerSeoRoutes(app: FastifyInstance): void {
  app.get('/sitemap.xml', async (_request, reply) => {
    const urls = await sitemapUrls(app);
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((u) => `  <url><loc>${xmlEscape(u)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.header('Cache-Control', 'no-cache').type('application/xml; charset=utf-8').send(body);
  });

  app.get('/robots.txt', async (_request, reply) => {
    const body = ['User-agent: *', ...PRIVATE_ROUTES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicOrigin(app)}/sitemap.xml`, ''].join('\n');
    return reply.header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send(body);
  });

  for (const url of ['/favicon.ico', '/favicon.svg']) {
    app.get(url, async (_request, reply) => reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON));
  }
}
