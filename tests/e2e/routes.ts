/**
 * The route sweep shared by the accessibility and responsive browser tests: every route
 * of SPEC §2 with the state that makes it look real (a shopper with a cart, saved items and a
 * wishlist; a guest for the sign-in pages), and a readiness check so a test never measures a
 * half-loaded screen.
 */
import type { Page } from 'playwright-core';
import { isBundleActive, isPurchasable } from '../../src/domain/pricing';
import type { Bundle, Product } from '../../src/domain/types';
import { baseUrl, newPage, screenshot, seeded, startWithSaved } from './browser';

export interface Fixtures {
  token: string;
  email: string;
  product: Product;
  /** A product with colours and sizes (the product page's fullest form). */
  sized: Product;
  bundle: Bundle;
  simple: Product[];
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A shopper registered through the API (sparing the auth rate limit) with a server cart and wishlist. */
export async function makeFixtures(tag: string): Promise<Fixtures> {
  const api = (p: string, body?: unknown, token?: string) =>
    fetch(`${baseUrl()}${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const email = `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { token } = await json<{ token: string }>(await api('/api/user/register', { name: 'Grace Hopper', email, password: 'compiler pioneer 1' }));
  const products = seeded((await json<{ products: Product[] }>(await api('/api/product/list'))).products);
  const bundles = seeded((await json<{ bundles: Bundle[] }>(await api('/api/bundle/list'))).bundles);
  const simple = products.filter((p) => isPurchasable(p) && p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0);
  const sized = products.find((p) => isPurchasable(p) && p.colorVariants.length > 0 && (p.clothingSizes.length > 0 || p.canvasSizes.length > 0)) ?? simple[0]!;
  const bundle = bundles.find((b) => isBundleActive(b, Date.now()));
  if (simple.length < 3 || !bundle) throw new Error('the seeded catalog lacks simple products or an active bundle');
  for (const p of simple.slice(0, 2)) await json(await api('/api/cart/add', { itemId: p._id, color: `${p.colorVariants[0]!.color}|`, quantity: 1 }, token));
  for (const p of simple.slice(0, 3)) await json(await api('/api/wishlist/add', { productId: p._id }, token));
  // My Orders with cards in it: one paid order ('Order Placed') and one left at the card page
  // ('Payment Pending', with 'Complete payment'); buy-now, so the cart above is kept.
  const address = { firstName: 'Grace', lastName: 'Hopper', email, street: '1 Compiler Court', city: 'Arlington', state: 'VA', zipcode: '22201', country: 'United States', phone: '7035550100' };
  for (const [i, p] of [simple[0]!, simple[1]!].entries()) {
    const items = [{ productId: p._id, color: `${p.colorVariants[0]!.color}|`, quantity: i + 1 }];
    const { quote } = await json<{ quote: { amount: number } }>(await api('/api/order/quote', { items }, token));
    const session = await json<{ sessionId: string }>(await api('/api/order/stripe', { address, items, amount: quote.amount, isBuyNow: true }, token));
    if (i === 0) {
      const form = new URLSearchParams({ name: 'Grace Hopper', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' });
      const paid = await fetch(`${baseUrl()}/pay/${session.sessionId}`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
      if (paid.status !== 303) throw new Error(`paying the fixture order answered ${paid.status}`);
    }
  }
  return { token, email, product: simple[0]!, sized, bundle, simple };
}

export type SweepPage = Page & { errors: string[] };

/** A page whose storage already holds the token (what logging in leaves behind) and a saved-for-later line. */
export async function shopperPage(fx: Fixtures, viewport: { width: number; height: number }): Promise<SweepPage> {
  const page = await newPage(viewport);
  const savedKey = `${fx.simple[2]!._id}_${fx.simple[2]!.colorVariants[0]!.color}|`;
  await startWithSaved(page, { session: { token: fx.token }, saved: { items: { [savedKey]: 1 }, rev: 1 } }, { firstLoadOnly: true });
  return page;
}

export interface SweepRoute {
  /** Short name used in screenshot file names. */
  name: string;
  path: (fx: Fixtures) => string;
  /** Which page visits it: the logged-in shopper or a guest (sign-in pages redirect a shopper). */
  as: 'shopper' | 'guest';
  /** Waits until the screen shows its content (not a loader). */
  ready: (page: Page, fx: Fixtures) => Promise<void>;
  /** The document title the route sets. */
  title: (fx: Fixtures) => string;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('heading', { level: 1, name }).first().waitFor();

/** Waits until no loader (skeleton, spinner, lazy-page fallback) is left inside <main>. */
export async function settled(page: Page) {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      if (!main) return false;
      return !main.querySelector('.MuiSkeleton-root, [role="progressbar"], .MuiCircularProgress-root');
    },
    undefined,
    { timeout: 20_000 },
  );
  // No colour or size still fading in (a button turning enabled reads as low contrast mid-way).
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined);
  // Images in view have pixels (lazy ones further down are not waited for).
  await page.waitForFunction(() => [...document.images].filter((i) => i.loading !== 'lazy').every((i) => i.complete), undefined, { timeout: 10_000 }).catch(() => undefined);
}

export const ROUTES: SweepRoute[] = [
  { name: 'home', title: () => 'LayerLoft — 3D-printed figures, fidgets & décor', path: () => '/', as: 'shopper', ready: async (p) => { await p.locator('#hero-title').waitFor(); await p.locator('ul[aria-label="Best sellers"] > li').first().waitFor(); } },
  { name: 'store', title: () => 'Store | LayerLoft', path: () => '/collection', as: 'shopper', ready: (p) => heading(p, /./) },
  { name: 'product', title: (fx) => `${fx.sized.name} | LayerLoft`, path: (fx) => `/product/${fx.sized._id}`, as: 'shopper', ready: (p, fx) => heading(p, fx.sized.name) },
  { name: 'bundle', title: (fx) => `${fx.bundle.title} | LayerLoft`, path: (fx) => `/bundle/${fx.bundle._id}`, as: 'shopper', ready: async (p, fx) => { await p.getByRole('heading', { name: fx.bundle.title }).first().waitFor(); } },
  { name: 'cart', title: () => 'Cart | LayerLoft', path: () => '/cart', as: 'shopper', ready: async (p) => { await heading(p, /cart/i); await p.getByRole('list', { name: 'Cart items' }).getByRole('listitem').first().waitFor(); } },
  { name: 'cart-guest', title: () => 'Cart | LayerLoft', path: () => '/cart', as: 'guest', ready: (p) => heading(p, /cart/i) },
  { name: 'wishlist', title: () => 'Wishlist | LayerLoft', path: () => '/wishlist', as: 'shopper', ready: async (p) => { await heading(p, /Your Wishlist/); await p.getByRole('list', { name: 'Wishlist products' }).getByRole('listitem').first().waitFor(); } },
  { name: 'login', title: () => 'Log in or sign up | LayerLoft', path: () => '/login', as: 'guest', ready: (p) => heading(p, 'Login') },
  { name: 'forgot-password', title: () => 'Forgot password | LayerLoft', path: () => '/forgot-password', as: 'guest', ready: (p) => heading(p, /./) },
  { name: 'reset-password', title: () => 'Choose a new password | LayerLoft', path: () => '/reset-password/not-a-real-token', as: 'guest', ready: (p) => heading(p, /./) },
  { name: 'place-order', title: () => 'Checkout | LayerLoft', path: () => '/place-order', as: 'shopper', ready: async (p) => { await heading(p, /Place your order/); await p.getByLabel('First name').waitFor(); } },
  { name: 'order-placed', title: () => 'Order placed | LayerLoft', path: () => '/order-placed', as: 'shopper', ready: (p) => heading(p, 'Order Placed Successfully!') },
  { name: 'orders', title: () => 'My orders | LayerLoft', path: () => '/orders', as: 'shopper', ready: async (p) => { await heading(p, /orders/i); await p.getByTestId('order-card').first().waitFor(); } },
  { name: 'review-link', title: () => 'Review link | LayerLoft', path: () => '/review?token=expired-or-altered', as: 'shopper', ready: (p) => heading(p, 'Review link') },
  { name: 'about', title: () => 'About | LayerLoft', path: () => '/about', as: 'shopper', ready: (p) => heading(p, 'About LayerLoft') },
  { name: 'contact', title: () => 'Custom figure requests | LayerLoft', path: () => '/contact', as: 'shopper', ready: (p) => heading(p, /./) },
  { name: 'not-found', title: () => 'Page not found | LayerLoft', path: () => '/no-such-page', as: 'guest', ready: (p) => heading(p, 'Page not found') },
];

/** Visits a route on a reused page and waits until it is ready and settled. */
export async function visit(page: Page, route: SweepRoute, fx: Fixtures) {
  // The shell is never a 404; one is dist/ being rebuilt by a parallel `vite build` in this
  // shared tree (it empties the folder first): wait for the build to finish and try again.
  for (let attempt = 0; ; attempt++) {
    const res = await page.goto(route.path(fx));
    // The shop's own "Page not found" is a 404 too, with the app's page in it: not a rebuild.
    if (res?.status() !== 404 || attempt >= 5 || (await page.locator('#root').count()) > 0) break;
    await new Promise((r) => setTimeout(r, 3000));
  }
  try {
    await route.ready(page, fx);
    await settled(page);
  } catch (err) {
    // Say what the page showed instead (and keep a picture of it).
    const shown = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 400)).catch(() => '');
    await screenshot(page, `not-ready-${route.name}-${page.viewportSize()?.width ?? 0}`).catch(() => undefined);
    throw new Error(`${route.name} was not ready at ${page.url()}: ${(err as Error).message.split('\n')[0]}\nThe page showed: ${shown}`, { cause: err });
  }
}
