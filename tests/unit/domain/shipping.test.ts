import { describe, expect, it } from 'vitest';
import { deliveryFeeCents, orderTotalsCents } from '../../../src/domain/shipping';

describe('delivery fee (10, waived from a subtotal of 100)', () => {
  it.each([
    [0, 0],
    [1, 1000],
    [9999, 1000],
    [10000, 0],
    [25000, 0],
  ])('subtotal %i cents → fee %i cents', (subtotal, fee) => {
    expect(deliveryFeeCents(subtotal)).toBe(fee);
  });
});

describe('order totals (discount on subtotal plus shipping)', () => {
  it('applies the fee and no discount', () => {
    expect(orderTotalsCents(5000)).toEqual({ subtotal: 5000, shipping: 1000, discount: 0, total: 6000 });
  });
  it('discounts subtotal plus shipping, rounded to the cent', () => {
    expect(orderTotalsCents(9999, 10)).toEqual({ subtotal: 9999, shipping: 1000, discount: 1100, total: 9899 });
    expect(orderTotalsCents(10000, 10)).toEqual({ subtotal: 10000, shipping: 0, discount: 1000, total: 9000 });
    expect(orderTotalsCents(3333, 15)).toEqual({ subtotal: 3333, shipping: 1000, discount: 650, total: 3683 });
  });
  it('never goes negative', () => {
    expect(orderTotalsCents(5000, 100).total).toBe(0);
    expect(orderTotalsCents(5000, 250).total).toBe(0);
  });
});
