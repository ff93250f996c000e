import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appReady, DESKTOP, PHONE, screenshot } from './browser';
import { makeFixtures, shopperPage, type Fixtures } from './routes';

/**
 * The keyboard alone: Tab, Shift+Tab, Enter, Space, Escape and typing — never a click.
 * The whole purchase flow from the store's search to the built-in card page, and the dialogs
 * (added to cart, logout confirm, mobile menu, filter drawer): focus moves in, stays in, leaves
 * with Escape and returns to the control that opened it.
 */

interface Focused {
  tag: string;
  role: string;
  name: string;
  inDialog: boolean;
}

/** What has focus, named roughly as a screen reader would (label, aria-label, text). */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', role: '', name: '', inDialog: false };
    const byIds = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
    const labels = (el as HTMLInputElement).labels ? [...(el as HTMLInputElement).labels!].map((l) => l.textContent ?? '').join(' ') : '';
    const name = (el.getAttribute('aria-label') || byIds(el.getAttribute('aria-labelledby')) || labels || el.innerText || '').replace(/\s+/g, ' ').trim();
    return { tag: el.tagName.toLowerCase(), role: el.getAttribute('role') ?? '', name, inDialog: !!el.closest('[role="dialog"], .MuiDrawer-paper') };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches; fails after `max` presses. */
async function tabTo(page: Page, name: RegExp | string, { back = false, max = 200 } = {}): Promise<Focused> {
  const matches = (f: Focused) => (typeof name === 'string' ? f.name === name : name.test(f.name));
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (matches(f)) return f;
    seen.push(`${f.tag}${f.role ? `[${f.role}]` : ''} "${f.name.slice(0, 30)}"`);
  }
  throw new Error(`Tab never reached ${String(name)} in ${max} presses; went through: ${seen.slice(-40).join(', ')}`);
}

/** Tab stays inside the open dialog for `presses` presses (both ways). */
async function expectFocusTrapped(page: Page, presses = 12) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      expect((await focused(page)).inDialog, `focus left the dialog after ${key} ×${i + 1}`).toBe(true);
    }
  }
}

let fx: Fixtures;
beforeAll(async () => {
  fx = await makeFixtures('keyboard');
});

describe('the purchase flow with the keyboard alone', () => {
  it('search → product → color and size → add to cart → checkout form → pay on the card page', async () => {
    const page = await shopperPage(fx, DESKTOP);
    const product = fx.sized;
    const color = product.colorVariants[0]!.color;
    const size = (product.clothingSizes[0] ?? product.canvasSizes[0])!;

    await page.goto('/');
    await appReady(page);
    // The first Tab reaches the skip link; it jumps to the content.
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Skip to content');

    // Header → the store.
    await tabTo(page, 'STORE');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/collection');
    // The lazy store screen replaces Home only once its code has loaded: wait for its search box.
    await page.getByLabel('Search products').first().waitFor();

    // Search for the product by name, then Tab on to its card.
    await tabTo(page, 'Search products');
    await page.keyboard.type(product.name);
    await expect.poll(() => page.getByRole('main').getByRole('article').count()).toBeLessThan(12);
    await page.getByRole('main').getByRole('link', { name: product.name, exact: true }).waitFor();
    await tabTo(page, product.name);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    // Color, size (buttons with aria-pressed), then Add to cart.
    await tabTo(page, color);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('button', { name: color, exact: true }).getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, size);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: size, exact: true }).getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, 'Add to cart');
    await page.keyboard.press('Enter');

    // The dialog takes focus, keeps it, closes with Escape and gives it back.
    const dialog = page.getByRole('dialog', { name: /added to cart/i });
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expectFocusTrapped(page, 6);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).name).toBe('Add to cart');

    // Again, and on to the cart from the dialog.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, /view cart/i, { max: 10 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart');
    await page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').first().waitFor();

    await tabTo(page, 'Proceed to checkout');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/place-order');
    await page.getByLabel('First name').waitFor();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Grace');

    // The delivery form: typed, the state chosen by typing its name on the closed select.
    await tabTo(page, /^Street address/);
    await page.keyboard.type('1 Keyboard Lane');
    await tabTo(page, /^City/);
    await page.keyboard.type('Portland');
    await tabTo(page, /^State/);
    await page.keyboard.type('Oregon');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('OR');
    await tabTo(page, /^ZIP code/);
    await page.keyboard.type('97201');
    await tabTo(page, /^Phone/);
    await page.keyboard.type('5035550142');
    await screenshot(page, 'keyboard-place-order-1440');
    await tabTo(page, /^Place order/);
    await page.keyboard.press('Enter');

    // The built-in hosted card page.
    await page.waitForURL(/\/pay\/cs_ll_/);
    await tabTo(page, /Card number/);
    await page.keyboard.type('4242 4242 4242 4242');
    await tabTo(page, /Expiration/);
    await page.keyboard.type('12 / 34');
    await tabTo(page, /CVC/);
    await page.keyboard.type('123');
    await tabTo(page, /Name on card/);
    await page.keyboard.type('Grace Hopper');
    await tabTo(page, /^Pay \$/);
    await page.keyboard.press('Enter');

    await page.waitForURL('**/order-placed');
    await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
    expect(page.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});

describe('dialogs and drawers with the keyboard', () => {
  it('logout confirm: focus moves in, is trapped, Escape closes it and focus returns to Log out', async () => {
    const page = await shopperPage(fx, DESKTOP);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(page, 'Log out');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await dialog.getByText('Are you sure you want to log out?').waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expectFocusTrapped(page, 4);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).name).toBe('Log out');
    // Still logged in.
    await page.getByRole('banner').getByRole('link', { name: 'My orders' }).waitFor();
  });

  it('mobile menu and the store filter drawer on a phone: open with Enter, trapped, Escape returns focus', async () => {
    const page = await shopperPage(fx, PHONE);
    await page.goto('/collection');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await tabTo(page, 'Open menu');
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu .MuiDrawer-paper');
    await menu.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expectFocusTrapped(page, 6);
    await screenshot(page, 'keyboard-mobile-menu-375');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).name).toBe('Open menu');

    await tabTo(page, /^Filters/);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expectFocusTrapped(page, 6);
    await screenshot(page, 'keyboard-filter-drawer-375');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Filters/);
  });
});

describe('the support chat with the keyboard', () => {
  it('opens from My Orders with Enter, keeps focus, sends with Enter, closes with Escape back to Contact Support', async () => {
    const page = await shopperPage(fx, DESKTOP);
    await page.goto('/orders');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(page, /^Contact Support/);
    await page.keyboard.press('Enter');
    const chat = page.getByRole('dialog', { name: 'Support Chat' });
    await chat.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await tabTo(page, 'Message', { max: 6 });
    await page.keyboard.type('Hello from the keyboard');
    await page.keyboard.press('Enter');
    await chat.getByText('Hello from the keyboard').waitFor();
    await expectFocusTrapped(page, 5);
    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Contact Support/);
  });
});
