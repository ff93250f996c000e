/**
 * The staff console's catalog editors, in the built app against the real server: a staff
 * member signs in through /login, creates a product with an uploaded picture (a PNG made here with
 * sharp) that then shows in /collection and on its product page; a bad input is named per field and
 * nothing typed is lost; a delete the server refuses (an active bundle holds the product) offers
 * Hide instead. The staff account is the one the server creates at start-up (DATA_DIR/staff.json).
 */
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { baseUrl, brokenImages, dataDir, DESKTOP, newPage, PHONE, screenshot } from './browser';
import { staffAccount } from './staff';

const TABLET = { width: 768, height: 1024 };

function staffCredentials(): { email: string; password: string } {
  return staffAccount();
}

async function pngFile(): Promise<string> {
  const file = path.join(dataDir(), `staff-catalog-${Date.now()}.png`);
  await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 230, g: 90, b: 40 } } })
    .composite([{ input: Buffer.from('<svg width="400" height="300"><circle cx="200" cy="150" r="90" fill="#1e3a8a"/></svg>'), top: 0, left: 0 }])
    .png()
    .toFile(file);
  return file;
}

describe('staff catalog editors', () => {
  it('creates a product with an uploaded picture that shoppers then see; refuses a held delete and hides instead', { timeout: 45_000 }, async () => {
    const { email, password } = staffCredentials();
    const name = `Comet Rider ${Date.now().toString(36)}`;
    const picture = await pngFile();
    const page = await newPage(DESKTOP);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');

    await page.goto('/staff/products/new');
    const form = page.getByRole('form', { name: 'New product' });
    await form.waitFor();

    // A bad price is named under its field; what was typed stays.
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Price ($)').fill('12.345');
    await page.getByRole('button', { name: 'Create product' }).click();
    await form.getByText('must have at most 2 decimals').waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe(name);
    await form.getByLabel('Price ($)').fill('24.5');
    await form.getByLabel('Discount (%)').fill('10');
    await form.getByLabel('Bestseller').check();

    // The picture: uploaded, previewed from the server's url.
    await page.locator('#product-pictures').locator('..').locator('input[type=file]').setInputFiles(picture);
    const preview = form.getByRole('img', { name: 'Product picture 1' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{24}-\d+\.webp$/);
    expect(await brokenImages(page, 'form img')).toEqual([]);

    // Stock: its one option stocked only, three on the shelf (a zero print time is named first).
    const option = form.getByRole('group', { name: 'Stock of Standard' });
    await option.getByLabel('Print time (minutes)').fill('0');
    await page.getByRole('button', { name: 'Create product' }).click();
    await option.getByText('must be at least 1 minute').waitFor();
    await option.getByLabel('Print time (minutes)').fill('90');
    await option.getByRole('switch', { name: 'Made to order' }).uncheck();
    await option.getByLabel('On hand').fill('3');

    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/staff\/products\/[0-9a-f]{24}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { level: 1, name }).waitFor();
    // The stock as saved, read back from the server.
    expect(await page.getByRole('group', { name: 'Stock of Standard' }).getByLabel('On hand').inputValue()).toBe('3');
    expect(await page.getByRole('group', { name: 'Stock of Standard' }).getByRole('switch', { name: 'Made to order' }).isChecked()).toBe(false);
    // Its change history names who created it.
    await page.getByRole('region', { name: 'Change history' }).getByText(`create · ${email}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-product-editor-1440');

    // The list finds it by name; every width is usable.
    await page.goto(`/staff/products`);
    await page.getByLabel('Search products').fill(name);
    await page.getByRole('list', { name: 'Products' }).getByRole('link', { name }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-products-1440');
    for (const [label, size] of [['768', TABLET], ['375', PHONE]] as const) {
      await page.setViewportSize(size);
      await screenshot(page, `staff-products-${label}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.setViewportSize(PHONE);
    await page.goto(`/staff/products/${id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await screenshot(page, 'staff-product-editor-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(DESKTOP);

    // Shoppers: in the collection and on its product page, with the uploaded picture.
    const shopper = await newPage(DESKTOP);
    await shopper.goto(`/collection?q=${encodeURIComponent(name)}`);
    await shopper.getByRole('heading', { name }).first().waitFor();
    await shopper.goto(`/product/${id}`);
    await shopper.getByRole('heading', { level: 1, name }).waitFor();
    const shown = await shopper.locator('main img[src^="/uploads/"]').first().getAttribute('src');
    expect(shown).toMatch(/^\/uploads\/[0-9a-f]{24}-\d+\.webp/);
    expect(await brokenImages(shopper, 'main img')).toEqual([]);

    // An active bundle holds it: the delete is refused with the server's reason, and Hide is offered.
    const token = await page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:layerloft')!).session).token as string);
    const now = Date.now();
    const created = await fetch(`${baseUrl()}/api/staff/bundles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ title: `Held ${name}`, price: 30, startDate: new Date(now - 86_400_000).toISOString(), endDate: new Date(now + 86_400_000).toISOString(), products: [id] }),
    });
    expect(created.status).toBe(201);
    await page.goto(`/staff/products/${id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText(/cannot be deleted while the active bundle "Held .*" holds it/).waitFor();
    await dialog.getByRole('button', { name: 'Hide it instead' }).click();
    await page.getByText('Hidden: shoppers do not see this product.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Shoppers are told it is not found; staff still see it, hidden.
    expect((await fetch(`${baseUrl()}/api/product/single/${id}`)).status).toBe(404);
    const hidden = (await (await fetch(`${baseUrl()}/api/product/single/${id}`, { headers: { token } })).json()) as { product: { notAvailableYet?: boolean } };
    expect(hidden.product.notAvailableYet).toBe(true);

    // With the bundle cancelled nothing holds it: the delete goes through (and the shop is as it was for the other files).
    const { bundle } = (await created.json()) as { bundle: { _id: string } };
    expect((await fetch(`${baseUrl()}/api/staff/bundles/${bundle._id}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: '{}' })).status).toBe(200);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((u) => u.pathname === '/staff/products');
    expect((await fetch(`${baseUrl()}/api/product/single/${id}`)).status).toBe(404);

    // The refused delete is the one failed call (the browser logs its 409); nothing else went wrong.
    expect(page.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    expect(shopper.errors).toEqual([]);
  });

  it('shows bundles, discount codes and settings usable at every width, axe clean', { timeout: 40_000 }, async () => {
    const { email, password } = staffCredentials();
    const page = await newPage(DESKTOP);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname !== '/login');

    const screens: [string, string, () => Promise<void>][] = [
      ['bundles', '/staff/bundles', () => page.getByRole('heading', { level: 1, name: 'Bundles' }).waitFor()],
      ['bundle-new', '/staff/bundles/new', () => page.getByRole('form', { name: 'New bundle' }).waitFor()],
      ['discounts', '/staff/discounts', () => page.getByRole('list', { name: 'Discount codes' }).waitFor()],
      ['settings', '/staff/settings', () => page.getByRole('form', { name: 'Shop settings' }).waitFor()],
    ];
    for (const [name, url, ready] of screens) {
      await page.setViewportSize(DESKTOP);
      await page.goto(url);
      await ready();
      if (name === 'discounts') await page.getByRole('button', { name: 'New code' }).click();
      expect(await axeViolations(page), name).toEqual([]);
      await screenshot(page, `staff-${name}-1440`);
      for (const [label, size] of [['768', TABLET], ['375', PHONE]] as const) {
        await page.setViewportSize(size);
        await screenshot(page, `staff-${name}-${label}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${label}`).toBe(true);
      }
    }

    // A discount code from the keyboard: a bad percentage is named, then the code is created and listed.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Discounts' }).click();
    await page.getByRole('button', { name: 'New code' }).click();
    const code = `KB${Date.now().toString(36).toUpperCase()}`;
    const form = page.getByRole('form', { name: 'New discount code' });
    await form.getByLabel('Code').focus();
    await page.keyboard.type(code);
    await page.keyboard.press('Tab');
    await page.keyboard.type('150');
    await page.keyboard.press('Enter');
    await form.getByText('must be 1–100').waitFor({ timeout: 5000 });
    await form.getByLabel('Percentage (%)').fill('15');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Discount codes' }).getByText(code).waitFor({ timeout: 5000 });
    await page.getByRole('heading', { name: `Edit ${code}` }).waitFor();
    // Disabled from its switch (no other file's checkout meets an unknown live code).
    await page.getByRole('switch', { name: `${code} enabled` }).click();
    await page.getByRole('switch', { name: `${code} enabled` }).and(page.locator(':not(:checked)')).waitFor();
    expect(page.errors).toEqual([]);
  });
});
