import { describe, expect, it } from 'vitest';
import type { ResolvedLine } from '../../../src/domain/cartLines';
import { cartSummary, quantityText, typedQuantity } from '../../../src/features/cart/rules';

function line(key: string, lineTotalCents: number | null, status: ResolvedLine['status'] = 'ok'): ResolvedLine {
  return { key, itemId: key, variant: '|', kind: 'product', quantity: 1, status, name: key, color: '', size: '', unitPriceCents: lineTotalCents, lineTotalCents };
}

describe('cart quantity input', () => {
  it('keeps two digits of what is typed', () => {
    expect(quantityText('3')).toBe('3');
    expect(quantityText('1a2b3')).toBe('12');
    expect(quantityText('-4')).toBe('4');
    expect(quantityText('')).toBe('');
  });

  it('commits whole numbers (0 removes, capped at 99) and waits on an empty field', () => {
    expect(typedQuantity('3')).toBe(3);
    expect(typedQuantity('0')).toBe(0);
    expect(typedQuantity('05')).toBe(5);
    expect(typedQuantity('120')).toBe(99);
    expect(typedQuantity('')).toBeNull();
  });
});

describe('cart totals (SPEC §9)', () => {
  it('charges $10 delivery under $100 and says how much more is free', () => {
    const s = cartSummary([line('a', 5000), line('b', 2500)]);
    expect(s).toMatchObject({ subtotalCents: 7500, deliveryFeeCents: 1000, totalCents: 8500, freeDelivery: false, buyable: true, unavailableMessage: null });
    expect(s.freeDeliveryMessage).toBe('Add $25.00 more for free delivery (orders of $100 or more).');
  });

  it('waives delivery from exactly $100', () => {
    expect(cartSummary([line('a', 9999)])).toMatchObject({ deliveryFeeCents: 1000, totalCents: 10999 });
    const s = cartSummary([line('a', 10000)]);
    expect(s).toMatchObject({ deliveryFeeCents: 0, totalCents: 10000, freeDelivery: true, freeDeliveryMessage: null });
  });

  it('leaves unavailable and missing lines out, and says so', () => {
    const s = cartSummary([line('a', 2000), line('gone', null, 'missing'), line('off', null, 'unavailable')]);
    expect(s).toMatchObject({ subtotalCents: 2000, totalCents: 3000, unavailableMessage: '2 items are unavailable and not counted in the total.' });
    expect(cartSummary([line('a', 2000), line('gone', null, 'missing')]).unavailableMessage).toBe('1 item is unavailable and not counted in the total.');
  });

  it('an empty or unbuyable cart has no delivery fee, no message and no checkout', () => {
    expect(cartSummary([])).toMatchObject({ subtotalCents: 0, deliveryFeeCents: 0, totalCents: 0, freeDelivery: false, buyable: false, freeDeliveryMessage: null });
    expect(cartSummary([line('gone', null, 'missing')]).buyable).toBe(false);
  });
});
