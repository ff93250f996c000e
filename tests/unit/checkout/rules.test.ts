import { describe, expect, it } from 'vitest';
import type { OrderRequest } from '../../../src/domain/types';
import { keyForRequest } from '../../../src/features/checkout/rules';

const REQUEST: OrderRequest = {
  address: { firstName: 'A', lastName: 'B', email: 'a@b.co', street: 's', city: 'c', state: 'OR', zipcode: '97201', country: 'United States', phone: '5035550142' },
  items: [{ productId: 'p1', name: 'P', quantity: 1, color: '|', price: 20, unitPrice: 20, image: '' }],
  amount: 30,
  description: '',
  discountCode: '',
  isBuyNow: false,
};

describe('order request idempotency keys', () => {
  it('reuses the key for the same body and makes a new one when the body changes', () => {
    let n = 0;
    const newId = () => `key-${++n}`;
    const first = keyForRequest(null, REQUEST, newId);
    expect(first.key).toBe('key-1');
    // A retry of the same body (even a copy of the object) keeps the key.
    expect(keyForRequest(first, structuredClone(REQUEST), newId)).toBe(first);
    // A new amount (a confirmed new total) or a new address is another order request.
    expect(keyForRequest(first, { ...REQUEST, amount: 35 }, newId).key).toBe('key-2');
    expect(keyForRequest(first, { ...REQUEST, address: { ...REQUEST.address, street: 't' } }, newId).key).toBe('key-3');
  });
});
