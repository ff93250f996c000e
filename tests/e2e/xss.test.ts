/**
 * XSS in a real browser: script and event-handler payloads typed into a name, a delivery
 * address and the card holder's name are shown as literal text on the hosted card page (server
 * HTML) and on the order confirmation (React); no script runs, no element is injected, no dialog
 * opens — and the same for chat messages, the shopper's own and one sent by staff.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../src/domain/pricing';
import type { Product } from '../../src/domain/types';
import { baseUrl, newPage, seeded } from './browser';
import { staffAccount } from './staff';

const MARK = 'window.__xss = (window.__xss || 0) + 1';
const PAYLOADS = {
  firstName: `<script>${MARK}</script>`,
  lastName: `<img src=x onerror="${MARK}">`,
  street: `"><svg onload="${MARK}">1 Main St`,
  card: `</title><script>${MARK}</script>`,
  account: `<img src=y onerror="${MARK}">Ada`,
  chatMine: `<script>${MARK}</script> where is my order?`,
  chatStaff: `<img src=x onerror="${MARK}"> it ships today`,
};

let token = '';
let product: Product;

beforeAll(async () => {
  const reg = await fetch(`${baseUrl()}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: PAYLOADS.account, email: `xss.${Date.now().toString(36)}@example.com`, password: 'xss test password' }),
  });
  expect(reg.status, await reg.clone().text()).toBe(200);
  token = ((await reg.json()) as { token: string }).token;
  const products = seeded(((await (await fetch(`${baseUrl()}/api/product/list`)).json()) as { products: Product[] }).products);
  product = products.find((p) => isPurchasable(p) && p.colorVariants.length > 0 && !p.clothingSizes.length && !p.canvasSizes.length)!;
});

async function guardedPage(): Promise<Page & { errors: string[]; dialogs: string[] }> {
  const page = (await newPage()) as Page & { errors: string[]; dialogs: string[] };
  page.dialogs = [];
  page.on('dialog', (d) => {
    page.dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript((t) => {
    if (localStorage.getItem('persist:layerloft')) return;
    localStorage.setItem('persist:layerloft', JSON.stringify({ session: JSON.stringify({ token: t }), _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
  }, token);
  return page;
}

async function nothingRan(page: Page & { errors: string[]; dialogs: string[] }) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(page.dialogs).toEqual([]);
  expect(await page.locator('img[src="x"], img[src="y"], svg[onload]').count()).toBe(0);
  // Nothing even tried: a CSP refusal would show up here.
  expect(page.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
}

describe('XSS payloads render as text', () => {
  it('on the hosted card page and on the order confirmation', async () => {
    const quote = await fetch(`${baseUrl()}/api/order/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ items: [{ productId: product._id, color: `${product.colorVariants[0]!.color}|`, quantity: 1 }] }),
    });
    const amount = ((await quote.json()) as { quote: { amount: number } }).quote.amount;
    const address = { firstName: PAYLOADS.firstName, lastName: PAYLOADS.lastName, email: 'xss@example.com', street: PAYLOADS.street, city: 'Portland', state: 'OR', zipcode: '97201', country: 'United States', phone: '5035550142' };
    const placed = await fetch(`${baseUrl()}/api/order/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ address, items: [{ productId: product._id, color: `${product.colorVariants[0]!.color}|`, quantity: 1 }], amount, isBuyNow: true }),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const { session_url } = (await placed.json()) as { session_url: string };

    const page = await guardedPage();
    await page.goto(session_url);
    await expect.poll(() => page.getByText(`${PAYLOADS.firstName} ${PAYLOADS.lastName}, ${PAYLOADS.street}`, { exact: false }).count()).toBe(1);
    // A refused card shows the form again with the holder's name: kept as a value, not markup.
    await page.getByLabel('Name on card').fill(PAYLOADS.card);
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 40');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForLoadState('load');
    expect(await page.getByLabel('Name on card').inputValue()).toBe(PAYLOADS.card);
    await nothingRan(page);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/order-placed/, { timeout: 30_000 });
    const address$ = page.locator('address');
    await expect.poll(() => address$.innerText(), { timeout: 15_000 }).toContain(`${PAYLOADS.firstName} ${PAYLOADS.lastName}`);
    expect(await address$.innerText()).toContain(PAYLOADS.street);
    await nothingRan(page);
  });

  it('in the checkout form, prefilled from an account name that carries a payload', async () => {
    const page = await guardedPage();
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: product.colorVariants[0]!.color, exact: true }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Continue shopping' }).click();
    await page.goto('/place-order');
    await expect.poll(() => page.getByLabel('First name').inputValue(), { timeout: 15_000 }).not.toBe('');
    expect(`${await page.getByLabel('First name').inputValue()} ${await page.getByLabel('Last name').inputValue()}`.trim()).toBe(PAYLOADS.account);
    await nothingRan(page);
  });

  it("in the support chat: the shopper's and staff's messages", async () => {
    const post = (t: string, url: string, body: unknown) =>
      fetch(`${baseUrl()}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', token: t }, body: JSON.stringify(body) });
    const conversationId = ((await (await fetch(`${baseUrl()}/api/conversations/general`, { headers: { token } })).json()) as { conversation: { _id: string } }).conversation._id;
    expect((await post(token, '/api/messages', { conversationId, body: PAYLOADS.chatMine })).status).toBe(200);
    // The e2e server's staff account has a generated password in its DATA_DIR.
    const staffFile = staffAccount();
    const login = await fetch(`${baseUrl()}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(staffFile) });
    const staffToken = ((await login.json()) as { token: string }).token;
    expect((await post(staffToken, '/api/messages', { conversationId, body: PAYLOADS.chatStaff })).status).toBe(200);

    const page = await guardedPage();
    await page.goto('/orders');
    await page.getByRole('button', { name: /^Contact Support/ }).click();
    const messages = page.getByRole('dialog').getByLabel('Messages');
    await expect.poll(() => messages.innerText(), { timeout: 15_000 }).toContain(PAYLOADS.chatStaff);
    expect(await messages.innerText()).toContain(PAYLOADS.chatMine);
    await nothingRan(page);
  });
});
