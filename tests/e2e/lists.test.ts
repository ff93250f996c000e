import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isBundleActive, isPurchasable } from '../../src/domain/pricing';
import type { Bundle, Product } from '../../src/domain/types';
import { DESKTOP, newPage, PHONE, screenshot, seeded } from './browser';

const WISHLIST_ERROR = 'Could not update your wishlist. Please try again.';

/** Two purchasable products with colors and no sizes, a third one for the server cart, and an active bundle. */
async function pickCatalog(page: Page) {
  const products = seeded(((await (await page.request.get('/api/product/list')).json()) as { products: Product[] }).products);
  const bundles = seeded(((await (await page.request.get('/api/bundle/list')).json()) as { bundles: Bundle[] }).bundles);
  const simple = products.filter((p) => isPurchasable(p) && p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0);
  const bundle = bundles.find((b) => isBundleActive(b, Date.now()));
  if (simple.length < 3 || !bundle) throw new Error('the seeded catalog lacks simple products or an active bundle');
  return { a: simple[0]!, b: simple[1]!, c: simple[2]!, bundle };
}

const keyOf = (p: Product) => `${p._id}_${p.colorVariants[0]!.color}|`;

async function addProduct(page: Page, product: Product) {
  await page.goto(`/product/${product._id}`);
  await page.getByRole('group', { name: /^Color/ }).getByRole('button', { name: product.colorVariants[0]!.color }).click();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Added to cart' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Continue shopping' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const cartLines = (page: Page) => page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
const cartLine = (page: Page, name: string) => page.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name });
const quantityOf = (page: Page, name: string) => cartLine(page, name).getByRole('textbox', { name: `Quantity of ${name}` });

async function serverCart(page: Page, token: string) {
  const res = await page.request.post('/api/cart/get', { headers: { token } });
  return ((await res.json()) as { cartData: Record<string, number> }).cartData;
}
async function serverWishlist(page: Page, token: string) {
  const res = await page.request.post('/api/wishlist/list', { headers: { token } });
  return ((await res.json()) as { wishlist: string[] }).wishlist;
}

/** Polls until `check` stops throwing (the app syncs in the background). */
async function eventually(check: () => Promise<void>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe('cart, saved for later and wishlist in a real browser', () => {
  it('keeps a guest cart across a reload, merges it at login, pushes the wishlist, and rolls a failed heart back', async () => {
    const page = await newPage(DESKTOP);
    const { a, b, c, bundle } = await pickCatalog(page);

    // A guest adds two products and a bundle.
    await addProduct(page, a);
    await addProduct(page, b);
    await page.goto(`/bundle/${bundle._id}`);
    await page.getByRole('button', { name: 'Add Bundle to Cart' }).click();
    await page.waitForURL('**/cart');
    await expect.poll(() => cartLines(page).count()).toBe(3);
    expect(await page.getByRole('link', { name: 'Cart, 3 items' }).count()).toBe(1);
    await cartLine(page, bundle.title).getByText('Bundle Deal').waitFor();
    await page.getByText('To proceed to checkout, please log in.').waitFor();

    // Reload: still there.
    await page.reload();
    await expect.poll(() => cartLines(page).count()).toBe(3);

    // Save one for later, then move it back.
    await page.getByRole('button', { name: `Save for later: ${b.name}` }).click();
    const saved = page.getByRole('list', { name: 'Saved for later' });
    await saved.getByRole('listitem', { name: b.name }).waitFor();
    await expect.poll(() => cartLines(page).count()).toBe(2);
    await saved.getByRole('button', { name: `Move to cart: ${b.name}` }).click();
    await saved.waitFor({ state: 'detached' });
    await expect.poll(() => cartLines(page).count()).toBe(3);

    // Heart a product.
    await page.goto(`/product/${a._id}`);
    await page.getByRole('button', { name: `Add ${a.name} to wishlist` }).first().click();
    await page.getByRole('link', { name: 'Wishlist, 1 item' }).waitFor();

    // An account whose server cart already has lines (one of them the same as a local one).
    const email = `lists.${Date.now().toString(36)}@example.com`;
    const password = 'correct horse 1';
    const reg = await page.request.post('/api/user/register', { data: { name: 'List Tester', email, password } });
    expect(reg.status(), await reg.text()).toBe(200);
    const token = ((await reg.json()) as { token: string }).token;
    for (const [product, quantity] of [[c, 2], [a, 5]] as const) {
      const res = await page.request.post('/api/cart/add', { headers: { token }, data: { itemId: product._id, color: `${product.colorVariants[0]!.color}|`, quantity } });
      expect(res.status(), await res.text()).toBe(200);
    }

    // Log in through the cart page's button, which leaves /cart as the place to come back to.
    await page.goto('/cart');
    await page.getByRole('region', { name: 'Cart totals' }).getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/cart');

    // Merged: server quantity wins for the shared line, local-only lines are pushed, the bundle stays local.
    await expect.poll(() => cartLines(page).count()).toBe(4);
    await expect.poll(() => quantityOf(page, a.name).inputValue()).toBe('5');
    expect(await quantityOf(page, b.name).inputValue()).toBe('1');
    expect(await quantityOf(page, c.name).inputValue()).toBe('2');
    await cartLine(page, bundle.title).waitFor();
    await eventually(async () => expect(await serverCart(page, token)).toEqual({ [keyOf(c)]: 2, [keyOf(a)]: 5, [keyOf(b)]: 1 }));
    await eventually(async () => expect(await serverWishlist(page, token)).toEqual([a._id]));
    await page.getByRole('link', { name: 'Wishlist, 1 item' }).waitFor();
    await page.getByRole('link', { name: 'Proceed to checkout' }).waitFor();

    // A quantity change reaches the server.
    await cartLine(page, b.name).getByRole('button', { name: `Increase Quantity of ${b.name}` }).click();
    await eventually(async () => expect((await serverCart(page, token))[keyOf(b)]).toBe(2));
    await screenshot(page, 'lists-cart-1440');

    // The wishlist call fails: the heart flips back and a toast says so.
    await page.route('**/api/wishlist/add', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Server down' }) }));
    await page.goto(`/product/${b._id}`);
    const heart = page.getByRole('button', { name: `Add ${b.name} to wishlist` }).first();
    await heart.click();
    await page.getByText(WISHLIST_ERROR).waitFor();
    await page.getByRole('button', { name: `Add ${b.name} to wishlist` }).first().waitFor();
    expect(await page.getByRole('button', { name: `Add ${b.name} to wishlist` }).first().getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('link', { name: 'Wishlist, 1 item' }).waitFor();
    expect(await serverWishlist(page, token)).toEqual([a._id]);

    // The failed call is the only error the page reported.
    expect(page.errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
  });

  it('shows the wishlist page and the cart page on a phone without horizontal scrolling', async () => {
    const page = await newPage(PHONE);
    const { a, b, bundle } = await pickCatalog(page);
    await addProduct(page, a);
    await page.getByRole('button', { name: `Add ${a.name} to wishlist` }).first().click();
    // The heart shows the click is in before the page is left (a full load drops what is not).
    await page.getByRole('button', { name: `Remove ${a.name} from wishlist` }).first().waitFor();
    await page.goto(`/bundle/${bundle._id}`);
    await page.getByRole('button', { name: 'Add Bundle to Cart' }).click();
    await page.waitForURL('**/cart');
    await expect.poll(() => cartLines(page).count()).toBe(2);
    await cartLine(page, a.name).getByRole('button', { name: `Save for later: ${a.name}` }).click();
    await page.getByRole('list', { name: 'Saved for later' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'lists-cart-375');

    await page.goto(`/product/${b._id}`);
    await page.getByRole('button', { name: `Add ${b.name} to wishlist` }).first().click();
    await page.getByRole('button', { name: `Remove ${b.name} from wishlist` }).first().waitFor();
    await page.goto('/wishlist');
    await page.getByRole('heading', { level: 1, name: 'Your Wishlist (2)' }).waitFor();
    await page.getByPlaceholder('Search your wishlist...').fill(a.name.slice(0, 6).toUpperCase());
    await expect.poll(() => page.getByRole('list', { name: 'Wishlist products' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(1);
    await page.getByPlaceholder('Search your wishlist...').fill('no such thing at all');
    await page.getByText('No matching products found.').waitFor();
    await page.getByPlaceholder('Search your wishlist...').fill('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'lists-wishlist-375');
    expect(page.errors).toEqual([]);
  });
});
