import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/domain/types';
import { baseUrl } from './browser';
import { registerShopper, simpleProducts, type Shopper } from './shopper';
import { staffAccount } from './staff';

/**
 * Made to order in a real browser against the built server: the product page says when it ships,
 * the confirmation gives the same date, and when staff start printing the order's job the
 * shopper's My Orders shows Processing live (no reload).
 */
let shopper: Shopper;
let product: Product;

async function staffToken(): Promise<string> {
  const { email, password } = staffAccount();
  const res = await fetch(`${baseUrl()}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return ((await res.json()) as { token: string }).token;
}

beforeAll(async () => {
  shopper = await registerShopper({ firstName: 'Grace', lastName: 'Hopper', password: 'compiler pioneer 1', emailPrefix: 'made-to-order', address: { street: '1 Harbor Road', city: 'Arlington', state: 'VA', zipcode: '22201', phone: '7035550100' } });
  product = (await simpleProducts())[0]!;
});

describe('made to order', () => {
  it('states the ship-by date on the product page and the confirmation; a job started printing moves My Orders to Processing live', async () => {
    const page = await shopper.page();
    await page.goto(`/product/${product._id}`);
    const statement = page.locator('#ship-statement');
    await expect.poll(() => statement.textContent()).toMatch(/^Ships (today|tomorrow|by )/);
    await page.getByRole('button', { name: product.colorVariants[0]!.color, exact: true }).click();
    await expect.poll(() => statement.textContent()).toMatch(/^(Made to order|In stock) — ships (today|tomorrow|by .+)$/);
    const chosen = (await statement.textContent())!;

    // Paid on the built-in card page; its redirect brings the browser to the confirmation.
    const items = [{ productId: product._id, color: `${product.colorVariants[0]!.color}|`, quantity: 1 }];
    const { quote } = await shopper.api<{ quote: { amount: number } }>('POST', '/api/order/quote', { items });
    const address = { firstName: 'Grace', lastName: 'Hopper', email: shopper.email, street: '1 Harbor Road', city: 'Arlington', state: 'VA', zipcode: '22201', phone: '7035550100', country: 'United States' };
    const session = await shopper.api<{ orderId: string; sessionId: string }>('POST', '/api/order/stripe', { address, items, amount: quote.amount, isBuyNow: true });
    const form = new URLSearchParams({ name: 'Grace Hopper', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' });
    const paid = await fetch(`${baseUrl()}/pay/${session.sessionId}`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(paid.status).toBe(303);
    const orderId = session.orderId;
    const mine = await shopper.api<{ orders: { _id: string; shipBy?: string }[] }>('POST', '/api/order/userorders', {});
    const shipBy = mine.orders.find((o) => o._id === orderId)?.shipBy;
    expect(shipBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const day = new Date(`${shipBy}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
    // The product page promised that day for the chosen option (or 'today'/'tomorrow' for it).
    if (chosen.includes('ships by ')) expect(chosen).toContain(day);
    await page.goto(new URL(paid.headers.get('location')!, baseUrl()).pathname + new URL(paid.headers.get('location')!, baseUrl()).search);
    await page.waitForURL('**/order-placed');
    await expect.poll(() => page.getByTestId('placed-ship-by').textContent()).toBe(`Ships by ${day}`);

    await page.goto('/orders');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await card.waitFor();
    expect(await card.getByTestId('order-status').textContent()).toBe('Order Placed');

    const token = await staffToken();
    const queue = (await (await fetch(`${baseUrl()}/api/staff/print-queue`, { headers: { token } })).json()) as { queue: { jobs: { _id: string; orderId: string }[] } };
    const job = queue.queue.jobs.find((j) => j.orderId === orderId)!;
    const moved = await fetch(`${baseUrl()}/api/staff/print-jobs/${job._id}`, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'Printing' }) });
    expect(moved.status).toBe(200);
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('Processing');
  });
});
