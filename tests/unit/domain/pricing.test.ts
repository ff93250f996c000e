import { describe, expect, it } from 'vitest';
import { badgePercent, bundleSavings, isPurchasable, salePrice, salePriceCents, unavailableReason } from '../../../src/domain/pricing';

describe('sale price (SPEC §9: price minus the discount percent, to 2 decimals)', () => {
  it.each([
    [{ price: 40, discount: 0 }, 4000],
    [{ price: 40, discount: 25 }, 3000],
    [{ price: 19.99, discount: 15 }, 1699], // 16.9915 → 16.99
    [{ price: 10.005, discount: 0 }, 1001],
    [{ price: 33.33, discount: 33 }, 2233], // 22.3311 → 22.33
    [{ price: 25, discount: 100 }, 0],
  ])('%o costs %i cents', (product, cents) => {
    expect(salePriceCents(product)).toBe(cents);
  });

  it('clamps a discount outside 0–100 so a bad record never yields a negative or inflated price', () => {
    expect(salePriceCents({ price: 20, discount: 150 })).toBe(0);
    expect(salePriceCents({ price: 20, discount: -10 })).toBe(2000);
    expect(salePriceCents({ price: 20, discount: Number.NaN })).toBe(2000);
  });

  it('gives dollars with at most 2 decimals', () => {
    expect(salePrice({ price: 19.99, discount: 15 })).toBe(16.99);
  });
});

describe('badge percent (rounded to the nearest 10)', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 10],
    [15, 20],
    [24, 20],
    [33, 30],
    [100, 100],
  ])('%i%% shows %i%%', (discount, shown) => {
    expect(badgePercent(discount)).toBe(shown);
  });
});

describe('purchasable (one rule for client and server)', () => {
  it('is true for an ordinary item and for pre-order', () => {
    expect(isPurchasable({})).toBe(true);
    expect(isPurchasable({ preOrder: true })).toBe(true);
  });
  it.each(['outOfStock', 'vaulted', 'notAvailableYet', 'comingSoon'] as const)('is false when %s', (flag) => {
    expect(isPurchasable({ [flag]: true })).toBe(false);
  });
});

describe('what a bundle saves (the bundle page\'s "You save $X (Y%)")', () => {
  it('is the products\' current sale prices, one of each, minus the bundle price, in cents', () => {
    // 19.99 + (40 - 25 %) = 49.99 against 39.99: $10.00, 20 % of 49.99.
    expect(bundleSavings({ price: 39.99 }, [{ price: 19.99, discount: 0 }, { price: 40, discount: 25 }])).toEqual({ cents: 1000, percent: 20 });
    // Float noise in dollars never reaches the cents: 0.1 + 0.2 against 0.25.
    expect(bundleSavings({ price: 0.25 }, [{ price: 0.1, discount: 0 }, { price: 0.2, discount: 0 }])).toEqual({ cents: 5, percent: 17 });
  });

  it('claims nothing when the bundle costs as much or more, or a product of it is unknown', () => {
    expect(bundleSavings({ price: 50 }, [{ price: 25, discount: 0 }, { price: 25, discount: 0 }])).toBeNull();
    expect(bundleSavings({ price: 60 }, [{ price: 25, discount: 0 }, { price: 25, discount: 0 }])).toBeNull();
    expect(bundleSavings({ price: 10 }, [{ price: 25, discount: 0 }, undefined])).toBeNull();
    expect(bundleSavings({ price: 10 }, [])).toBeNull();
  });

  it('never shows 0 % for a real saving', () => {
    expect(bundleSavings({ price: 999.99 }, [{ price: 1000, discount: 0 }])).toEqual({ cents: 1, percent: 1 });
  });
});

describe('why a product cannot be bought (the line under its price)', () => {
  it('says it in the order of the refusals, and nothing for a product on sale or on pre-order', () => {
    expect(unavailableReason({ outOfStock: true, comingSoon: true })).toBe('Out of stock');
    expect(unavailableReason({ vaulted: true, comingSoon: true })).toBe('Vaulted: retired from sale');
    expect(unavailableReason({ comingSoon: true })).toBe('Coming soon — not yet available');
    expect(unavailableReason({ notAvailableYet: true })).toBe('Hidden: not on sale yet');
    expect(unavailableReason({ preOrder: true })).toBeNull();
    expect(unavailableReason({})).toBeNull();
  });
});
