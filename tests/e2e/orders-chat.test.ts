import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, dataDir, DESKTOP, newPage, PHONE, screenshot } from './browser';
import { registerShopper, simpleProducts, type Shopper } from './shopper';

/**
 * My Orders and the support chat in a real browser against the built server: a shopper with paid
 * orders (placed through the checkout API and the built-in card page), staff answering and moving
 * orders with the staff CLI (`npm run staff`, which logs in with DATA_DIR/staff.json).
 */
const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let shopper: Shopper;
let email = '';
let dragonOrder = '';
let lampOrder = '';
let dragonName = '';

/** `npm run staff -- <args>` against the e2e server. */
async function staff(...args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir() };
  delete env.STAFF_EMAIL;
  delete env.STAFF_PASSWORD;
  const { stdout } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/staff.ts', ...args, '--server', baseUrl()], { cwd: root, env });
  return stdout.trim();
}

const card = (page: Page, orderId: string) => page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
const dotHidden = (page: Page) => page.getByTestId('unread-dot').evaluate((el) => el.classList.contains('MuiBadge-invisible'));

beforeAll(async () => {
  shopper = await registerShopper({ firstName: 'Ada', lastName: 'Lovelace', password: 'analytical engine 1', emailPrefix: 'orders', address: { street: '12 Analytical Way', city: 'Portland', state: 'OR', zipcode: '97201', phone: '5035550142' } });
  email = shopper.email;
  const simple = await simpleProducts();
  dragonName = simple[0]!.name;
  dragonOrder = await shopper.placePaidOrder(simple[0]!);
  lampOrder = await shopper.placePaidOrder(simple.find((p) => p.name !== dragonName)!);
});

describe('My Orders and the support chat', () => {
  it('filters and expands orders; chats live with staff; a staff update turns the card green without a reload', async () => {
    const page = await shopper.page();
    await page.goto('/orders');
    await page.getByRole('heading', { level: 1, name: 'MY ORDERS' }).waitFor();
    await page.getByText(`Welcome, Ada Lovelace – ${email}`).waitFor();
    await expect.poll(() => page.getByTestId('order-card').count()).toBe(2);
    // Newest first.
    expect(await page.getByTestId('order-card').first().getAttribute('data-order-id')).toBe(lampOrder);

    // Filters: product name, order id, status, then Clear Filters.
    await page.getByLabel('Search by').selectOption('productName');
    await page.getByPlaceholder('Enter Product Name...').fill(dragonName.slice(0, 6).toUpperCase());
    await expect.poll(() => page.getByTestId('order-card').count()).toBe(1);
    await card(page, dragonOrder).waitFor();
    await page.getByLabel('Search by').selectOption('orderId');
    await page.getByPlaceholder('Enter Order ID...').fill(lampOrder.slice(-8));
    await expect.poll(() => page.getByTestId('order-card').count()).toBe(1);
    await card(page, lampOrder).waitFor();
    await page.getByLabel('Status').selectOption('Delivered');
    await page.getByText('No orders match your filters').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await expect.poll(() => page.getByTestId('order-card').count()).toBe(2);

    // One order expanded at a time.
    await card(page, dragonOrder).getByRole('button', { name: 'Order Details' }).click();
    const items = card(page, dragonOrder).getByRole('list', { name: 'Order Items' });
    await items.getByText(dragonName).waitFor();
    await items.getByText('Unit Price').waitFor();
    await card(page, dragonOrder).getByRole('button', { name: 'Hide Details' }).waitFor();
    expect(await card(page, dragonOrder).getByTestId('status-dot').getAttribute('data-color')).toBe('yellow');
    await screenshot(page, 'orders-1440');

    // The chat: send once, see it once; a staff reply from the CLI arrives live.
    await page.getByRole('button', { name: /Contact Support/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Support Chat' });
    await dialog.getByText('No messages yet.').waitFor();
    await expect.poll(() => page.evaluate(() => document.querySelector('[role="log"]') !== null)).toBe(true);
    await dialog.getByPlaceholder('Type a message…').fill('  Hello! When does my order ship?  ');
    await page.keyboard.press('Enter');
    await dialog.getByText('Hello! When does my order ship?', { exact: true }).waitFor();
    expect(await dialog.getByPlaceholder('Type a message…').inputValue()).toBe('');
    await page.waitForTimeout(500); // the socket echo has arrived by now: still one bubble
    expect(await dialog.getByTestId('chat-message').count()).toBe(1);

    expect(await staff('list')).toContain(`[1 unread] Ada Lovelace <${email}>`);
    expect(await staff('reply', '--email', email, '--text', 'Hi Ada, it ships tomorrow!')).toMatch(/^Sent to /);
    await dialog.getByText('Hi Ada, it ships tomorrow!').waitFor();
    expect(await dialog.getByTestId('chat-message').count()).toBe(2);
    // Own messages right, labelled 'You'; staff messages left, labelled with the shop name.
    const bubbles = dialog.getByTestId('chat-message');
    expect(await bubbles.nth(0).getAttribute('data-own')).toBe('true');
    expect(await bubbles.nth(0).textContent()).toMatch(/^You/);
    expect(await bubbles.nth(1).getAttribute('data-own')).toBe('false');
    expect(await bubbles.nth(1).textContent()).toMatch(/^LayerLoft/);
    await screenshot(page, 'orders-chat-1440');

    // Closed chat + a staff reply → the red dot.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await dotHidden(page)).toBe(true);
    await staff('reply', '--email', email, '--text', 'Your tracking number is on its way too.');
    await expect.poll(() => dotHidden(page)).toBe(false);

    // Staff deliver with a tracking number: the card turns green live, and the shopper is e-mailed.
    await staff('order-status', '--order', dragonOrder, '--status', 'Processing');
    await expect.poll(() => card(page, dragonOrder).getByTestId('order-status').textContent()).toBe('Processing');
    const delivered = await staff('order-status', '--order', dragonOrder, '--status', 'Delivered', '--tracking', '1Z999AA10123456784');
    expect(delivered).toContain('the customer was e-mailed');
    await expect.poll(() => card(page, dragonOrder).getByTestId('status-dot').getAttribute('data-color')).toBe('green');
    await card(page, dragonOrder).getByTestId('tracking-number').getByText('1Z999AA10123456784').waitFor();
    // A move off the arrows is refused with a clear message.
    await expect(staff('order-status', '--order', dragonOrder, '--status', 'Processing')).rejects.toThrow(/Cannot move order .* from Delivered to Processing/);
    await screenshot(page, 'orders-delivered-1440');

    // After a reload the dot is still there (unread is counted on the server) until the chat opens.
    await page.reload();
    await expect.poll(() => dotHidden(page)).toBe(false);
    await page.getByRole('button', { name: /Contact Support/ }).click();
    await dialog.getByText('Your tracking number is on its way too.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByRole('button', { name: /Contact Support/ }).waitFor();
    await page.waitForTimeout(500);
    expect(await dotHidden(page)).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('fits a phone: cards, filters and the full-screen chat without sideways scrolling', async () => {
    const page = await shopper.page(PHONE);
    await page.goto('/orders');
    await expect.poll(() => page.getByTestId('order-card').count()).toBe(2);
    await card(page, dragonOrder).getByRole('button', { name: 'Order Details' }).click();
    await card(page, dragonOrder).getByRole('list', { name: 'Order Items' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.waitForTimeout(400); // the details' expand animation
    await screenshot(page, 'orders-375');
    await page.getByRole('button', { name: /Contact Support/ }).click();
    await page.getByRole('dialog', { name: 'Support Chat' }).getByRole('log').waitFor();
    await screenshot(page, 'orders-chat-375');
    expect(page.errors).toEqual([]);
  });

  it('sends a guest to /login', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/orders');
    await page.waitForURL('**/login');
  });
});
