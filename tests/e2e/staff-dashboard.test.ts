import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPurchasable } from '../../src/domain/pricing';
import type { Product } from '../../src/domain/types';
import { axeViolations } from './axe';
import { baseUrl, DESKTOP, PHONE, screenshot, seeded } from './browser';
import { staffPage } from './staff';

/**
 * The staff dashboard in a real browser against the built server: a staff member has it
 * open, a shopper pays elsewhere, and today's paid-orders tile counts the order without a reload
 * (the staff socket room's orderUpdated → the figures read again).
 */
let token = '';
let email = '';
let product: Product;

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

async function placePaidOrder(): Promise<string> {
  const items = [{ productId: product._id, color: `${product.colorVariants[0]!.color}|`, quantity: 1 }];
  const { quote } = await api<{ quote: { amount: number } }>('POST', '/api/order/quote', { items });
  const address = { firstName: 'Ada', lastName: 'Byron', email, street: '12 Engine Lane', city: 'Albany', state: 'NY', zipcode: '12207', country: 'United States', phone: '5185550199' };
  const session = await api<{ orderId: string; sessionId: string }>('POST', '/api/order/stripe', { address, items, amount: quote.amount, isBuyNow: true });
  const form = new URLSearchParams({ name: 'Ada Byron', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' });
  const paid = await fetch(`${baseUrl()}/pay/${session.sessionId}`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  expect(paid.status).toBe(303);
  return session.orderId;
}

/** The number in a tile's "N paid orders". */
const paidOrders = async (page: Page) => Number(/^(\d+) paid orders?$/.exec(((await page.getByTestId('tile-today-orders').textContent()) ?? '').trim())?.[1] ?? NaN);

beforeAll(async () => {
  email = `dashboard.${Date.now().toString(36)}@example.com`;
  token = (await api<{ token: string }>('POST', '/api/user/register', { name: 'Ada Byron', email, password: 'analytical engine 1' })).token;
  const products = seeded((await api<{ products: Product[] }>('GET', '/api/product/list')).products);
  product = products.find((p) => isPurchasable(p) && p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0)!;
});

describe('the staff dashboard', () => {
  it("counts a new paid order in today's tile live, and its tiles lead to the lists behind them", async () => {
    const page = await staffPage(DESKTOP);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByTestId('tile-today-orders').waitFor();
    const before = await paidOrders(page);
    expect(before).toBeGreaterThanOrEqual(0);
    expect(await page.getByTestId('chart-bar').count()).toBe(30);
    expect(await axeViolations(page, '#main')).toEqual([]);
    await screenshot(page, 'staff-dashboard-1440');

    // Paid elsewhere (the API and the card page, as a shopper's browser does): no reload here.
    await placePaidOrder();
    await expect.poll(() => paidOrders(page), { timeout: 10_000 }).toBeGreaterThan(before);

    await page.getByTestId('tile-to-fulfil').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?view=toFulfil');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(page.errors).toEqual([]);
  });

  it('fits a phone, with every tile reachable from the keyboard', async () => {
    const phone = await staffPage(PHONE);
    await phone.getByTestId('tile-today').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(phone, '#main')).toEqual([]);
    await screenshot(phone, 'staff-dashboard-375');
    await phone.getByTestId('tile-abandoned').focus();
    await phone.keyboard.press('Enter');
    await phone.getByRole('heading', { level: 1, name: 'Abandoned checkouts' }).waitFor();
    expect(await axeViolations(phone, '#main')).toEqual([]);
    await screenshot(phone, 'staff-abandoned-375');
    expect(phone.errors).toEqual([]);
  });

  it('lists customers with their figures, and a customer page asks a reason before disabling (axe clean, phone and desktop)', async () => {
    const page = await staffPage({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Customers' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByLabel('Name or e-mail').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    // The shopper of this file paid in the first test: one order, live figures from the server.
    const row = page.getByTestId('customer-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(email);
    expect(await axeViolations(page, '#main')).toEqual([]);
    await screenshot(page, 'staff-customers-1280');
    await row.getByRole('link', { name: 'Ada Byron' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ada Byron' }).waitFor();
    expect(Number(await page.getByTestId('customer-orders').textContent())).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Disable account…' }).click();
    await page.getByRole('button', { name: 'Disable account' }).click();
    await page.getByText('Please give a reason').waitFor();
    expect(await axeViolations(page, '#main')).toEqual([]);
    await screenshot(page, 'staff-customer-1280');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(page.errors).toEqual([]);

    const phone = await staffPage({ width: 390, height: 844 });
    await phone.goto(`/staff/customers?q=${encodeURIComponent(email)}`);
    await phone.getByTestId('customer-row').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(phone, '#main')).toEqual([]);
    await screenshot(phone, 'staff-customers-390');
    await phone.getByTestId('customer-row').getByRole('link').click();
    await phone.getByTestId('account-state').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'staff-customer-390');
    expect(phone.errors).toEqual([]);
  });
});
