import { describe, expect, it } from 'vitest';
import { EXCHANGE_POLICY, FREE_SHIPPING_NOTICE, SHIPPING_POLICY } from '../../../src/app/policyText';
import { formatMoneyShort } from '../../../src/domain/money';

describe('policy text', () => {
  it('states the shipping rule the store applies', () => {
    expect(FREE_SHIPPING_NOTICE).toBe('Free shipping on orders of $100 or more');
    expect(SHIPPING_POLICY).toContain('$10');
    expect(SHIPPING_POLICY).toContain('$100');
    expect(EXCHANGE_POLICY).toMatch(/damaged items only, within 1 week of purchase and receipt/);
  });

  it('formats whole dollars without cents in prose', () => {
    expect(formatMoneyShort(100)).toBe('$100');
    expect(formatMoneyShort(12.5)).toBe('$12.50');
  });
});
