import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../src/domain/money';
import { orderLineTotalCents, orderLineUnitCents, variantLabel, variantView } from '../../../src/domain/orderLines';

describe('an order line as screens show it', () => {
  it('shows color and size, hiding null or empty parts; bundle lines get the badge', () => {
    expect(variantView('Red|M')).toEqual({ isBundle: false, color: 'Red', size: 'M' });
    expect(variantView('null|L')).toEqual({ isBundle: false, color: null, size: 'L' });
    expect(variantView('Blue|null')).toEqual({ isBundle: false, color: 'Blue', size: null });
    expect(variantView('|')).toEqual({ isBundle: false, color: null, size: null });
    expect(variantView('')).toEqual({ isBundle: false, color: null, size: null });
    expect(variantView('Green')).toEqual({ isBundle: false, color: 'Green', size: null });
    expect(variantView('bundle')).toEqual({ isBundle: true, color: null, size: null });
    expect(variantView('bundle|x')).toEqual({ isBundle: true, color: null, size: null });
    expect(variantView(undefined)).toEqual({ isBundle: false, color: null, size: null });
  });

  it('writes the variant as one line of text', () => {
    expect(variantLabel('Red|M')).toBe('Red · Size M');
    expect(variantLabel('null|L')).toBe('Size L');
    expect(variantLabel('|L')).toBe('Size L');
    expect(variantLabel('Red|')).toBe('Red');
    expect(variantLabel('|')).toBe('');
    expect(variantLabel('bundle')).toBe('Bundle Deal');
  });

  it('computes unit and line totals in integer cents from unitPrice, else price', () => {
    expect(orderLineUnitCents({ unitPrice: 19.99, price: 25 })).toBe(1999);
    expect(orderLineTotalCents({ unitPrice: 19.99, quantity: 3 })).toBe(5997);
    expect(orderLineTotalCents({ price: 0.1, quantity: 3 })).toBe(30);
    expect(orderLineTotalCents({ quantity: 2 })).toBe(0);
    expect(orderLineTotalCents({ unitPrice: 0.07, quantity: 7 })).toBe(49);
    expect(orderLineTotalCents({ unitPrice: 10, quantity: Number.NaN })).toBe(0);
    expect(orderLineTotalCents({ unitPrice: 10, quantity: 2.7 })).toBe(2000);
    expect(orderLineUnitCents({ unitPrice: Number.POSITIVE_INFINITY })).toBe(0);
  });

  it('formats cents as dollars with 2 decimals', () => {
    expect(formatCents(5997)).toBe('$59.97');
    expect(formatCents(30, '€')).toBe('€0.30');
    expect(formatCents(0)).toBe('$0.00');
  });
});
