import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { screenshot } from './browser';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
import { registerShopper, simpleProducts, type Shopper } from './shopper';
import { staffPage } from './staff';

/**
 * A staff member prints a packing slip: from the order page to the slip, which holds the shop, the
 * order number, the address and the lines, and no price; printed, it leaves the console out.
 */
let customer: Shopper;
let orderId = '';
let secondId = '';
let productName = '';

beforeAll(async () => {
  customer = await registerShopper({ firstName: 'Hedy', lastName: 'Lamarr', password: 'frequency hop 1', emailPrefix: 'slip', address: { street: '7 Spectrum Way', city: 'Vienna', state: 'VA', zipcode: '22180', phone: '7035550123' } });
  const product = (await simpleProducts())[0]!;
  productName = product.name;
  orderId = await customer.placePaidOrder(product);
  secondId = await customer.placePaidOrder(product);
});

describe('packing slips', () => {
  it('staff open an order, print its slip: number, address and lines, no prices; the console stays off the paper', async () => {
    const page = await staffPage(DESKTOP);
    await page.goto(`/staff/orders/${orderId}`);
    const heading = page.getByRole('heading', { level: 1, name: /^Order #\d+$/ });
    await heading.waitFor();
    const number = /#\d+/.exec((await heading.textContent()) ?? '')![0];
    await page.getByTestId('order-timeline').getByText(/^Paid: order #\d+$/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-order-fulfil-1280');

    await page.getByRole('link', { name: 'Packing slip' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/staff/orders/${orderId}/slip`);
    const slip = page.getByTestId('packing-slip');
    await slip.getByRole('heading', { level: 2, name: `Order ${number}` }).waitFor();
    const text = (await slip.textContent()) ?? '';
    expect(text).toContain('Packing slip');
    expect(text).toContain('Hedy Lamarr');
    expect(text).toContain('7 Spectrum Way');
    expect(text).toContain('Vienna, VA 22180');
    expect(text).toContain(productName);
    expect(text).not.toMatch(/\$\s?\d/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-slip-1280');

    // On paper: the slip alone.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.staff-chrome').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await slip.isVisible()).toBe(true);
    await screenshot(page, 'staff-slip-print');
    await page.emulateMedia({ media: 'screen' });

    // A selection prints one order per sheet.
    await page.goto(`/staff/slips?ids=${orderId},${secondId}`);
    await expect.poll(() => page.getByTestId('packing-slip').count()).toBe(2);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    fs.mkdirSync(path.resolve('test-output'), { recursive: true });
    fs.writeFileSync(path.resolve('test-output/staff-slips.pdf'), pdf);
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(2);

    // The board: the order chosen by keyboard, its slips one link away.
    await page.goto('/staff/orders');
    const box = page.getByRole('checkbox', { name: `Choose Order ${number}` });
    await box.focus();
    await page.keyboard.press('Space');
    await page.getByTestId('bulk-count').getByText('1 chosen').waitFor();
    expect(await page.getByRole('link', { name: 'Print slips' }).getAttribute('href')).toBe(`/staff/orders/${orderId}/slip`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-board-bulk-1280');

    const phone = await staffPage(PHONE);
    await phone.goto(`/staff/orders/${orderId}`);
    await phone.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
    await phone.getByTestId('order-timeline').waitFor();
    await screenshot(phone, 'staff-order-fulfil-390');
    await phone.goto(`/staff/orders/${orderId}/slip`);
    await phone.getByTestId('packing-slip').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'staff-slip-390');
    expect([...page.errors, ...phone.errors]).toEqual([]);
  });
});
