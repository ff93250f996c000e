import { describe, expect, it } from 'vitest';
import { badgePercent, isPurchasable, salePrice, salePriceCents } from '../../../src/domain/pricing';

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
