import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { baseUrl, screenshot } from './browser';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
import { registerShopper, simpleProducts, type Shopper } from './shopper';
import { staffPage } from './staff';

/**
 * A staff member refunds one line of a paid two-line order from the order page's refund panel;
 * the shopper sees "Partly refunded" on My Orders and the refund in the order's details.
 */
let customer: Shopper;
let orderId = '';
let refundedName = '';

beforeAll(async () => {
  customer = await registerShopper({ firstName: 'Ada', lastName: 'Byron', password: 'analytical engine 1', emailPrefix: 'refunds', address: { street: '12 Engine Lane', city: 'Baltimore', state: 'MD', zipcode: '21201', phone: '4105550142' } });
  const [a, b] = await simpleProducts();
  refundedName = b!.name;
  const items = [a!, b!].map((p) => ({ productId: p._id, color: `${p.colorVariants[0]!.color}|`, quantity: 1 }));
  const { quote } = await customer.api<{ quote: { amount: number } }>('POST', '/api/order/quote', { items });
  const address = { firstName: 'Ada', lastName: 'Byron', email: customer.email, street: '12 Engine Lane', city: 'Baltimore', state: 'MD', zipcode: '21201', phone: '4105550142', country: 'United States' };
  const session = await customer.api<{ orderId: string; sessionId: string }>('POST', '/api/order/stripe', { address, items, amount: quote.amount, isBuyNow: true });
  const form = new URLSearchParams({ name: 'Ada Byron', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' });
  const paid = await fetch(`${baseUrl()}/pay/${session.sessionId}`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  expect(paid.status).toBe(303);
  orderId = session.orderId;
});

describe('a partial refund', () => {
  it('staff refund one line of a paid order; the shopper sees it on My Orders', async () => {
    const page = await staffPage(DESKTOP);
    await page.goto(`/staff/orders/${orderId}`);
    const panel = page.getByTestId('refund-panel');
    await panel.getByTestId('refundable').waitFor();

    await panel.getByRole('checkbox', { name: `Refund ${refundedName}` }).check();
    const button = panel.getByRole('button', { name: /^Refund \$\d+\.\d\d…$/ });
    const label = (await button.textContent())!;
    const amount = /\$\d+\.\d\d/.exec(label)![0];
    expect(await axeViolations(page, '[data-testid="refund-panel"]')).toEqual([]);
    await screenshot(page, 'staff-refund-panel-1280');
    await page.setViewportSize(PHONE);
    expect(await axeViolations(page, '[data-testid="refund-panel"]')).toEqual([]);
    await screenshot(page, 'staff-refund-panel-390');
    await page.setViewportSize(DESKTOP);
    await button.click();
    const dialog = page.getByRole('dialog', { name: `Refund ${amount}?` });
    await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
    await panel.getByTestId('refund-made').filter({ hasText: amount }).waitFor();
    await expect.poll(() => panel.getByRole('checkbox', { name: `Refund ${refundedName}` }).isDisabled()).toBe(true);

    const shopper = await customer.page(PHONE);
    await shopper.goto('/orders');
    const card = shopper.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await expect.poll(() => card.getByTestId('partly-refunded').textContent()).toBe(`Partly refunded ${amount}`);
    await card.getByRole('button', { name: 'Order Details' }).click();
    await expect.poll(() => card.getByTestId('order-refund').textContent()).toContain(amount);
    expect(await card.getByTestId('order-address').textContent()).toContain('12 Engine Lane');
    expect(await axeViolations(shopper, '#main')).toEqual([]);
    await screenshot(shopper, 'orders-refund-390');
    await shopper.setViewportSize(DESKTOP);
    await screenshot(shopper, 'orders-refund-1280');
    expect([...page.errors, ...shopper.errors]).toEqual([]);
  });
});
