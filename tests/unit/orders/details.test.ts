import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/types';
import { formatOrderDate, orderCardView, orderDetailsView, withOrderUpdated } from '../../../src/features/orders/rules';

const order: Order = {
  _id: 'a'.repeat(24),
  status: 'Processing',
  items: [],
  amount: 90,
  paymentMethod: 'Card',
  date: Date.UTC(2026, 10, 27, 15),
  orderNumber: 1001,
  trackingNumber: '1Z999',
  carrier: 'UPS',
  refunded: 17.77,
  details: {
    address: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', street: '1 Main St', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'United States', phone: '2175550100' },
    subtotal: 90,
    deliveryFee: 10,
    discount: 10,
    discountCode: 'TENOFF',
    refunds: [{ _id: 'rf_1', amount: 17.77, at: '2026-11-28T12:00:00.000Z' }],
  },
};

describe('My Orders’ details', () => {
  it('the card shows the date, the tracking link of its carrier and what was refunded', () => {
    expect(orderCardView(order)).toMatchObject({ date: 'Nov 27, 2026', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999', partlyRefunded: 'Partly refunded $17.77' });
    expect(orderCardView({ ...order, carrier: 'Other', refunded: 90 })).toMatchObject({ trackingUrl: null, partlyRefunded: null });
    // Dates read in the shop's zone: 02:00 UTC is the evening before in New York.
    expect(formatOrderDate('2026-11-28T02:00:00.000Z')).toBe('Nov 27, 2026');
    // In the shop's zone when it has one (SHOP_TIMEZONE, through the settings).
    expect(formatOrderDate('2026-11-28T02:00:00.000Z', 'Europe/Paris')).toBe('Nov 28, 2026');
    expect(orderCardView(order, undefined, 'Asia/Tokyo').date).toBe(formatOrderDate(order.date, 'Asia/Tokyo'));
    expect(formatOrderDate('2026-11-28T02:00:00.000Z', 'Not/AZone')).toBe('Nov 27, 2026');
  });

  it('the expanded order shows the address, the breakdown and each refund', () => {
    expect(orderDetailsView(order)).toEqual({
      placed: 'Nov 27, 2026',
      addressLines: ['Ada Lovelace', '1 Main St', 'Springfield, IL 62701', 'United States'],
      totals: [
        { label: 'Subtotal', value: '$90.00' },
        { label: 'Shipping', value: '$10.00' },
        { label: 'Discount (TENOFF)', value: '−$10.00' },
        { label: 'Total', value: '$90.00' },
      ],
      refunds: [{ id: 'rf_1', date: 'Nov 28, 2026', amount: '$17.77' }],
    });
    expect(orderDetailsView({ ...order, details: undefined })).toBeNull();
  });

  it('a live update without details keeps the ones shown', () => {
    const { details: _omit, ...bare } = order;
    expect(withOrderUpdated([order], { ...bare, status: 'Delivered' })[0]).toMatchObject({ status: 'Delivered', details: order.details });
  });
});
