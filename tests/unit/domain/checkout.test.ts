import { describe, expect, it } from 'vitest';
import { catalogLookup } from '../../../src/domain/cartLines';
import { normaliseDiscountCode, orderLineKey, paymentMethodError, priceOrder } from '../../../src/domain/checkout';
import { orderTotalsCents } from '../../../src/domain/shipping';
import { bundles, makeProduct, NOW } from '../../fixtures/catalog';

describe('orderTotalsCents: the one totals rule (SPEC §9)', () => {
  it('charges the $10 delivery fee below $100 and waives it from $100.00', () => {
    expect(orderTotalsCents(9999)).toEqual({ subtotal: 9999, shipping: 1000, discount: 0, total: 10999 });
    expect(orderTotalsCents(10000)).toEqual({ subtotal: 10000, shipping: 0, discount: 0, total: 10000 });
    expect(orderTotalsCents(0)).toEqual({ subtotal: 0, shipping: 0, discount: 0, total: 0 });
  });

  it('applies the discount to subtotal plus shipping', () => {
    // ($50 + $10) × 10% = $6
    expect(orderTotalsCents(5000, 10)).toEqual({ subtotal: 5000, shipping: 1000, discount: 600, total: 5400 });
    // At the threshold there is no fee to discount: $100 × 15% = $15
    expect(orderTotalsCents(10000, 15)).toEqual({ subtotal: 10000, shipping: 0, discount: 1500, total: 8500 });
  });

  it('rounds the discount to the nearest cent, in integers', () => {
    // ($33.33 + $10) × 10% = $4.333 → $4.33
    expect(orderTotalsCents(3333, 10)).toMatchObject({ discount: 433, total: 3900 });
    // ($0.05 + $10) × 25% = $2.5125 → $2.51
    expect(orderTotalsCents(5, 25)).toMatchObject({ discount: 251, total: 754 });
    // ($19.99 + $10) × 15% = $4.4985 → $4.50
    expect(orderTotalsCents(1999, 15)).toMatchObject({ discount: 450, total: 2549 });
    for (const t of [orderTotalsCents(1234, 33), orderTotalsCents(98765, 7)]) for (const v of Object.values(t)) expect(Number.isInteger(v)).toBe(true);
  });

  it('clamps a bad percentage', () => {
    expect(orderTotalsCents(5000, 150).total).toBe(0);
    expect(orderTotalsCents(5000, -5).total).toBe(6000);
  });
});

describe('priceOrder: what the server charges and the client previews', () => {
  const catalog = catalogLookup(
    [
      makeProduct({ _id: 'fig', name: 'Figure', price: 40, discount: 25, colorVariants: [{ color: 'Red', image: '/r.svg' }], clothingSizes: ['M'] }),
      makeProduct({ _id: 'acc', name: 'Stand', price: 10, accessories: [{ name: 'Plate', price: 4.5, images: [], description: '' }] }),
      makeProduct({ _id: 'gone', name: 'Sold Out', outOfStock: true }),
    ],
    bundles,
  );

  it('prices sale, accessory and active bundle lines with fee and discount', () => {
    const r = priceOrder(
      [
        { key: 'fig_Red|M', quantity: 2 },
        { key: 'acc_accessory-0', quantity: 1 },
        { key: 'bn-active-1_bundle', quantity: 1 },
      ],
      catalog,
      10,
      NOW,
    );
    expect(r.problems).toEqual([]);
    expect(r.lines.map((l) => l.unitPriceCents)).toEqual([3000, 450, 4950]);
    // 6000 + 450 + 4950 = 11400, free delivery, 10% = 1140
    expect(r.totals).toEqual({ subtotal: 11400, shipping: 0, discount: 1140, total: 10260 });
  });

  it('lists lines that cannot be bought and leaves them out of the totals', () => {
    const r = priceOrder(
      [
        { key: 'fig_Red|M', quantity: 1 },
        { key: 'gone_|', quantity: 1 },
        { key: 'bn-expired_bundle', quantity: 1 },
        { key: 'nope_|', quantity: 1 },
      ],
      catalog,
      0,
      NOW,
    );
    expect(r.problems.map((p) => p.message)).toEqual([
      'Sold Out is out of stock',
      'The bundle "Spring Sale Pack" is not on offer right now',
      'An item in your order is no longer in our catalog',
    ]);
    expect(r.totals.subtotal).toBe(3000);
  });
});

describe('discount code and payment method rules (SPEC §5)', () => {
  it('trims and upper-cases codes; blank means none', () => {
    expect(normaliseDiscountCode('  welcome10 ')).toBe('WELCOME10');
    expect(normaliseDiscountCode('   ')).toBe('');
    expect(normaliseDiscountCode(undefined)).toBe('');
    expect(normaliseDiscountCode(42)).toBe('');
  });

  it('accepts card only', () => {
    expect(paymentMethodError('card')).toBeNull();
    expect(paymentMethodError('cod')).toBe('Invalid payment method.');
    expect(paymentMethodError('')).toBe('Invalid payment method.');
  });

  it("normalises an order line's variant like the cart does", () => {
    expect(orderLineKey('p1', 'Red|null')).toBe('p1_Red|');
    expect(orderLineKey('p1', 'null|null')).toBe('p1_|');
    expect(orderLineKey('p1', 'bundle')).toBe('p1_bundle');
    expect(orderLineKey('p1', 'accessory-2')).toBe('p1_accessory-2');
    expect(orderLineKey('p1', 'Red')).toBeNull();
  });
});
