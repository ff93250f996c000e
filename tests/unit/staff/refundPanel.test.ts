import { describe, expect, it } from 'vitest';
import type { RefundPanel } from '../../../src/domain/refunds';
import { EMPTY_REFUND_DRAFT } from '../../../src/features/staff/refundPanelSlice';
import { parseAmountCents, refundPreview, refundsSummary } from '../../../src/features/staff/refundRules';
import { planOrderUpdate } from '../../../src/features/staff/rules';

const panel: RefundPanel = {
  orderId: 'a'.repeat(24),
  status: 'Order Placed',
  paid: 90,
  refunded: 17.77,
  refundable: 72.23,
  shipping: 10,
  discount: 10,
  lines: [
    { index: 0, name: 'Dragon', image: '', color: '|', quantity: 3, refundedQuantity: 1, total: 60 },
    { index: 1, name: 'Figure', image: '', color: 'Red|S', quantity: 1, refundedQuantity: 0, total: 30 },
  ],
  refunds: [],
};

describe('the refund panel', () => {
  it('reads amounts in dollars and cents', () => {
    expect([parseAmountCents(''), parseAmountCents('12.4'), parseAmountCents('$12.40'), parseAmountCents('7'), parseAmountCents('1.234'), parseAmountCents('-1')]).toEqual([0, 1240, 1240, 700, null, null]);
  });

  it('previews the refund with the server’s rule, and says why not in words', () => {
    expect(refundPreview(panel, EMPTY_REFUND_DRAFT)).toEqual({ ok: false, message: null });
    expect(refundPreview(panel, { ...EMPTY_REFUND_DRAFT, units: { 1: 1 } })).toEqual({ ok: true, amountCents: 2667, label: 'Refund $26.67' });
    expect(refundPreview(panel, { ...EMPTY_REFUND_DRAFT, units: { 0: 2 }, amount: '10' })).toEqual({ ok: true, amountCents: 3556 + 1000, label: 'Refund $45.56' });
    expect(refundPreview(panel, { ...EMPTY_REFUND_DRAFT, amount: '72.24' })).toEqual({ ok: false, message: 'You can refund at most $72.23' });
    expect(refundPreview(panel, { ...EMPTY_REFUND_DRAFT, amount: 'ten' })).toEqual({ ok: false, message: 'Enter the amount in dollars and cents, such as 12.40' });
  });
});

describe('the ship form’s carrier', () => {
  it('goes with the tracking number; a new carrier for the same number sends the number again', () => {
    const order = { _id: 'o1', status: 'Processing' as const, paid: true, trackingNumber: null, carrier: null };
    expect(planOrderUpdate(order, { status: 'Delivered', tracking: '1Z9', carrier: 'UPS' })).toMatchObject({ ok: true, body: { orderId: 'o1', status: 'Delivered', trackingNumber: '1Z9', carrier: 'UPS' } });
    const shipped = { ...order, trackingNumber: '1Z9', carrier: 'UPS' };
    expect(planOrderUpdate(shipped, { status: '', tracking: '1Z9', carrier: 'FedEx' })).toMatchObject({ ok: true, body: { trackingNumber: '1Z9', carrier: 'FedEx' } });
    expect(planOrderUpdate(shipped, { status: '', tracking: '1Z9', carrier: 'UPS' })).toMatchObject({ ok: false });
    expect(planOrderUpdate(order, { status: '', tracking: '1Z9' })).toMatchObject({ ok: true, body: { trackingNumber: '1Z9' } });
  });
});

describe("the order page's Payment row", () => {
  const r = (amount: number, status: string) => ({ _id: `rf-${amount}`, provider: 'test', providerRefundId: null, amount, status, lines: [], reason: null, restock: false, by: { _id: null, name: null, email: null }, at: '2026-11-27T12:00:00.000Z' });
  it('sums up every refund the panel lists, naming those waiting or failed', () => {
    expect(refundsSummary({ refunded: 0, refunds: [] })).toBeNull();
    expect(refundsSummary({ refunded: 17.77, refunds: [r(17.77, 'succeeded')] })).toBe('$17.77 in 1 refund');
    expect(refundsSummary({ refunded: 27.77, refunds: [r(17.77, 'succeeded'), r(10, 'pending')] })).toBe('$27.77 in 2 refunds');
    expect(refundsSummary({ refunded: 27.77, refunds: [r(17.77, 'succeeded'), r(10, 'requested'), r(90, 'failed')] })).toBe('$27.77 in 2 refunds · 1 waiting for the provider · 1 failed');
  });
});
