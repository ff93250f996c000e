import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/domain/types';
import { axeViolations } from './axe';
import { baseUrl, dataDir, DESKTOP, screenshot } from './browser';

const PHONE_390 = { width: 390, height: 844 };
const DESKTOP_1280 = { width: 1280, height: 900 };
import { registerShopper, simpleProducts, type Shopper } from './shopper';
import { staffAccount, staffPage } from './staff';

/**
 * Reviews in a real browser against the built server: a buyer whose order was delivered follows the
 * link of the invitation e-mail, writes a review with a photo; staff approve it in the queue (by
 * keyboard, axe clean, on a phone and a desktop); the product page and the product's card show it;
 * another shopper's helpful vote shows at once and goes back when the server refuses it.
 */
let buyer: Shopper;
let product: Product;
const title = `Sturdy and bright ${Date.now().toString(36)}`;

/** The review invitation sent to `email` (the outbox file: SMTP is not configured for the tests), as a path on this server. */
function invitationLink(email: string): string | null {
  const file = path.join(dataDir(), 'outbox.jsonl');
  if (!fs.existsSync(file)) return null;
  const mails = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; subject: string; text: string });
  const mail = mails.find((m) => m.to === email && m.subject.endsWith('Tell other shoppers'));
  const url = mail && /https?:\/\/\S+(\/review\?token=\S+)/.exec(mail.text)?.[1];
  return url ?? null;
}

beforeAll(async () => {
  buyer = await registerShopper({ firstName: 'Rita', lastName: 'Levi', password: 'reviews are kind 1', emailPrefix: 'reviewer', address: { street: '3 Layer Lane', city: 'Portland', state: 'OR', zipcode: '97201', phone: '5035550142' } });
  product = (await simpleProducts())[1]!;
  const orderId = await buyer.placePaidOrder(product);
  // Staff deliver the order through their API (the console's order page is another test's).
  const staff = staffAccount();
  const post = (url: string, body: unknown, token = '') => fetch(`${baseUrl()}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
  const { token } = (await (await post('/api/user/login', staff)).json()) as { token: string };
  for (const status of ['Processing', 'Delivered']) expect((await post('/api/staff/order-status', { orderId, status }, token)).status).toBe(200);
});

describe('reviews', () => {
  it('a delivered order’s buyer reviews with a photo from the e-mail’s link; staff approve it; the product page and its card show it', async () => {
    await expect.poll(() => invitationLink(buyer.email), { timeout: 15_000 }).not.toBeNull();
    const page = await buyer.page(DESKTOP);
    await page.goto(invitationLink(buyer.email)!);
    // The link lands on the product page with the form open.
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/product/${product._id}`);
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.waitFor();
    await form.getByRole('radio', { name: '5 stars' }).click();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Your review').fill('The colours match the pictures and the layers are barely visible.');
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#E8643C' } }).png().toBuffer();
    await form.getByLabel('Add photos').setInputFiles({ name: 'print.png', mimeType: 'image/png', buffer: photo });
    await form.getByRole('list', { name: 'Attached photos' }).getByRole('listitem').first().waitFor();
    await form.getByRole('button', { name: 'Send review' }).click();
    await page.getByText('Waiting for the shop to read it', { exact: false }).waitFor();

    // Staff approve it from the queue, by keyboard.
    const staff = await staffPage(DESKTOP_1280);
    await staff.goto('/staff/reviews');
    await staff.getByRole('heading', { level: 1, name: /Reviews/ }).waitFor();
    const card = staff.getByRole('article', { name: title });
    await card.waitFor();
    expect(await axeViolations(staff, '#main')).toEqual([]);
    await screenshot(staff, 'staff-reviews-1280');
    const approve = card.getByRole('button', { name: 'Approve' });
    await approve.focus();
    await staff.keyboard.press('Enter');
    await card.waitFor({ state: 'detached' });
    expect(staff.errors).toEqual([]);

    // The product page shows it with its photo and the buyer as verified.
    await page.goto(`/product/${product._id}`);
    const review = page.getByRole('article', { name: title });
    await review.waitFor();
    expect(await review.getByText('Verified buyer').count()).toBe(1);
    expect(await review.getByRole('button', { name: /Open photo 1 of 1/ }).count()).toBe(1);
    // And the product's card in the store shows its stars and count.
    await page.goto(`/collection?q=${encodeURIComponent(product.name)}`);
    const productCard = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.name }) }).first();
    await productCard.getByRole('img', { name: /out of 5 stars from \d+ reviews?/ }).waitFor();
    expect(page.errors).toEqual([]);
  });

  it('a helpful vote shows at once and goes back when the server refuses it', async () => {
    const reader = await registerShopper({ firstName: 'Ola', lastName: 'Nord', password: 'helpful votes 1', emailPrefix: 'reader', address: { street: '9 Print Row', city: 'Salem', state: 'OR', zipcode: '97301', phone: '5035550143' } });
    const page = await reader.page(PHONE_390);
    // The server refuses, but only once the optimistic vote has been seen on the page.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/reviews/*/helpful', async (route) => {
      await released;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'The shop could not count your vote just now.' }) });
    });
    await page.goto(`/product/${product._id}`);
    const review = page.getByRole('article', { name: title });
    await review.waitFor();
    const before = review.getByRole('button', { name: /^Helpful \(\d+\)$/ });
    const count = Number(/\((\d+)\)/.exec((await before.textContent()) ?? '')?.[1]);
    await before.click();
    await review.getByRole('button', { name: `Helpful (${count + 1})` }).and(page.locator('[aria-pressed="true"]')).waitFor();
    release();
    await page.getByText('The shop could not count your vote just now.').waitFor();
    await review.getByRole('button', { name: `Helpful (${count})` }).and(page.locator('[aria-pressed="false"]')).waitFor();
  });

  it('the staff reviews queue reads well on a phone', async () => {
    const staff = await staffPage(PHONE_390);
    await staff.goto('/staff/reviews');
    await staff.getByRole('heading', { level: 1, name: /Reviews/ }).waitFor();
    await staff.getByRole('tab', { name: 'Approved' }).click();
    await staff.getByRole('article', { name: title }).waitFor();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(staff, '#main')).toEqual([]);
    await screenshot(staff, 'staff-reviews-390');
  });
});
