import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isBundleActive, isPurchasable, salePrice } from '../../src/domain/pricing';
import { products } from '../../server/db/schema';
import { jsonForScript } from '../../server/lib/spaMeta';
import { bumpCatalogVersion } from '../../server/repositories/catalog';
import { useShellApp } from './helpers';

/**
 * Server-written page meta: /product/{id} and /bundle/{id} are served with their own
 * title, description, Open Graph tags and JSON-LD Product data, for crawlers and link previews
 * that run no JavaScript. A shell shaped like the built index.html stands in for dist/.
 */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>LayerLoft — 3D-printed figures, fidgets &amp; décor</title>
    <meta name="description" content="Default description." />
    <meta property="og:title" content="LayerLoft" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const shop = useShellApp(SHELL, { prefix: 'layerloft-dist-' });

function jsonLd(html: string): Record<string, unknown> & { offers: Record<string, string> } {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'a JSON-LD block').not.toBeNull();
  return JSON.parse(m![1]!);
}
const meta = (html: string, attr: string, key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('GET /product/{id} (the SPA shell with the product written in)', () => {
  it('has the title, description, Open Graph tags and a JSON-LD Product with price and availability', async () => {
    const p = shop.list.find((x) => isPurchasable(x) && x.discount > 0 && !x.preOrder)!;
    const res = await shop.t.app.inject(`/product/${p._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain(`<title>${p.name} | LayerLoft</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    expect(meta(html, 'property', 'og:title')).toBe(`${p.name} | LayerLoft`);
    expect(meta(html, 'property', 'og:type')).toBe('product');
    expect(meta(html, 'property', 'og:url')).toBe(`https://shop.example/product/${p._id}`);
    expect(meta(html, 'property', 'og:image')).toMatch(/^https:\/\/shop\.example\//);
    expect(meta(html, 'name', 'description')!.length).toBeLessThanOrEqual(160);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    // The SVG art is no picture the page shows (it shows raster ones, preloaded by the render itself).
    expect(html).not.toMatch(/<link rel="preload" as="image"[^>]*\.svg/);

    const ld = jsonLd(html);
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(p.name);
    expect(ld.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD', price: salePrice(p).toFixed(2), availability: 'https://schema.org/InStock' });
  });

  it('tells out-of-stock and pre-order apart', async () => {
    const out = shop.list.find((x) => x.outOfStock && !x.vaulted);
    const pre = shop.list.find((x) => isPurchasable(x) && x.preOrder);
    if (out) expect(jsonLd((await shop.t.app.inject(`/product/${out._id}`)).body).offers.availability).toBe('https://schema.org/OutOfStock');
    if (pre) expect(jsonLd((await shop.t.app.inject(`/product/${pre._id}`)).body).offers.availability).toBe('https://schema.org/PreOrder');
    expect(out ?? pre).toBeDefined();
  });

  it('escapes a name that tries to close the script or the attribute', async () => {
    const target = shop.list[1]!;
    const evil = 'Evil </script><script>alert(1)</script> "quoted" & <!-- figure';
    await shop.t.database.db.transaction(async (tx) => {
      await tx.update(products).set({ name: evil, description: `${evil} description` }).where(eq(products.id, target._id));
      await bumpCatalogVersion(tx);
    });
    shop.t.app.catalog.invalidateLocal();
    const html = (await shop.t.app.inject(`/product/${target._id}`)).body;
    // Exactly the shell's own script plus the JSON-LD block: nothing from the name became a tag.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--');
    expect(html).toContain('<title>Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;!-- figure | LayerLoft</title>');
    // The data still reads back as the same text.
    expect(jsonLd(html).name).toBe(evil);
    expect(jsonForScript({ a: '</script>' })).toBe('{"a":"\\u003c/script\\u003e"}');
  });

  it('serves the plain shell for an unknown or malformed id', async () => {
    for (const url of ['/product/aaaaaaaaaaaaaaaaaaaaaaaa', '/product/not-an-id', '/collection']) {
      const res = await shop.t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>LayerLoft — 3D-printed figures, fidgets &amp; décor</title>');
      expect(res.body).not.toContain('application/ld+json');
    }
  });
});

describe('GET /bundle/{id}', () => {
  it('has the bundle title, its price and a limited availability while active', async () => {
    const b = shop.bundles.find((x) => isBundleActive(x, Date.now()))!;
    const html = (await shop.t.app.inject(`/bundle/${b._id}`)).body;
    expect(html).toContain(`<title>${b.title} | LayerLoft</title>`);
    expect(meta(html, 'property', 'og:url')).toBe(`https://shop.example/bundle/${b._id}`);
    const ld = jsonLd(html);
    expect(ld.name).toBe(b.title);
    expect(ld.offers).toMatchObject({ price: b.price.toFixed(2), priceCurrency: 'USD', availability: 'https://schema.org/LimitedAvailability' });
  });
});
