import { describe, expect, it } from 'vitest';
import { AWAITING_PAYMENT, formatOrderNumber, matchOrderSearch, parseOrderNumber } from '../../../src/domain/orderNumber';
import { filterOrders } from '../../../src/features/orders/rules';
import type { Order } from '../../../src/domain/types';

const order = (id: string, orderNumber: number | null, name = 'Dragon'): Order => ({
  _id: id,
  orderNumber,
  status: 'Order Placed',
  items: [{ name, image: '', quantity: 1, color: '|' }],
  amount: 10,
  paymentMethod: 'Stripe',
  date: 0,
});

describe('order numbers', () => {
  it('read #1001 once paid and "Awaiting payment" before', () => {
    expect(formatOrderNumber(1001)).toBe('#1001');
    expect(formatOrderNumber(null)).toBe(AWAITING_PAYMENT);
    expect(formatOrderNumber(undefined)).toBe('Awaiting payment');
  });

  it('are named by #1001, 1001 or "# 1001", and by nothing else', () => {
    expect(parseOrderNumber('#1001')).toBe(1001);
    expect(parseOrderNumber(' 1001 ')).toBe(1001);
    expect(parseOrderNumber('# 1001')).toBe(1001);
    for (const t of ['', '#', '10a1', '1001#', '-1001', '1.5', '0', '9'.repeat(20)]) expect(parseOrderNumber(t), t).toBeNull();
  });

  it('a search finds the order with that number first, then ids that contain the digits', () => {
    const lookalike = order('1001aaaaaaaaaaaaaaaaaaaa', null);
    const numbered = order('bbbbbbbbbbbbbbbbbbbbbbbb', 1001);
    const other = order('cccccccccccccccccccccccc', 1002);
    expect(matchOrderSearch([lookalike, other, numbered], '#1001')).toEqual([numbered]);
    expect(matchOrderSearch([lookalike, other, numbered], '1001')).toEqual([numbered, lookalike]);
    expect(matchOrderSearch([lookalike, other, numbered], 'cccc')).toEqual([other]);
  });

  it("My Orders' Order ID search finds by number, keeping the status filter", () => {
    const lookalike = order('1001aaaaaaaaaaaaaaaaaaaa', null);
    const numbered = order('bbbbbbbbbbbbbbbbbbbbbbbb', 1001);
    expect(filterOrders([lookalike, numbered], { method: 'orderId', text: '#1001', status: 'All' })).toEqual([numbered]);
    expect(filterOrders([lookalike, numbered], { method: 'orderId', text: '1001', status: 'All' })).toEqual([numbered, lookalike]);
    expect(filterOrders([lookalike, numbered], { method: 'orderId', text: '1001', status: 'Delivered' })).toEqual([]);
    expect(filterOrders([lookalike, numbered], { method: 'productName', text: '1001', status: 'All' })).toEqual([]);
  });
});
