import { describe, expect, it } from 'vitest';
import { loggedOut } from '../../../src/store/events';
import {
  filtersCleared,
  orderDetailsToggled,
  orderStatusRequested,
  ordersSlice,
  paymentResumeRequested,
  searchMethodChanged,
  searchTextChanged,
  statusFilterChanged,
} from '../../../src/features/orders/ordersSlice';

const reduce = (...actions: Parameters<typeof ordersSlice.reducer>[1][]) => actions.reduce(ordersSlice.reducer, ordersSlice.getInitialState());

describe('orders slice', () => {
  it('clears the text when the search method changes', () => {
    const s = reduce(searchTextChanged('dragon'), searchMethodChanged('productName'));
    expect(s).toMatchObject({ method: 'productName', text: '' });
  });

  it("'Clear Filters' resets method, text and status", () => {
    const s = reduce(searchMethodChanged('productName'), searchTextChanged('lamp'), statusFilterChanged('Delivered'), filtersCleared());
    expect(s).toMatchObject({ method: 'orderId', text: '', status: 'All' });
  });

  it('expands one order at a time; toggling it again hides it', () => {
    expect(reduce(orderDetailsToggled('a')).expandedOrderId).toBe('a');
    expect(reduce(orderDetailsToggled('a'), orderDetailsToggled('b')).expandedOrderId).toBe('b');
    expect(reduce(orderDetailsToggled('a'), orderDetailsToggled('a')).expandedOrderId).toBeNull();
  });

  it("remembers which card asked for 'Order Status' and 'Complete payment' (its button shows the progress)", () => {
    expect(reduce(orderStatusRequested('a'), orderStatusRequested('b')).statusRequestedFor).toBe('b');
    expect(reduce(paymentResumeRequested('c')).paymentResumeRequestedFor).toBe('c');
  });

  it('forgets everything at logout', () => {
    expect(reduce(searchTextChanged('x'), orderDetailsToggled('a'), loggedOut())).toEqual(ordersSlice.getInitialState());
  });
});
