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

  it("fetches the bundle carousel's later pictures only once the shopper reaches for it (375 px: one card a page)", async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
    const slides = page.locator('section#bundles [aria-roledescription="slide"]');
    expect(await slides.count()).toBeGreaterThanOrEqual(2);
    const pictureOf = (i: number) => slides.nth(i).locator('img');
    // A picture in any of its widths (/img/p/<id>-<width>.webp).
    const fetched = (i: number) =>
      pictureOf(i).evaluate((img: HTMLImageElement) => {
        const stem = new URL(img.getAttribute('src')!, location.href).pathname.replace(/-\d+\.webp$/, '-');
        return performance.getEntriesByType('resource').some((r) => new URL(r.name).pathname.startsWith(stem));
      });
    await page.waitForTimeout(500);
    expect(await fetched(0)).toBe(true);
    expect(await fetched(1)).toBe(false);

    await page.getByRole('button', { name: 'Next bundles' }).click();
    await expect.poll(() => pictureOf(1).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await brokenImages(page, 'section#bundles [aria-roledescription="slide"]:nth-child(2) img')).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('answers unknown API routes with JSON and other paths with the app', async () => {
    const page = await newPage();
    const api = await page.request.get('/api/nope');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ success: false });
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: /home/i }).first().waitFor();
  });
});
