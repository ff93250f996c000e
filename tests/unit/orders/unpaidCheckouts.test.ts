import { describe, expect, it } from 'vitest';
import { filtersCleared, ordersSlice, statusFilterChanged, unpaidCheckoutsToggled } from '../../../src/features/orders/ordersSlice';
import { DEFAULT_FILTERS, filterOrders } from '../../../src/features/orders/rules';
import { isAbandonedCheckout } from '../../../src/domain/orderStatus';
import type { Order } from '../../../src/domain/types';

const order = (id: string, status: Order['status'], abandoned = false): Order => ({
  _id: id,
  status,
  abandoned,
  orderNumber: abandoned || status === 'Payment Pending' ? null : 1000 + id.length,
  items: [{ name: 'Dragon', image: '', quantity: 1, color: '|' }],
  amount: 10,
  paymentMethod: 'Stripe',
  date: 0,
});

const paid = order('a'.repeat(24), 'Processing');
const staffCancelled = order('b'.repeat(24), 'Cancelled');
const lost = order('c'.repeat(24), 'Cancelled', true);
const open = order('d'.repeat(24), 'Payment Pending');

describe('unpaid checkouts on My Orders', () => {
  it('an abandoned checkout is a cancelled order that was never paid', () => {
    expect(isAbandonedCheckout({ status: 'Cancelled', paidAt: null })).toBe(true);
    expect(isAbandonedCheckout({ status: 'Cancelled', paidAt: new Date() })).toBe(false);
    expect(isAbandonedCheckout({ status: 'Payment Pending', paidAt: null })).toBe(false);
  });

  it("'All' lists every order but no abandoned checkout; the toggle adds them", () => {
    expect(filterOrders([paid, staffCancelled, lost, open], DEFAULT_FILTERS)).toEqual([paid, staffCancelled, open]);
    expect(filterOrders([paid, staffCancelled, lost, open], { ...DEFAULT_FILTERS, showUnpaid: true })).toEqual([paid, staffCancelled, lost, open]);
    expect(filterOrders([paid, lost], { ...DEFAULT_FILTERS, status: 'Processing', showUnpaid: true })).toEqual([paid]);
  });

  it("the toggle is remembered with the filters and 'Clear Filters' turns it off", () => {
    let s = ordersSlice.reducer(undefined, unpaidCheckoutsToggled(true));
    expect(s.showUnpaid).toBe(true);
    s = ordersSlice.reducer(s, statusFilterChanged('Delivered'));
    expect(s.showUnpaid).toBe(true);
    expect(ordersSlice.reducer(s, filtersCleared())).toMatchObject({ showUnpaid: false, status: 'All' });
  });
});
