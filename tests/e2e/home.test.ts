import { describe, expect, it } from 'vitest';
import { brokenImages, DESKTOP, newPage, PHONE, screenshot } from './browser';

describe('home page against the real server (seeded PGlite)', () => {
  for (const [label, viewport] of [['1440', DESKTOP], ['375', PHONE]] as const) {
    it(`shows the hero, active bundles and five best sellers with loaded images at ${label} px`, async () => {
      const page = await newPage(viewport);
      await page.goto('/');

      await page.locator('#hero-title').waitFor({ state: 'visible' });

      const bundles = page.locator('section#bundles [aria-roledescription="slide"]');
      await bundles.first().waitFor();
      expect(await bundles.count()).toBeGreaterThanOrEqual(1);

      const bestSellers = page.locator('ul[aria-label="Best sellers"] > li');
      await bestSellers.first().waitFor();
      expect(await bestSellers.count()).toBe(5);

      // Every picture in the best-seller grid and the first bundle slide has real pixels.
      await page.locator('ul[aria-label="Best sellers"] img').last().scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('ul[aria-label="Best sellers"] img')].every((img) => img.complete && img.naturalWidth > 0),
      );
      expect(await brokenImages(page, 'ul[aria-label="Best sellers"] img')).toEqual([]);

      // No horizontal scroll.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await screenshot(page, `home-${label}`);
      expect(page.errors).toEqual([]);
    });
  }

  it('answers unknown API routes with JSON and other paths with the app', async () => {
    const page = await newPage();
    const api = await page.request.get('/api/nope');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ success: false });
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: /home/i }).first().waitFor();
  });
});
