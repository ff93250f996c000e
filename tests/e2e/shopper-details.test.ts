import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSavings, isBundleActive, isPurchasable } from '../../src/domain/pricing';
import { formatMoney, toDollars } from '../../src/domain/money';
import type { Bundle, Product } from '../../src/domain/types';
import { baseUrl, DESKTOP, newPage, PHONE, screenshot, seeded, startWithSaved } from './browser';

/**
 * The places where a new shopper stumbled, in a real browser against the built server:
 * unavailable products that look it, the one focus ring, the category tabs' scroll hint on a
 * phone, the cart's Undo, a bundle's saving and a returning shopper's own page on a full load.
 * (Hidden categories and products change the shop's settings and catalog, which other files'
 * pages show: they are tested on the server's render, tests/server/ssr/pages.test.ts.)
 */

let products: Product[] = [];
let bundles: Bundle[] = [];

async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

async function newShopper(name: string): Promise<string> {
  const email = `${name.toLowerCase()}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  return (await api<{ token: string }>('POST', '/api/user/register', { name, email, password: 'a long enough password' })).token;
}

beforeAll(async () => {
  products = seeded((await api<{ products: Product[] }>('GET', '/api/product/list')).products);
  bundles = seeded((await api<{ bundles: Bundle[] }>('GET', '/api/bundle/list')).bundles);
});

const outline = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, color: s.outlineColor, width: s.outlineWidth };
  });

describe('a product that cannot be bought', () => {
  const cases = [
    ['out of stock', (p: Product) => p.outOfStock === true && !p.notAvailableYet, 'Out of stock', 'This product is currently out of stock.'],
    ['coming soon', (p: Product) => p.comingSoon === true && !p.outOfStock && !p.vaulted && !p.notAvailableYet, 'Coming soon — not yet available', 'This product is coming soon and cannot be ordered yet.'],
    ['vaulted', (p: Product) => p.vaulted === true && !p.outOfStock && !p.notAvailableYet, 'Vaulted: retired from sale', 'This product is no longer available.'],
  ] as const;

  it.each(cases)('looks it when %s: greyed buttons with aria-disabled, still focusable, a line under the price, the refusal on a click', async (kind, pick, line, refusal) => {
    const product = products.find(pick)!;
    for (const [label, viewport] of [['375', PHONE], ['1440', DESKTOP]] as const) {
      const page = await newPage(viewport);
      await page.goto(`/product/${product._id}`);
      const add = page.getByRole('button', { name: 'Add to cart', exact: true });
      const buy = page.getByRole('button', { name: 'Buy now', exact: true });
      await add.waitFor();
      for (const button of [add, buy]) {
        expect(await button.getAttribute('aria-disabled')).toBe('true');
        // Not `disabled`: the keyboard reaches it and a click explains.
        expect(await button.evaluate((el) => (el as HTMLButtonElement).disabled || el.tabIndex < 0)).toBe(false);
        expect(await button.evaluate((el) => getComputedStyle(el).cursor)).toBe('not-allowed');
      }
      // Drawn unlike the coral of a buyable product's button.
      expect(await add.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(238, 232, 225)');
      expect((await page.locator('#availability-note').textContent())?.trim()).toBe(line);
      expect(await add.getAttribute('aria-describedby')).toBe('availability-note');
      await screenshot(page, `unavailable-${kind.replace(/ /g, '-')}-${label}`);
      await add.focus();
      await page.keyboard.press('Enter');
      expect((await page.getByRole('alert').filter({ hasText: refusal }).textContent())?.trim()).toBe(refusal);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });

  it('a buyable product keeps its coral buttons, with no line under the price', async () => {
    const product = products.find((p) => isPurchasable(p))!;
    const page = await newPage(DESKTOP);
    await page.goto(`/product/${product._id}`);
    const add = page.getByRole('button', { name: 'Add to cart', exact: true });
    await add.waitFor();
    expect(await add.getAttribute('aria-disabled')).toBeNull();
    expect(await add.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(196, 65, 29)');
    expect(await page.locator('#availability-note').count()).toBe(0);
    await page.context().close();
  });
});

describe('keyboard focus', () => {
  it('draws the one orange ring on header links, icons, the category bar and the tabs the moment Tab reaches them', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/collection');
    await page.locator('[role="tab"]').first().waitFor();
    const ring = { style: 'solid', color: 'rgb(228, 87, 46)', width: '3px' };
    // Each read in the task right after the key press: no transition, no ripple to wait for.
    for (const [name, selector] of [
      ['HOME', 'nav[aria-label="Main"] a[href="/"]'],
      ['STORE', 'nav[aria-label="Main"] a[href="/collection"]'],
      [/^Wishlist/, 'a[href="/wishlist"][aria-label^="Wishlist"]'],
      ['Figures', 'nav[aria-label="Categories"] a[href="/collection?category=Figures"]'],
    ] as const) {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const label = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('aria-label') || (document.activeElement as HTMLElement | null)?.innerText?.trim() || '');
        if (typeof name === 'string' ? label === name : name.test(label)) break;
      }
      expect(await page.evaluate((sel) => document.activeElement === document.querySelector(sel), selector), String(name)).toBe(true);
      expect(await outline(page, selector), String(name)).toEqual(ring);
    }
    await page.locator('[role="tab"][aria-selected="true"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await outline(page, '[role="tab"]:focus')).toEqual(ring);
    await page.context().close();
  });
});

describe('the category tabs on a phone', () => {
  it('fade out where more tabs lie beyond the edge, at both ends once scrolled, and not at all on a desktop', async () => {
    const page = await newPage(PHONE);
    await page.goto('/collection');
    const tabs = page.locator('[role="tablist"][aria-label="Categories"]');
    await page.waitForFunction(() => document.querySelector('[role="tablist"][aria-label="Categories"]')?.getAttribute('data-more') === 'end');
    expect(await tabs.evaluate((el) => getComputedStyle(el).maskImage)).toContain('linear-gradient');
    await screenshot(page, 'category-tabs-fade-375', { fullPage: false });
    await tabs.evaluate((el) => el.scrollBy({ left: 60 }));
    await page.waitForFunction(() => document.querySelector('[role="tablist"][aria-label="Categories"]')?.getAttribute('data-more') === 'both');
    await tabs.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await page.waitForFunction(() => document.querySelector('[role="tablist"][aria-label="Categories"]')?.getAttribute('data-more') === 'start');
    await page.context().close();

    const desktop = await newPage(DESKTOP);
    await desktop.goto('/collection');
    const row = desktop.locator('[role="tablist"][aria-label="Categories"]');
    await row.waitFor();
    // Every tab in view: no edge fades.
    expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await row.evaluate((el) => getComputedStyle(el).maskImage)).toBe('none');
    await desktop.context().close();
  });
});

describe("the cart's Undo", () => {
  it('puts a removed line back with its quantity, on the server too, for a logged-in shopper', async () => {
    const token = await newShopper('Undo');
    const product = products.find((p) => isPurchasable(p) && p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0)!;
    const color = `${product.colorVariants[0]!.color}|`;
    await api('POST', '/api/cart/add', { itemId: product._id, color, quantity: 3 }, token);
    for (const [label, viewport] of [['375', PHONE], ['1440', DESKTOP]] as const) {
      const page = await newPage(viewport);
      await startWithSaved(page, { session: { token } }, { firstLoadOnly: true });
      await page.goto('/cart');
      const quantity = page.getByRole('textbox', { name: `Quantity of ${product.name}` });
      await quantity.waitFor();
      expect(await quantity.inputValue()).toBe('3');
      const removed = page.waitForResponse((r) => r.url().endsWith('/api/cart/update') && (JSON.parse(r.request().postData() ?? '{}') as { quantity?: number }).quantity === 0);
      await page.getByRole('button', { name: `Remove ${product.name}` }).click();
      const toast = page.getByText(`Removed “${product.name}” from your cart.`);
      await toast.waitFor();
      await removed;
      await screenshot(page, `cart-undo-${label}`, { fullPage: false });
      const restored = page.waitForResponse((r) => r.url().endsWith('/api/cart/update') && (JSON.parse(r.request().postData() ?? '{}') as { quantity?: number }).quantity === 3);
      await page.getByRole('button', { name: 'Undo' }).click();
      await quantity.waitFor();
      expect(await quantity.inputValue()).toBe('3');
      expect((await restored).status()).toBe(200);
      const server = await api<{ cartData: Record<string, number> }>('POST', '/api/cart/get', {}, token);
      expect(server.cartData[`${product._id}_${color}`]).toBe(3);
      await toast.waitFor({ state: 'detached' });
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });
});

describe('a bundle page', () => {
  it('says what the bundle saves against its products’ current prices', async () => {
    const withSaving = bundles.filter((b) => isBundleActive(b, Date.now())).find((b) => bundleSavings(b, b.products.map((id) => products.find((p) => p._id === id))));
    expect(withSaving, 'the seed has an active bundle that saves something').toBeDefined();
    const saving = bundleSavings(withSaving!, withSaving!.products.map((id) => products.find((p) => p._id === id)))!;
    for (const [label, viewport] of [['375', PHONE], ['1440', DESKTOP]] as const) {
      const page = await newPage(viewport);
      await page.goto(`/bundle/${withSaving!._id}`);
      const note = page.getByTestId('bundle-savings');
      await note.waitFor();
      expect((await note.textContent())?.trim()).toBe(`You save ${formatMoney(toDollars(saving.cents))} (${saving.percent}%)`);
      await screenshot(page, `bundle-savings-${label}`, { fullPage: false });
      await page.context().close();
    }
  });
});

describe("a returning shopper's own page on a full load", () => {
  it('asks for My Orders with the saved token before the page is hydrated, and shows them', async () => {
    const token = await newShopper('Returning');
    const page = await newPage(DESKTOP);
    await startWithSaved(page, { session: { token } });
    // What the page did, in the order it did it: each call of fetch, and the moment the app took the page over.
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { startLog: string[] }).startLog = log;
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        log.push(`fetch ${typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url}`);
        return fetch(input, init);
      };
      new MutationObserver((_records, observer) => {
        if (!('appReady' in document.documentElement.dataset)) return;
        log.push('app ready');
        observer.disconnect();
        // The document, not its <html>: that element does not exist yet when this runs.
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
    });
    await page.goto('/orders');
    await page.getByText('No orders yet').waitFor();
    const log = await page.evaluate(() => (window as unknown as { startLog: string[] }).startLog);
    const orders = log.findIndex((l) => l.includes('/api/order/userorders'));
    expect(orders, log.join('\n')).toBeGreaterThanOrEqual(0);
    expect(orders, log.join('\n')).toBeLessThan(log.indexOf('app ready'));
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
