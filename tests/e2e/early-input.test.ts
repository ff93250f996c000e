/**
 * Input before start-up (src/boot.ts): on every page whose server-rendered HTML holds a control,
 * what a shopper types, chooses, clicks or submits before the app has started is kept and does,
 * once, what it does afterwards — for a guest, with the app's last stage (main.tsx, which
 * hydrates) held back, and for a logged-in shopper with a saved cart, with the saved state's
 * chunk held back (the page hydrated, the cart and token still on their way: an action taken then
 * must land on the account, never on a guest's cart or be undone by the saved cart). A route
 * whose page gains a control and has no case here fails the first test.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isBundleActive, isPurchasable } from '../../src/domain/pricing';
import type { Bundle, Product } from '../../src/domain/types';
import { baseUrl, dataDir, newPage, PHONE, seeded, startWithSaved } from './browser';
import { ROUTES, type Fixtures } from './routes';

type HeldChunk = 'main' | 'persistence';

/**
 * Opens `url` with the app's chunk `chunk` held back until `release()`: `main` keeps the page the
 * server's (boot.ts running), `persistence` keeps a hydrated page from reading the saved state
 * back. `release` resolves once `<html data-app-ready>` says the app is ready.
 */
async function openHeld(page: Page, url: string, chunk: HeldChunk) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  const pattern = new RegExp(`/assets/${chunk}-[^/]+\\.js$`);
  const handler = async (route: Route) => {
    reached();
    await released;
    await route.continue();
  };
  await page.route(pattern, handler);
  // browser.ts's goto resolves once the app is ready.
  const loading = page.goto(url);
  await held;
  return {
    release: async () => {
      expect(await page.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();
      release();
      await loading;
      await page.unroute(pattern, handler);
    },
  };
}

/** Requests to `pathPattern` (method and path) from now on. */
function requestsTo(page: Page, pathPattern: RegExp) {
  const seen: string[] = [];
  const listener = (req: Request) => {
    const { pathname } = new URL(req.url());
    if (pathPattern.test(pathname)) seen.push(`${req.method()} ${pathname}`);
  };
  page.on('request', listener);
  return { seen, stop: () => page.off('request', listener) };
}

const api = async <T>(p: string, body?: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${baseUrl()}${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** The account's cart on the server: quantity by cart key. */
const serverCart = async (token: string) => (await api<{ cartData: Record<string, number> }>('/api/cart/get', {}, token)).cartData;
const serverWishlist = async (token: string) => (await api<{ wishlist: string[] }>('/api/wishlist/list', {}, token)).wishlist;

/** The cart as the browser saved it (redux-persist's 'persist:layerloft'). */
async function savedCartItems(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('persist:layerloft') ?? '{}') as { cart?: string };
    return (JSON.parse(saved.cart ?? '{}') as { items?: Record<string, number> }).items ?? {};
  });
}

/** The reset link the server mailed to `to` (DATA_DIR/outbox.jsonl, the SMTP fallback), once it is there. */
async function resetToken(to: string): Promise<string> {
  const file = path.join(dataDir(), 'outbox.jsonl');
  const tokenIn = () =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { to: string; text: string })
          .filter((m) => m.to === to)
          .map((m) => /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(m.text)?.[1])
          .at(-1)
      : undefined;
  await expect.poll(tokenIn).toBeTruthy();
  return tokenIn()!;
}

const header = (page: Page) => page.locator('header');
const main = (page: Page) => page.getByRole('main');

/**
 * A shopper with a cart of two products and a wishlist of three on the server (routes.ts's
 * makeFixtures without its orders, which no case here needs).
 */
async function shopperFixtures(): Promise<Fixtures> {
  const email = `early.input.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { token } = await api<{ token: string }>('/api/user/register', { name: 'Grace Hopper', email, password: 'compiler pioneer 1' });
  const products = seeded((await api<{ products: Product[] }>('/api/product/list')).products);
  const bundles = seeded((await api<{ bundles: Bundle[] }>('/api/bundle/list')).bundles);
  const simple = products.filter((p) => isPurchasable(p) && p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0);
  const sized = products.find((p) => isPurchasable(p) && p.colorVariants.length > 0 && (p.clothingSizes.length > 0 || p.canvasSizes.length > 0))!;
  const bundle = bundles.find((b) => isBundleActive(b, Date.now()))!;
  await Promise.all([
    ...simple.slice(0, 2).map((p) => api('/api/cart/add', { itemId: p._id, color: `${p.colorVariants[0]!.color}|`, quantity: 1 }, token)),
    ...simple.slice(0, 3).map((p) => api('/api/wishlist/add', { productId: p._id }, token)),
  ]);
  return { token, email, product: simple[0]!, sized, bundle, simple };
}

/** The routes of the sweep (tests/e2e/routes.ts) that have a case below. */
const COVERED = new Set(['home', 'store', 'product', 'bundle', 'wishlist', 'login', 'forgot-password', 'reset-password', 'contact']);

// The guest's and the shopper's cases run side by side (each in order): a browser test mostly waits.
describe.concurrent('what is typed, chosen or clicked before the app has started', () => {
  let fx: Fixtures;
  let visitor: Page;
  let guest: Page;
  let shopper: Page;
  /** A second account, whose password the guest's forgot and reset cases change. */
  const other = { name: 'Early Riser', email: `early.riser.${Date.now().toString(36)}@example.com`, password: 'first password 1' };

  beforeAll(async () => {
    fx = await shopperFixtures();
    await api('/api/user/register', other);
    visitor = await newPage();
    guest = await newPage();
    shopper = await newPage();
    // Logged in on this device, with the cart the server holds saved too.
    const lines = Object.fromEntries(fx.simple.slice(0, 2).map((p) => [`${p._id}_${p.colorVariants[0]!.color}|`, 1]));
    await startWithSaved(shopper, { session: { token: fx.token }, cart: { items: lines, rev: 1, pending: [] } }, { firstLoadOnly: true });
  });

  it('every route whose server page holds a control in <main> has a case here', async () => {
    const pages = await Promise.all(ROUTES.map(async (route) => ({ name: route.name, html: await (await fetch(`${baseUrl()}${route.path(fx)}`)).text() })));
    const withControls = pages
      .filter(({ html }) => /<(input|button|select|textarea)\b/.test(html.slice(html.indexOf('<main'), html.indexOf('</main>'))))
      .map(({ name }) => name);
    expect(withControls.filter((name) => !COVERED.has(name))).toEqual([]);
    expect(withControls.length).toBeGreaterThanOrEqual(COVERED.size);
  });

  describe.sequential('as a guest on the account pages (the page still the server’s)', () => {
    it('/forgot-password: the e-mail typed and "Send Reset Link" pressed send one request, with that e-mail', async () => {
      const sent = requestsTo(visitor, /^\/api\/user\/forgot-password$/);
      const visit = await openHeld(visitor, '/forgot-password', 'main');
      await visitor.getByLabel('Email').fill(other.email);
      const button = visitor.getByRole('button', { name: 'Send Reset Link' });
      await button.click();
      // Held, and it says so.
      expect(await button.getAttribute('aria-busy')).toBe('true');
      await visit.release();
      await main(visitor).getByRole('heading', { level: 1, name: 'Reset link sent' }).waitFor();
      sent.stop();
      expect(sent.seen).toEqual(['POST /api/user/forgot-password']);
      expect(await button.count()).toBe(0);
    });

    it('/reset-password: the new password typed twice and "Reset Password" pressed set it, once', async () => {
      const token = await resetToken(other.email);
      const sent = requestsTo(visitor, /^\/api\/user\/reset-password\//);
      const visit = await openHeld(visitor, `/reset-password/${token}`, 'main');
      await visitor.getByLabel('New password', { exact: true }).fill('second password 2');
      await visitor.getByLabel('Confirm new password', { exact: true }).fill('second password 2');
      await visitor.getByRole('button', { name: 'Reset Password' }).click();
      await visit.release();
      await visitor.getByText('Your password has been reset. You can now log in.').waitFor();
      sent.stop();
      expect(sent.seen).toHaveLength(1);
      const login = await fetch(`${baseUrl()}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: other.email, password: 'second password 2' }) });
      expect(login.status).toBe(200);
    });

    it('/login: "Sign Up" chosen and the e-mail and password typed are kept; the account is made with them', async () => {
      const page = await newPage(PHONE);
      const email = `early.signup.${Date.now().toString(36)}@example.com`;
      const visit = await openHeld(page, '/login', 'main');
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await main(page).getByLabel('Email').fill(email);
      await main(page).getByLabel('Password', { exact: true }).fill('signed up early 1');
      await visit.release();
      await main(page).getByLabel('Name').fill('Early Signer');
      expect(await main(page).getByLabel('Email').inputValue()).toBe(email);
      expect(await main(page).getByLabel('Password', { exact: true }).inputValue()).toBe('signed up early 1');
      await main(page).getByRole('button', { name: 'Create Account', exact: true }).click();
      await page.getByRole('banner').getByRole('link', { name: 'My orders' }).waitFor();
      await page.close();
    });

    it('/login before any script has run: Enter posts the form (never a GET with the password), and the page comes back with the e-mail typed', async () => {
      const page = await newPage();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // Every script of the page, boot.ts too, held back.
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      const documents: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'document') documents.push(`${req.method()} ${req.url()}`);
      });
      // Not awaited: with its scripts held the page never finishes loading.
      const first = page.goto('/login').catch(() => undefined);
      await main(page).getByLabel('Email').fill(other.email);
      await main(page).getByLabel('Password', { exact: true }).fill('typed without scripts 1');
      const posted = page.waitForRequest((req) => req.resourceType() === 'document' && req.method() === 'POST');
      await main(page).getByLabel('Password', { exact: true }).press('Enter');
      const post = await posted;
      expect(post.url()).toBe(`${baseUrl()}/login`);
      expect(post.postData()).toContain('password=');
      release();
      await first;
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      expect(documents.every((d) => !d.includes('?'))).toBe(true);
      expect(await main(page).getByLabel('Email').inputValue()).toBe(other.email);
      expect(await main(page).getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await page.close();
    });

    it('/login: the e-mail and password typed and sent with Enter log in, once', async () => {
      const page = await newPage();
      const sent = requestsTo(page, /^\/api\/user\/login$/);
      const visit = await openHeld(page, '/login', 'main');
      await main(page).getByLabel('Email').fill(fx.email);
      await main(page).getByLabel('Password', { exact: true }).fill('compiler pioneer 1');
      await main(page).getByLabel('Password', { exact: true }).press('Enter');
      await visit.release();
      await page.getByRole('banner').getByRole('link', { name: 'My orders' }).waitFor();
      sent.stop();
      expect(sent.seen).toEqual(['POST /api/user/login']);
      expect(page.url()).not.toContain('?');
      await page.close();
    });
  });

  describe.sequential('as a guest in the shop (the page still the server’s)', () => {
    it('/contact: every field typed is kept and "Send request" sends them', async () => {
      const visit = await openHeld(guest, '/contact', 'main');
      const values = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '5550100', characterName: 'Analytical Engine', details: 'Twenty centimetres tall, brass colour.' };
      for (const [name, value] of Object.entries(values)) await main(guest).locator(`[name="${name}"]`).fill(value);
      await main(guest).getByRole('button', { name: 'Send request' }).click();
      await visit.release();
      await main(guest).getByRole('status').filter({ hasText: 'Your mail program should open' }).waitFor();
      const href = await main(guest).getByRole('link', { name: 'Open the e-mail' }).getAttribute('href');
      for (const value of Object.values(values)) expect(decodeURIComponent(href!)).toContain(value);
    });

    it('/collection: the search typed, the sort chosen and a filter ticked all reach the store view', async () => {
      const visit = await openHeld(guest, '/collection', 'main');
      const search = main(guest).getByRole('searchbox', { name: 'Search products' });
      await search.fill('figure');
      const sort = main(guest).locator('select');
      const sortValue = (await sort.locator('option').nth(1).getAttribute('value'))!;
      await sort.selectOption(sortValue);
      const filter = main(guest).locator('label:has(input[type="checkbox"])').first();
      const filterName = (await filter.textContent())!.trim();
      await filter.click();
      await visit.release();
      await expect.poll(() => new URL(guest.url()).searchParams.get('q')).toBe('figure');
      expect(new URL(guest.url()).searchParams.get('sort')).toBe(sortValue);
      await expect.poll(() => main(guest).getByRole('checkbox', { name: filterName }).isChecked()).toBe(true);
      expect(await search.inputValue()).toBe('figure');
      // The tick counts, not only shows: the store view (the url) holds the filter (boot.ts takeOverCheckable).
      await expect.poll(() => [...new URL(guest.url()).searchParams.keys()].filter((k) => k !== 'q' && k !== 'sort')).not.toEqual([]);
    });

    it('/collection: a filter ticked alone (nothing typed to wake the page first) counts, not only shows', async () => {
      const visit = await openHeld(guest, '/collection', 'main');
      const box = main(guest).locator('aside').getByRole('checkbox').first();
      const name = (await box.getAttribute('name')) ?? '';
      await box.click();
      await visit.release();
      await expect.poll(() => [...new URL(guest.url()).searchParams.keys()].length).toBeGreaterThan(0);
      expect(await box.isChecked(), name).toBe(true);
    });

    it('/collection: a page link works without the app (a real link)', async () => {
      const visit = await openHeld(guest, '/collection', 'main');
      await main(guest).getByRole('link', { name: 'Go to page 2' }).click();
      await visit.release();
      expect(new URL(guest.url()).searchParams.get('page')).toBe('2');
    });

    it('/product: the colour, size and quantity chosen go into the cart with "Add to cart", once', async () => {
      const p = fx.sized;
      const sizes = p.clothingSizes.length > 0 ? p.clothingSizes : p.canvasSizes;
      const color = p.colorVariants.at(-1)!.color;
      const size = sizes.at(-1)!;
      const visit = await openHeld(guest, `/product/${p._id}`, 'main');
      await main(guest).getByRole('group', { name: /^Color/ }).getByRole('button', { name: color, exact: true }).click();
      await main(guest).getByRole('group', { name: /^Size/ }).getByRole('button', { name: size, exact: true }).click();
      await main(guest).getByLabel('Quantity').fill('2');
      await main(guest).getByRole('button', { name: 'Add to cart', exact: true }).click();
      await visit.release();
      await expect.poll(() => savedCartItems(guest)).toEqual({ [`${p._id}_${color}|${size}`]: 2 });
    });

    it('/bundle: "Add Bundle to Cart" adds the bundle once and opens the cart', async () => {
      const visit = await openHeld(guest, `/bundle/${fx.bundle._id}`, 'main');
      const add = main(guest).getByRole('button', { name: 'Add Bundle to Cart' });
      await add.click();
      await add.click();
      await visit.release();
      await expect.poll(() => new URL(guest.url()).pathname).toBe('/cart');
      await expect.poll(async () => (await savedCartItems(guest))[`${fx.bundle._id}_bundle`]).toBe(1);
    });

    it('/ and /wishlist: a heart clicked keeps the product on this device; the wishlist search keeps what was typed', async () => {
      let visit = await openHeld(guest, '/', 'main');
      const heart = main(guest).getByRole('button', { name: /^Add .+ to wishlist$/ }).first();
      const label = (await heart.getAttribute('aria-label'))!;
      const name = label.slice('Add '.length, -' to wishlist'.length);
      await heart.click();
      await visit.release();
      await expect.poll(() => header(guest).getByRole('link', { name: /^Wishlist, / }).getAttribute('aria-label')).toBe('Wishlist, 1 item');

      visit = await openHeld(guest, '/wishlist', 'main');
      await main(guest).getByRole('searchbox', { name: 'Search your wishlist' }).fill(name.slice(0, 6));
      await visit.release();
      expect(await main(guest).getByRole('searchbox', { name: 'Search your wishlist' }).inputValue()).toBe(name.slice(0, 6));
      await main(guest).getByRole('list', { name: 'Wishlist products' }).getByText(name).waitFor();
    });

  });

  describe.sequential('as a logged-in shopper with a saved cart (the saved state still on its way)', () => {
    it('/bundle: "Add Bundle to Cart" lands on the account’s cart, beside the lines it held', async () => {
      const visit = await openHeld(shopper, `/bundle/${fx.bundle._id}`, 'persistence');
      const add = main(shopper).getByRole('button', { name: 'Add Bundle to Cart' });
      await add.click();
      expect(await add.getAttribute('aria-busy')).toBe('true');
      await visit.release();
      await expect.poll(() => new URL(shopper.url()).pathname).toBe('/cart');
      await expect.poll(() => main(shopper).getByRole('list', { name: 'Cart items' }).getByRole('listitem').count()).toBe(3);
      // A bundle line stays on the device (the server's cart holds products only), beside the account's lines.
      const lines = Object.fromEntries(fx.simple.slice(0, 2).map((p) => [`${p._id}_${p.colorVariants[0]!.color}|`, 1]));
      await expect.poll(() => savedCartItems(shopper)).toEqual({ ...lines, [`${fx.bundle._id}_bundle`]: 1 });
      expect(await serverCart(fx.token)).toEqual(lines);
    });

    it('/product: the options chosen and "Add to cart" land on the account’s cart, once', async () => {
      const p = fx.sized;
      const sizes = p.clothingSizes.length > 0 ? p.clothingSizes : p.canvasSizes;
      const color = p.colorVariants[0]!.color;
      const size = sizes[0]!;
      const visit = await openHeld(shopper, `/product/${p._id}`, 'persistence');
      await main(shopper).getByRole('group', { name: /^Color/ }).getByRole('button', { name: color, exact: true }).click();
      await main(shopper).getByRole('group', { name: /^Size/ }).getByRole('button', { name: size, exact: true }).click();
      await main(shopper).getByLabel('Quantity').fill('3');
      await main(shopper).getByRole('button', { name: 'Add to cart', exact: true }).click();
      await visit.release();
      await expect.poll(async () => (await serverCart(fx.token))[`${p._id}_${color}|${size}`]).toBe(3);
    });

    it('/collection: a heart clicked lands on the account’s wishlist, once; the search typed is kept', async () => {
      const before = await serverWishlist(fx.token);
      const products = (await api<{ products: Product[] }>('/api/product/list')).products;
      const visit = await openHeld(shopper, '/collection', 'persistence');
      const labels = await main(shopper).getByRole('button', { name: /^Add .+ to wishlist$/ }).evaluateAll((hearts) => hearts.map((h) => h.getAttribute('aria-label')!));
      const label = labels.find((l) => !before.includes(products.find((p) => `Add ${p.name} to wishlist` === l)?._id ?? ''))!;
      const heart = main(shopper).getByRole('button', { name: label, exact: true });
      await heart.click();
      await heart.click();
      await main(shopper).getByRole('searchbox', { name: 'Search products' }).fill('a');
      await visit.release();
      await expect.poll(() => serverWishlist(fx.token).then((ids) => ids.length)).toBe(before.length + 1);
      expect(await main(shopper).getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('a');
    });

    it('/wishlist: the search typed filters the account’s wishlist', async () => {
      const name = fx.simple[0]!.name;
      const visit = await openHeld(shopper, '/wishlist', 'persistence');
      await main(shopper).getByRole('searchbox', { name: 'Search your wishlist' }).fill(name);
      await visit.release();
      await expect.poll(() => main(shopper).getByRole('list', { name: 'Wishlist products' }).getByRole('listitem').count()).toBe(1);
      await main(shopper).getByRole('list', { name: 'Wishlist products' }).getByText(name).waitFor();
    });
  });
});
