import { describe, expect, it } from 'vitest';
import { checkAddress, normalisePhone, stateCode, US_STATES } from '../../../src/domain/address';
import { buyNowFrom, checkoutLines, prefillForm, splitName, validateCheckout, EMPTY_FORM, EMPTY_CART_MESSAGE } from '../../../src/features/checkout/rules';
import { priceOrder } from '../../../src/domain/checkout';
import { catalogLookup } from '../../../src/domain/cartLines';
import { makeProduct, NOW } from '../../fixtures/catalog';

const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  street: '12 Analytical Way',
  city: 'Portland',
  state: 'OR',
  zipcode: '97201',
  phone: '(503) 555-0142',
  description: '',
};

describe('address rules', () => {
  it('offers the 50 states and DC', () => {
    expect(US_STATES).toHaveLength(51);
    expect(stateCode('dc')).toBe('DC');
    expect(stateCode('new york')).toBe('NY');
    expect(stateCode('PR')).toBeNull();
  });

  it('takes 10-digit phones with usual punctuation and an optional +1', () => {
    expect(normalisePhone('(503) 555-0142')).toBe('5035550142');
    expect(normalisePhone('+1 503.555.0142')).toBe('5035550142');
    expect(normalisePhone('555-0142')).toBeNull();
    expect(normalisePhone('503555014x')).toBeNull();
  });

  it('accepts a complete address, normalised, with the country fixed', () => {
    expect(checkAddress(ADDRESS)).toEqual({
      ok: true,
      address: { ...ADDRESS, phone: '5035550142', country: 'United States', description: undefined },
    });
  });

  it('names every bad field', () => {
    const r = checkAddress({ ...ADDRESS, firstName: ' ', email: 'ada@', state: 'XX', zipcode: '9720', phone: '12', country: 'Mexico' });
    expect(r.ok).toBe(false);
    expect(Object.keys(!r.ok ? r.errors : {}).sort()).toEqual(['country', 'email', 'firstName', 'phone', 'state', 'zipcode']);
    expect(checkAddress({ ...ADDRESS, zipcode: '97201-1234' }).ok).toBe(true);
    expect(checkAddress({ ...ADDRESS, zipcode: '97201-12' }).ok).toBe(false);
  });
});

describe('checkout form rules', () => {
  it('prefills from the last address, then the account, never over typed values', () => {
    const user = { name: 'Grace Brewster Hopper', email: 'grace@example.com' };
    expect(splitName(user.name)).toEqual({ firstName: 'Grace', lastName: 'Brewster Hopper' });
    expect(prefillForm(EMPTY_FORM, user, null)).toMatchObject({ firstName: 'Grace', lastName: 'Brewster Hopper', email: 'grace@example.com', street: '' });
    const last = { ...ADDRESS, phone: '5035550142', country: 'United States' as const };
    expect(prefillForm(EMPTY_FORM, user, last)).toMatchObject({ firstName: 'Ada', street: '12 Analytical Way', phone: '5035550142' });
    expect(prefillForm({ ...EMPTY_FORM, city: 'Salem' }, user, last).city).toBe('Salem');
  });

  it('reads a buy-now item from navigation state, or falls back to the cart', () => {
    expect(buyNowFrom({ productId: 'p1', variant: 'Red|M', quantity: 2 })).toEqual({ productId: 'p1', variant: 'Red|M', quantity: 2 });
    expect(buyNowFrom({ productId: 'p1', variant: 'Red|M', quantity: 0 })).toBeNull();
    expect(buyNowFrom(null)).toBeNull();
    expect(checkoutLines({ productId: 'p1', variant: 'Red|M', quantity: 2 }, { 'p2_|': 1 })).toEqual([{ key: 'p1_Red|M', quantity: 2 }]);
    expect(checkoutLines(null, { 'p2_|': 1 })).toEqual([{ key: 'p2_|', quantity: 1 }]);
  });

  it('validates cart, address and payment method in that order and builds the SPEC §3 request', () => {
    const catalog = catalogLookup([makeProduct({ _id: 'p2', name: 'Planter', price: 15 })], []);
    const lines = [{ key: 'p2_|', quantity: 2 }];
    const preview = priceOrder(lines, catalog, 0, NOW);
    const base = { form: ADDRESS, lines, preview, paymentMethod: 'card', discountCode: null, isBuyNow: false };
    expect(validateCheckout({ ...base, lines: [] })).toEqual({ ok: false, fieldErrors: {}, formError: EMPTY_CART_MESSAGE });
    expect(validateCheckout({ ...base, form: { ...ADDRESS, zipcode: 'abcde' } })).toMatchObject({ ok: false, fieldErrors: { zipcode: expect.any(String) } });
    expect(validateCheckout({ ...base, paymentMethod: 'cod' })).toEqual({ ok: false, fieldErrors: {}, formError: 'Invalid payment method.' });
    const ok = validateCheckout({ ...base, discountCode: 'WELCOME10', isBuyNow: true });
    expect(ok).toEqual({
      ok: true,
      request: {
        address: { ...ADDRESS, phone: '5035550142', country: 'United States', description: undefined },
        items: [{ productId: 'p2', name: 'Planter', quantity: 2, color: '|', price: 15, unitPrice: 15, image: '/img/p/p2.svg?c=teal&k=figure' }],
        amount: 40,
        description: '',
        discountCode: 'WELCOME10',
        isBuyNow: true,
      },
    });
  });
});
