import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP } from './browser';
import { registerShopper, simpleProducts, type Shopper } from './shopper';
import { staffPage } from './staff';

/**
 * Fulfilment in the console, as staff use it: a note and a tag on an order, the order found by its
 * tag, two orders moved to Processing at once (one refused, with its reason); and what changes
 * elsewhere shows without a reload: a shopper's new paid order on the open board, a refund made
 * from elsewhere on the open order page's Payment row.
 */
let customer: Shopper;
let first = '';
let second = '';
const tag = `e2e-${Date.now().toString(36)}`;

beforeAll(async () => {
  customer = await registerShopper({ firstName: 'Grace', lastName: 'Hopper', password: 'cobol compiler 1', emailPrefix: 'fulfil', address: { street: '1 Navy Yard', city: 'Arlington', state: 'VA', zipcode: '22202', phone: '7035550100' } });
  const [product] = await simpleProducts();
  first = await customer.placePaidOrder(product!);
  second = await customer.placePaidOrder(product!);
});

/** The staff API as the signed-in page's session (what another staff member or the CLI would do). */
async function asStaff(page: Page, method: string, url: string, body?: unknown) {
  const token = await page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:layerloft')!).session).token as string);
  const res = await fetch(`${baseUrl()}${url}`, { method, headers: { 'content-type': 'application/json', token }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

describe('fulfilment in the console', () => {
  it('a note and a tag, the order found by its tag, two moved to Processing at once with the refusal said; the board and the order page follow changes live', async () => {
    const page = await staffPage(DESKTOP);

    // The open board (this shopper's orders) shows a new paid order without a reload.
    await page.goto(`/staff/orders?q=${encodeURIComponent(customer.email)}`);
    const rows = page.getByTestId('staff-order-row');
    await expect.poll(() => rows.count()).toBe(2);
    const [product] = await simpleProducts();
    const third = await customer.placePaidOrder(product!);
    await page.locator(`[data-testid="staff-order-row"][data-order-id="${third}"]`).waitFor();

    // A note and a tag on the first order; the second carries the tag too (its suggestion).
    await page.goto(`/staff/orders/${first}`);
    await page.getByLabel('New note').fill('Fragile: pack it in a double box');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByTestId('order-notes').getByText('Fragile: pack it in a double box').waitFor();
    await page.getByLabel('New tag').fill(tag);
    await page.getByRole('form', { name: 'Add a tag' }).getByRole('button', { name: 'Add' }).click();
    await page.getByRole('list', { name: 'Tags of this order' }).getByText(tag).waitFor();
    // Elsewhere, another staff member refunds $1.00 of it: the Payment row and the panel follow.
    await page.getByTestId('order-refund').getByText('None').waitFor();
    await asStaff(page, 'POST', `/api/staff/orders/${first}/refunds`, { amount: 1, idempotencyKey: `e2e-live-${tag}` });
    await page.getByTestId('order-refund').getByText('$1.00 in 1 refund').waitFor();
    await page.getByTestId('refund-made').filter({ hasText: '$1.00' }).waitFor();

    await asStaff(page, 'POST', `/api/staff/orders/${second}/tags`, { tag });
    await asStaff(page, 'POST', '/api/staff/order-status', { orderId: second, status: 'Processing' });

    // Found by the tag; both chosen and moved: one moves, the other is refused with its reason.
    await page.goto(`/staff/orders?q=${encodeURIComponent(tag)}`);
    await expect.poll(() => rows.count()).toBe(2);
    for (const id of [first, second]) await page.locator(`[data-testid="staff-order-row"][data-order-id="${id}"]`).getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Chosen orders' }).getByRole('button', { name: 'Move to Processing' }).click();
    const result = page.getByTestId('bulk-result');
    await result.getByText('One order was left as it was:').waitFor();
    expect(await result.textContent()).toContain('Already Processing.');
    await expect.poll(() => page.locator(`[data-testid="staff-order-row"][data-order-id="${first}"]`).getByTestId('staff-status').textContent()).toBe('Processing');
    expect(page.errors).toEqual([]);
  });
});
