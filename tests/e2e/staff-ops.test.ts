import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readManifest, staffChunksForShoppers } from '../../scripts/manifest.mjs';
import { axeViolations } from './axe';
import { DESKTOP, newPage, PHONE, screenshot, startWithSaved } from './browser';
import { registerShopper, simpleProducts, type Shopper } from './shopper';
import { staffPage } from './staff';

/**
 * The staff console in a real browser against the built server: a staff member (the
 * account the server made on first start, DATA_DIR/staff.json) signs in through /login, answers a
 * shopper's chat and delivers their order with a tracking number — the shopper sees both live on
 * My Orders; shoppers and guests do not get in.
 */
let customer: Shopper;
let email = '';
let orderId = '';

/** No sideways scrolling. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

beforeAll(async () => {
  customer = await registerShopper({ firstName: 'Grace', lastName: 'Hopper', password: 'cobol forever 1', emailPrefix: 'staffops', address: { street: '1 Compiler Road', city: 'Arlington', state: 'VA', zipcode: '22201', phone: '7035550199' } });
  email = customer.email;
  orderId = await customer.placePaidOrder((await simpleProducts())[0]!);
});

describe('the staff console', () => {
  it('is its own chunk: nothing a shopper loads holds a byte of it (dist/.vite/manifest.json)', () => {
    const dist = path.resolve(import.meta.dirname, '../../dist');
    const manifest = readManifest(dist);
    const consoleEntry = Object.keys(manifest).find((k) => k === 'src/features/staff/StaffConsole.tsx');
    expect(consoleEntry).toBeDefined();
    expect(manifest[consoleEntry!]!.isDynamicEntry).toBe(true);
    // Every chunk a shopper can load (the entry and every lazy screen or part outside the console,
    // whose catalog editors are lazy parts of their own, with what they import) is free of it.
    expect(staffChunksForShoppers(manifest, dist)).toEqual([]);
    expect(fs.readFileSync(path.join(dist, manifest[consoleEntry!]!.file), 'utf8')).toContain('/api/staff/conversations');
  });

  it('keeps guests (to the login page) and shoppers ("Staff only") out', async () => {
    const guest = await newPage();
    const lines: string[] = [];
    guest.on('console', (msg) => lines.push(msg.text()));
    const response = await guest.goto('/staff/orders');
    // Served like any page (the frame a guest gets), and taken over without a hydration mismatch.
    expect(response!.status()).toBe(200);
    await expect.poll(() => new URL(guest.url()).pathname).toBe('/login');
    await guest.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(lines.filter((m) => /hydrat|server-rendered|did not match/i.test(m))).toEqual([]);

    const shopper = await customer.page(PHONE);
    await shopper.goto('/staff');
    await shopper.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor();
    expect(await shopper.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe('/');
    expect(await axeViolations(shopper)).toEqual([]);
    await screenshot(shopper, 'staff-only-375');
    expect([...guest.errors, ...shopper.errors]).toEqual([]);
  });

  it('answers a chat and delivers an order with a tracking number; the shopper sees both live', async () => {
    // The shopper writes to support from My Orders.
    const shopper = await customer.page({ width: 768, height: 1024 });
    await shopper.goto('/orders');
    await shopper.getByRole('button', { name: /Contact Support/ }).click();
    const chat = shopper.getByRole('dialog', { name: 'Support Chat' });
    await chat.getByText('No messages yet.').waitFor();
    await chat.getByPlaceholder('Type a message…').fill('Hi! Has my order shipped yet?');
    await shopper.keyboard.press('Enter');
    await chat.getByText('Hi! Has my order shipped yet?', { exact: true }).waitFor();

    // Staff sign in like anyone and land on the dashboard, whose unread tile leads to the inbox; the
    // conversation is there, unread. (axe looks at the page, not at the login's toast: notistack's
    // own success green is the store's, checked elsewhere.)
    const page = await staffPage(DESKTOP);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByTestId('tile-unread').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/staff/inbox');
    const row = page.getByTestId('staff-conversation').filter({ hasText: email });
    await row.getByTestId('staff-unread').waitFor();
    expect(await row.textContent()).toContain('Hi! Has my order shipped yet?');
    expect(await axeViolations(page, '#main')).toEqual([]);
    await screenshot(page, 'staff-inbox-1440');

    // Opening it marks it read and shows the thread and the shopper's order beside it.
    await row.click();
    await page.getByRole('heading', { level: 2, name: 'Grace Hopper' }).waitFor();
    await page.getByTestId('staff-message').filter({ hasText: 'Has my order shipped yet?' }).waitFor();
    await row.getByTestId('staff-unread').waitFor({ state: 'detached' });
    // Shift+Enter is a new line; Enter sends, and the shopper's open chat shows the reply live.
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.fill('Hi Grace!');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('It ships today.');
    expect(await reply.inputValue()).toBe('Hi Grace!\nIt ships today.');
    await reply.press('Enter');
    await page.getByTestId('staff-message').filter({ hasText: 'It ships today.' }).waitFor();
    // The live message can arrive before the send's own answer, which empties the box.
    await expect.poll(() => reply.inputValue()).toBe('');
    await chat.getByText(/It ships today\./).waitFor();
    expect(await axeViolations(page, '#main')).toEqual([]);
    await screenshot(page, 'staff-thread-1440');
    await chat.getByRole('button', { name: 'Close' }).click();

    // The order page, from the link beside the thread: only the allowed next statuses are offered.
    // A paid order is named by its number (#1001 and on).
    await page.getByRole('link', { name: /^Order #\d{4,}\b/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Order #\d{4,}$/ }).waitFor();
    expect(page.url()).toContain(`/staff/orders/${orderId}`);
    const status = page.getByLabel('New status');
    expect(await status.locator('option').allTextContents()).toEqual(['Keep Order Placed', 'Processing', 'Cancelled', 'Refunded']);
    await status.selectOption('Processing');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('staff-status').first().textContent()).toBe('Processing');
    const card = shopper.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('Processing');

    await status.selectOption('Delivered');
    await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('staff-status').first().textContent()).toBe('Delivered');
    // The shopper's My Orders follows live, and the history says who moved it.
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('Delivered');
    await card.getByTestId('tracking-number').getByText('1Z999AA10123456784').waitFor();
    await page.getByTestId('order-history').getByText('Processing → Delivered').waitFor();
    expect(await page.getByTestId('order-history').textContent()).toContain('(staff)');
    expect(await status.locator('option').allTextContents()).toEqual(['Keep Delivered', 'Refunded']);
    expect(await axeViolations(page, '#main')).toEqual([]);
    await screenshot(page, 'staff-order-1440');

    // A refund asks first; kept, nothing moves; confirmed, the order page shows the refund.
    await status.selectOption('Refunded');
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund this order?' });
    await confirm.getByRole('button', { name: 'Keep the order' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await status.inputValue()).toBe('Refunded');
    await page.getByRole('button', { name: 'Save' }).click();
    await confirm.waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in: axe measures the colours as shown
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Refund and move to Refunded' }).click();
    await expect.poll(() => page.getByTestId('staff-status').first().textContent()).toBe('Refunded');
    await page.getByTestId('order-refund').getByText(/\$27\.99|\$\d+\.\d\d/).waitFor();
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('Refunded');
    expect(await page.getByText('This order is Refunded: it cannot move any further.').count()).toBe(1);

    // The board finds it by the shopper's e-mail; it fits a phone, whose menu holds the navigation.
    const phone = await newPage(PHONE);
    const staffToken = await page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:layerloft')!).session).token as string);
    await startWithSaved(phone, { session: { token: staffToken } }, { firstLoadOnly: true });
    const consoleLines: string[] = [];
    phone.on('console', (msg) => consoleLines.push(msg.text()));
    await phone.goto(`/staff/orders?q=${encodeURIComponent(email)}`);
    await phone.locator(`[data-testid="staff-order-row"][data-order-id="${orderId}"]`).waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    // The server rendered /staff as a guest's empty frame: the app took it over without a mismatch.
    expect(consoleLines.filter((m) => /hydrat|server-rendered|did not match/i.test(m))).toEqual([]);
    expect(await axeViolations(phone, '#main')).toEqual([]);
    await screenshot(phone, 'staff-orders-375');
    await phone.locator(`[data-testid="staff-order-row"][data-order-id="${orderId}"]`).getByRole('link').click();
    await phone.getByTestId('order-refund').waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'staff-order-375');
    await phone.getByRole('button', { name: 'Open the console menu' }).click();
    await phone.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Inbox' }).click();
    await expect.poll(() => new URL(phone.url()).pathname).toBe('/staff/inbox');
    await phone.locator('.MuiDrawer-root').waitFor({ state: 'detached' });
    await screenshot(phone, 'staff-inbox-375');
    await phone.getByTestId('staff-conversation').filter({ hasText: email }).click();
    await phone.getByRole('textbox', { name: 'Reply' }).waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'staff-thread-375');

    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/staff/orders');
    await page.locator(`[data-testid="staff-order-row"][data-order-id="${orderId}"]`).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'staff-orders-768');
    await page.getByRole('button', { name: 'Open the console menu' }).click();
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Inbox' }).click();
    await page.getByTestId('staff-conversation').filter({ hasText: email }).click();
    await page.getByRole('textbox', { name: 'Reply' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'staff-thread-768');
    expect([...page.errors, ...phone.errors, ...shopper.errors]).toEqual([]);
  });
});
