import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { DESKTOP, newPage, PHONE, screenshot } from './browser';
import { makeFixtures, ROUTES, shopperPage, visit, type Fixtures, type SweepPage } from './routes';

/**
 * axe-core in the real browser over every route of SPEC §2: no serious or critical
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

describe('motion and feedback', () => {
  it('respects prefers-reduced-motion: the bundle carousel and transitions do not animate', async () => {
    const page = await shopperPage(fx, DESKTOP);
    const trackTransition = () => page.locator('section#bundles [aria-roledescription="slide"]').first().evaluate((slide) => getComputedStyle(slide.parentElement!).transitionDuration);
    const cardTransition = () => page.locator('ul[aria-label="Best sellers"] article').first().evaluate((card) => getComputedStyle(card).transitionDuration);

    await page.goto('/');
    await page.locator('section#bundles [aria-roledescription="slide"]').first().waitFor();
    await page.locator('ul[aria-label="Best sellers"] article').first().waitFor();
    // Without the preference the carousel slides (the check below means something).
    expect(parseFloat(await trackTransition())).toBeGreaterThan(0.1);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await page.locator('section#bundles [aria-roledescription="slide"]').first().waitFor();
    await page.locator('ul[aria-label="Best sellers"] article').first().waitFor();
    expect(parseFloat(await trackTransition())).toBeLessThan(0.001);
    expect(parseFloat(await cardTransition())).toBeLessThan(0.001);
    const next = page.getByRole('button', { name: 'Next bundles' });
    if (await next.isEnabled()) {
      await next.click();
      // Moved at once: the second page's first slide is in view without waiting for an animation.
      expect(await page.locator('section#bundles [aria-roledescription="slide"]:not([aria-hidden="true"])').first().getAttribute('aria-label')).not.toMatch(/^1 of/);
    }
  });

  it('the Place order button shows progress and cannot be submitted twice', async () => {
    const page = await shopperPage(fx, DESKTOP);
    let sessions = 0;
    await page.route('**/api/order/stripe', async (route) => {
      sessions += 1;
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/place-order');
    await page.getByLabel('Street address').fill('2 Progress Street');
    await page.getByLabel('City').fill('Salem');
    await page.getByLabel('State').selectOption('OR');
    await page.getByLabel('ZIP code').fill('97301');
    await page.getByLabel('Phone').fill('5035550100');
    const place = page.getByRole('button', { name: /^Place order/ });
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    // While the request runs: a disabled button with a progress indicator (or the global 'Loading...').
    const busy = page.getByRole('button', { name: /Placing your order/ });
    await expect
      .poll(async () => ((await busy.isVisible()) && (await busy.isDisabled()) && (await busy.getByRole('progressbar').count()) === 1) || (await page.getByText('Loading...').isVisible()))
      .toBe(true);
    // A second press does nothing.
    await page.keyboard.press('Enter');
    await busy.click({ force: true, timeout: 1000 }).catch(() => undefined);
    await page.waitForURL(/\/pay\/cs_ll_/);
    expect(sessions).toBe(1);
  });

  it('a form button (forgot password) shows progress and sends once', async () => {
    const page = await newPage(DESKTOP);
    let calls = 0;
    await page.route('**/api/user/forgot-password', async (route) => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(fx.email);
    const send = page.getByRole('main').getByRole('button', { name: 'Send Reset Link' });
    await send.click();
    await expect.poll(async () => (await send.isDisabled()) && (await send.getByRole('progressbar').count()) === 1).toBe(true);
    await send.click({ force: true, timeout: 1000 }).catch(() => undefined);
    await page.keyboard.press('Enter');
    await expect.poll(() => calls).toBe(1);
    await page.getByRole('heading', { name: 'Reset link sent' }).waitFor();
    expect(calls).toBe(1);
  });
});

describe('accessibility (axe-core) with each dialog open', () => {
  it('added to cart, logout confirm, support chat (desktop); mobile menu and filter drawer (phone)', async () => {
    const page = shopper;
    await page.goto(`/product/${fx.product._id}`);
    await page.getByRole('group', { name: /^Color/ }).getByRole('button', { name: fx.product.colorVariants[0]!.color, exact: true }).click();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('dialog', { name: /added to cart/i }).waitFor();
    await settledDialog(page);
    expect(await axeViolations(page), 'added to cart').toEqual([]);
    // Each open dialog is also kept as a picture to be looked at.
    await screenshot(page, 'dialog-added-to-cart-desktop', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Log out' }).waitFor();
    await settledDialog(page);
    expect(await axeViolations(page), 'logout confirm').toEqual([]);
    await screenshot(page, 'dialog-logout-desktop', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto('/orders');
    await page.getByRole('button', { name: /^Contact Support/ }).click();
    const chat = page.getByRole('dialog', { name: 'Support Chat' });
    await chat.waitFor();
    await chat.getByRole('textbox', { name: 'Message' }).waitFor();
    await settledDialog(page);
    expect(await axeViolations(page), 'support chat').toEqual([]);
    await screenshot(page, 'dialog-support-chat-desktop', { fullPage: false });
    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'hidden' });

    const phone = await shopperPage(fx, PHONE);
    await phone.goto('/collection');
    await phone.getByRole('heading', { level: 1 }).waitFor();
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.locator('#mobile-menu .MuiDrawer-paper').waitFor();
    await settledDialog(phone);
    expect(await axeViolations(phone), 'mobile menu').toEqual([]);
    await phone.keyboard.press('Escape');
    await phone.locator('#mobile-menu .MuiDrawer-paper').waitFor({ state: 'hidden' });
    await phone.getByRole('button', { name: /^Filters/ }).click();
    await phone.locator('.MuiDrawer-paper').last().waitFor();
    await settledDialog(phone);
    expect(await axeViolations(phone), 'filter drawer').toEqual([]);
    await phone.keyboard.press('Escape');

    // On a phone the chat fills the screen.
    await phone.goto('/orders');
    await phone.getByRole('button', { name: /^Contact Support/ }).click();
    const phoneChat = phone.getByRole('dialog', { name: 'Support Chat' });
    await phoneChat.getByRole('textbox', { name: 'Message' }).waitFor();
    await settledDialog(phone);
    expect(await axeViolations(phone), 'support chat (phone)').toEqual([]);
    await screenshot(phone, 'dialog-support-chat-phone', { fullPage: false });
  });
});

/** Lets a dialog or drawer finish its entrance (axe reads colours mid-fade as too light) and load. */
async function settledDialog(page: SweepPage) {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  await page.waitForFunction(() => !document.querySelector('[role="dialog"] [role="progressbar"]'), undefined, { timeout: 15_000 });
}
