import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { toDollars, formatMoney } from '../../src/domain/money';
import { isPurchasable, salePriceCents } from '../../src/domain/pricing';
import { orderTotalsCents } from '../../src/domain/shipping';
import type { Product } from '../../src/domain/types';
import { baseUrl, dataDir, DESKTOP, newPage, PHONE, screenshot, seeded, startWithSaved } from './browser';

/**
 * The purchase flow in a real browser against the built server with the built-in test checkout:
 * one account (registered through the API to spare the auth rate limit), its token put where the
 * app keeps it, items added on product pages.
 */
let token = '';
let email = '';
let figure: Product;
let other: Product;

const money = (cents: number) => formatMoney(toDollars(cents));

beforeAll(async () => {
  email = `checkout.${Date.now().toString(36)}@example.com`;
  const reg = await fetch(`${baseUrl()}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada Lovelace', email, password: 'analytical engine 1' }),
  });
  expect(reg.status, await reg.clone().text()).toBe(200);
  token = ((await reg.json()) as { token: string }).token;
  const products = seeded(((await (await fetch(`${baseUrl()}/api/product/list`)).json()) as { products: Product[] }).products);
  const simple = products.filter((p) => isPurchasable(p) && p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0);
  figure = simple[0]!;
  other = simple.find((p) => p._id !== figure._id)!;
});

/** A page whose browser already holds the session token (what logging in leaves behind). */
async function loggedInPage(viewport = DESKTOP): Promise<Page & { errors: string[] }> {
  const page = await newPage(viewport);
  await startWithSaved(page, { session: { token } }, { firstLoadOnly: true });
  return page;
}

async function addToCart(page: Page, product: Product, quantity: number) {
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: product.colorVariants[0]!.color, exact: true }).click();
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'Continue shopping' }).click();
}

async function localCart(page: Page): Promise<Record<string, number>> {
  const raw = await page.evaluate(() => localStorage.getItem('persist:layerloft') ?? '{}');
  const cart = (JSON.parse(raw) as { cart?: string }).cart;
  return cart ? (JSON.parse(cart) as { items: Record<string, number> }).items : {};
}

async function serverCart(page: Page): Promise<Record<string, number>> {
  const res = await page.request.post('/api/cart/get', { headers: { token } });
  return ((await res.json()) as { cartData: Record<string, number> }).cartData;
}

async function fillDelivery(page: Page) {
  // Name and e-mail come from the account (or the last address used).
  await expectValue(page, 'First name', 'Ada');
  await page.getByLabel('Street address').fill('12 Analytical Way');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').selectOption('OR');
  await page.getByLabel('ZIP code').fill('97201');
  await page.getByLabel('Phone').fill('(503) 555-0142');
}

async function expectValue(page: Page, label: string, value: string) {
  await expect.poll(() => page.getByLabel(label).inputValue()).toBe(value);
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

function outboxFor(orderId: string) {
  const file = path.join(dataDir(), 'outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; subject: string; text: string })
    .filter((m) => m.subject.includes(orderId) || m.text.includes(orderId));
}

describe('checkout and payment (built-in test checkout)', () => {
  it('pays a cart with WELCOME10 and 4242…, lands on /order-placed, empties the cart and e-mails the order', async () => {
    const page = await loggedInPage();
    await addToCart(page, figure, 2);
    await addToCart(page, other, 1);
    const unitA = salePriceCents(figure);
    const unitB = salePriceCents(other);
    const totals = orderTotalsCents(unitA * 2 + unitB, 10);

    await page.goto('/cart');
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL('**/place-order');
    await fillDelivery(page);
    await page.getByLabel('Discount code').fill(' welcome10 ');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('WELCOME10 · 10% off').waitFor();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(money(totals.total));
    await screenshot(page, 'checkout-place-order-1440');

    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/pay\/cs_ll_/);
    expect(await page.getByTestId('amount-due').textContent()).toBe(money(totals.total));
    await page.getByText(figure.name).first().waitFor();
    await page.getByText('LayerLoft').first().waitFor();
    const pending = JSON.parse((await page.evaluate(() => localStorage.getItem('pendingOrder'))) ?? 'null') as { isBuyNow: boolean; sessionId: string } | null;
    expect(pending?.isBuyNow).toBe(false);
    await screenshot(page, 'checkout-pay-1440');

    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL('**/order-placed');
    await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
    const orderId = (await page.getByTestId('placed-order-id').textContent())!.trim();
    expect(orderId).toMatch(/^[0-9a-f]{24}$/);
    // A paid order reads by its number, on the page and in the e-mail's subject.
    const orderNumber = (await page.getByTestId('placed-order-number').textContent())!.trim();
    expect(orderNumber).toMatch(/^#\d{4,}$/);
    expect(await page.getByTestId('placed-total').textContent()).toBe(money(totals.total));
    await page.getByText('12 Analytical Way').waitFor();
    await screenshot(page, 'checkout-order-placed-1440');

    expect(await page.evaluate(() => localStorage.getItem('pendingOrder'))).toBeNull();
    await expect.poll(() => localCart(page)).toEqual({});
    await expect.poll(() => serverCart(page)).toEqual({});
    await expect.poll(() => outboxFor(orderId).length).toBe(1);
    const mail = outboxFor(orderId)[0]!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe(`Your LayerLoft order ${orderNumber} is confirmed`);
    expect(mail.text).toContain(figure.name);
    expect(mail.text).toContain(money(totals.total));
    expect(mail.text).toContain('Portland, OR 97201');

    // Reloading the return page does not break anything: the order is shown again, one e-mail only.
    await page.goto(`/verify?success=true&session_id=${encodeURIComponent(pending!.sessionId)}`);
    await page.waitForURL('**/order-placed');
    await expect.poll(() => page.getByTestId('placed-order-id').textContent()).toBe(orderId);
    expect(outboxFor(orderId)).toHaveLength(1);
    expect(page.errors).toEqual([]);
  });

  it('shows a decline for 4000 0000 0000 0002; cancelling returns to the cart, intact', async () => {
    const page = await loggedInPage(PHONE);
    await addToCart(page, figure, 1);
    const before = await localCart(page);
    await page.goto('/place-order');
    await fillDelivery(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/pay\/cs_ll_/);
    const payUrl = page.url();

    await payWith(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    await screenshot(page, 'checkout-pay-declined-375');
    // No horizontal scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Straight back to the cart, which says so in the page the server sends.
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.waitForURL(/\/cart\?payment=cancelled&session_id=cs_ll_/);
    await page.getByText('Payment cancelled — your cart is unchanged.').waitFor();
    await page.getByRole('heading', { level: 1, name: /cart/i }).waitFor();
    expect(await localCart(page)).toEqual(before);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingOrder'))).toBeNull();

    // The cancelled session cannot be paid any more.
    await page.goto(payUrl);
    await page.getByRole('heading', { name: 'This checkout has ended' }).waitFor();
    expect(page.errors.filter((e) => !/status of 410/.test(e))).toEqual([]);
  });

  it('buy-now pays just that item and leaves the cart untouched', async () => {
    const page = await loggedInPage();
    await addToCart(page, other, 3);
    const before = await localCart(page);

    await page.goto(`/product/${figure._id}`);
    await page.getByRole('button', { name: figure.colorVariants[0]!.color, exact: true }).click();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL('**/place-order');
    const items = page.getByRole('list', { name: 'Order items' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(1);
    await items.first().getByText(figure.name).waitFor();
    await fillDelivery(page);
    await page.getByRole('button', { name: /^Place order/ }).click();
    await page.waitForURL(/\/pay\/cs_ll_/);
    const pending = JSON.parse((await page.evaluate(() => localStorage.getItem('pendingOrder'))) ?? 'null') as { isBuyNow: boolean } | null;
    expect(pending?.isBuyNow).toBe(true);
    await payWith(page, '4242424242424242');
    await page.waitForURL('**/order-placed');
    await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();

    expect(await localCart(page)).toEqual(before);
    await expect.poll(() => serverCart(page)).toEqual(before);
    expect(page.errors).toEqual([]);
  });
});
