import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { DESKTOP, newPage } from './browser';
import { makeFixtures, ROUTES, shopperPage, visit, type Fixtures, type SweepPage } from './routes';

/**
 * axe-core in the real browser over every route of SPEC §2 (issue 11): no serious or critical
 * violation. One shopper page and one guest page are reused for all routes.
 */
let fx: Fixtures;
let shopper: SweepPage;
let guest: SweepPage;

beforeAll(async () => {
  fx = await makeFixtures('a11y');
  shopper = await shopperPage(fx, DESKTOP);
  guest = await newPage(DESKTOP);
});

describe('accessibility (axe-core), title and description on every route', () => {
  for (const route of ROUTES) {
    it(`${route.name}: no serious or critical violations; title and description`, async () => {
      const page = route.as === 'shopper' ? shopper : guest;
      await visit(page, route, fx);
      expect(await axeViolations(page)).toEqual([]);
      // Each route names itself and has a description.
      await expect.poll(() => page.title()).toBe(route.title(fx));
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/\w{3,}/);
    });
  }
});

describe('page meta written by the server (for previews and crawlers that run no JavaScript)', () => {
  it('serves /product/{id} and /bundle/{id} with title, description, Open Graph and JSON-LD Product data', async () => {
    const product = await shopper.request.get(`/product/${fx.sized._id}`);
    expect(product.status()).toBe(200);
    const html = await product.text();
    expect(html).toContain(`<title>${fx.sized.name} | LayerLoft</title>`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+" \/>/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as { '@type': string; offers: { price: string; availability: string } };
    expect(ld['@type']).toBe('Product');
    expect(ld.offers.price).toMatch(/^\d+\.\d{2}$/);
    expect(ld.offers.availability).toMatch(/^https:\/\/schema\.org\//);

    const bundle = await (await shopper.request.get(`/bundle/${fx.bundle._id}`)).text();
    expect(bundle).toContain(`<title>${fx.bundle.title} | LayerLoft</title>`);
    expect(bundle).toContain('application/ld+json');

    // The app still boots under the CSP with the data block in the page.
    await shopper.goto(`/product/${fx.sized._id}`);
    await shopper.getByRole('heading', { level: 1, name: fx.sized.name }).waitFor();
    expect(shopper.errors.filter((e) => /Content Security Policy/.test(e))).toEqual([]);
  });
});
