import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/types';
import {
  filterOrders,
  firstImage,
  newestFirst,
  orderCardView,
  searchPlaceholder,
  statusDot,
  welcomeText,
  withOrderUpdated,
} from '../../../src/features/orders/rules';

const order = (id: string, status: Order['status'], names: string[], extra: Partial<Order> = {}): Order => ({
  _id: id,
  status,
  items: names.map((name) => ({ name, image: `/img/${name}.svg`, unitPrice: 10, quantity: 1, color: 'Red|M' })),
  amount: 10 * names.length,
  paymentMethod: 'Stripe',
  date: 0,
  ...extra,
});

const ORDERS = [
  order('65a1f0c2aa01', 'Processing', ['Galaxy Dragon', 'Fidget Cube']),
  order('65a1f0c2bb02', 'Delivered', ['Moon Lamp']),
  order('77c3d4e5cc03', 'Payment Pending', ['Dragon Egg Box']),
  order('77c3d4e5dd04', 'Cancelled', ['Spinner']),
];
const ids = (orders: Order[]) => orders.map((o) => o._id);

describe('order search and status filter (SPEC §5)', () => {
  it('matches a case-insensitive substring of the order id', () => {
    expect(ids(filterOrders(ORDERS, { method: 'orderId', text: '65A1', status: 'All' }))).toEqual(['65a1f0c2aa01', '65a1f0c2bb02']);
    expect(ids(filterOrders(ORDERS, { method: 'orderId', text: '  cc03 ', status: 'All' }))).toEqual(['77c3d4e5cc03']);
    // The order-id method does not look at item names.
    expect(filterOrders(ORDERS, { method: 'orderId', text: 'dragon', status: 'All' })).toEqual([]);
  });

  it('matches any item name when searching by product name', () => {
    expect(ids(filterOrders(ORDERS, { method: 'productName', text: 'DRAGON', status: 'All' }))).toEqual(['65a1f0c2aa01', '77c3d4e5cc03']);
    expect(ids(filterOrders(ORDERS, { method: 'productName', text: 'cube', status: 'All' }))).toEqual(['65a1f0c2aa01']);
    expect(filterOrders(ORDERS, { method: 'productName', text: '65a1', status: 'All' })).toEqual([]);
  });

  it('filters by status case-insensitively; All means no filter; both filters combine', () => {
    expect(filterOrders(ORDERS, { method: 'orderId', text: '', status: 'All' })).toHaveLength(4);
    expect(ids(filterOrders(ORDERS, { method: 'orderId', text: '', status: 'Delivered' }))).toEqual(['65a1f0c2bb02']);
    const shouting = [order('x1', 'PAYMENT PENDING' as Order['status'], ['A'])];
    expect(filterOrders(shouting, { method: 'orderId', text: '', status: 'Payment Pending' })).toHaveLength(1);
    expect(ids(filterOrders(ORDERS, { method: 'productName', text: 'dragon', status: 'Payment Pending' }))).toEqual(['77c3d4e5cc03']);
  });

  it('names the placeholder after the method', () => {
    expect(searchPlaceholder('orderId')).toBe('Enter Order ID...');
    expect(searchPlaceholder('productName')).toBe('Enter Product Name...');
  });
});

describe('order card formatting', () => {
  it('colours the status dot: green Delivered, red Cancelled/Refunded, yellow otherwise', () => {
    expect(statusDot('Delivered')).toBe('green');
    expect(statusDot('Cancelled')).toBe('red');
    expect(statusDot('Refunded')).toBe('red');
    for (const s of ['Processing', 'Payment Pending', 'Order Placed', 'Something new']) expect(statusDot(s)).toBe('yellow');
  });

  it('picks the first image of a string or a list, or none (placeholder)', () => {
    expect(firstImage('/a.svg')).toBe('/a.svg');
    expect(firstImage(['/b.svg', '/c.svg'])).toBe('/b.svg');
    expect(firstImage([])).toBeNull();
    expect(firstImage('  ')).toBeNull();
    expect(orderCardView(order('o', 'Processing', [])).image).toBeNull();
  });

  it('formats the card: $ and 2 decimals, tracking when present, payment method', () => {
    const v = orderCardView(order('65a1', 'Delivered', ['Moon Lamp'], { amount: 89, trackingNumber: ' 1Z999 ', orderNumber: 1007 }));
    expect(v).toMatchObject({ id: '65a1', number: '#1007', image: '/img/Moon Lamp.svg', paymentMethod: 'Stripe', total: '$89.00', trackingNumber: '1Z999', status: 'Delivered', dot: 'green', canCompletePayment: false });
    expect(orderCardView(order('p', 'Payment Pending', ['A'], { amount: 12.5 }))).toMatchObject({ number: 'Awaiting payment', total: '$12.50', trackingNumber: null, canCompletePayment: true });
  });

  it('greets with the name, falling back to User', () => {
    expect(welcomeText({ name: 'Ada', email: 'ada@example.com' })).toBe('Welcome, Ada – ada@example.com');
    expect(welcomeText({ name: '  ', email: 'ada@example.com' })).toBe('Welcome, User – ada@example.com');
    expect(welcomeText(null)).toBe('Welcome, User – ');
  });

  it('shows newest first and replaces a live update in place', () => {
    expect(ids(newestFirst(ORDERS))).toEqual(['77c3d4e5dd04', '77c3d4e5cc03', '65a1f0c2bb02', '65a1f0c2aa01']);
    const updated = { ...ORDERS[0]!, status: 'Delivered' as const };
    const next = withOrderUpdated(ORDERS, updated);
    expect(next[0]).toBe(updated);
    expect(next).toHaveLength(4);
    const fresh = order('new', 'Order Placed', ['X']);
    expect(withOrderUpdated(ORDERS, fresh)[0]).toBe(fresh);
  });
});
