import { describe, expect, it } from 'vitest';
import { cartKey, cartLineKey, parseVariant, productVariant, splitCartKey, variantKey } from '../../../src/domain/cartKey';

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

  it('spells every variant one way (the one key builder of client, checkout and server)', () => {
    expect(variantKey({ kind: 'product', color: 'Red', size: 'M' })).toBe('Red|M');
    expect(variantKey({ kind: 'product', color: '', size: '' })).toBe('|');
    expect(variantKey({ kind: 'accessory', index: 3 })).toBe('accessory-3');
    expect(variantKey({ kind: 'bundle' })).toBe('bundle');
    for (const v of ['Red|M', '|12x16', 'accessory-0', 'bundle']) expect(variantKey(parseVariant(v)!)).toBe(v);
  });

  it('normalises a line as it arrives, keeping a malformed variant as typed', () => {
    expect(cartLineKey('abc', 'Red|null')).toBe('abc_Red|');
    expect(cartLineKey('abc', ' null|null ')).toBe('abc_|');
    expect(cartLineKey('abc', 'accessory-01')).toBe('abc_accessory-1');
    expect(cartLineKey('abc', 'bundle')).toBe('abc_bundle');
    expect(cartLineKey('abc', ' Red ')).toBe('abc_Red');
    expect(cartLineKey('abc', productVariant('Red', 'M'))).toBe(cartKey('abc', 'Red|M'));
  });
});
