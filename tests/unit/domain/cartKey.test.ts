import { describe, expect, it } from 'vitest';
import { cartKey, parseVariant, productVariant, splitCartKey } from '../../../src/domain/cartKey';

describe('cart keys (`<itemId>_<variant>`)', () => {
  it('builds product, accessory and bundle keys', () => {
    expect(cartKey('abc', productVariant('Red', 'M'))).toBe('abc_Red|M');
    expect(cartKey('abc', productVariant('Red', null))).toBe('abc_Red|');
    expect(cartKey('abc', productVariant(undefined, undefined))).toBe('abc_|');
    expect(cartKey('abc', 'accessory-2')).toBe('abc_accessory-2');
    expect(cartKey('abc', 'bundle')).toBe('abc_bundle');
  });

  it('splits at the first underscore only', () => {
    expect(splitCartKey('abc_Red|M')).toEqual({ itemId: 'abc', variant: 'Red|M' });
    expect(splitCartKey('abc_Sky_Blue|')).toEqual({ itemId: 'abc', variant: 'Sky_Blue|' });
    expect(splitCartKey('_Red|M')).toBeNull();
    expect(splitCartKey('no-underscore')).toBeNull();
  });

  it('parses variants, reading the word null as empty', () => {
    expect(parseVariant('bundle')).toEqual({ kind: 'bundle' });
    expect(parseVariant('accessory-0')).toEqual({ kind: 'accessory', index: 0 });
    expect(parseVariant('Red|M')).toEqual({ kind: 'product', color: 'Red', size: 'M' });
    expect(parseVariant('null|null')).toEqual({ kind: 'product', color: '', size: '' });
    expect(parseVariant('|12x16')).toEqual({ kind: 'product', color: '', size: '12x16' });
  });

  it('refuses malformed variants', () => {
    expect(parseVariant('Red')).toBeNull();
    expect(parseVariant('a|b|c')).toBeNull();
    expect(parseVariant('accessory-x')).toBeNull();
    expect(parseVariant('accessory-1234')).toBeNull();
  });
});
