import { describe, expect, it } from 'vitest';
import { hrefOf, locationOf, mirrorOf, plainOrNull, sameLocation } from '../../../src/features/router/location';

describe('locations as the store keeps them', () => {
  it('splits an absolute path into pathname, query and fragment, spelled as react-router does', () => {
    expect(locationOf('/collection?category=Figures&page=2#top')).toEqual({ pathname: '/collection', search: '?category=Figures&page=2', hash: '#top', state: null });
    expect(locationOf('/cart')).toEqual({ pathname: '/cart', search: '', hash: '', state: null });
    expect(locationOf('/x?#')).toEqual({ pathname: '/x', search: '', hash: '', state: null });
    // A '?' after the '#' belongs to the fragment.
    expect(locationOf('/a#b?c')).toEqual({ pathname: '/a', search: '', hash: '#b?c', state: null });
    expect(locationOf('collection')).toMatchObject({ pathname: '/collection' });
  });

  it('writes the url back', () => {
    for (const url of ['/collection?category=Figures&page=2#top', '/', '/product/abc']) expect(hrefOf(locationOf(url))).toBe(url);
  });

  it('keeps plain history state and drops anything a log could not hold', () => {
    const item = { productId: 'p1', variant: 'Red|M', quantity: 2 };
    expect(plainOrNull(item)).toBe(item);
    expect(plainOrNull({ redirectState: item })).toEqual({ redirectState: item });
    expect(plainOrNull(undefined)).toBeNull();
    expect(plainOrNull({ at: new Date(0) })).toBeNull();
    expect(plainOrNull({ run: () => 1 })).toBeNull();
    expect(plainOrNull({ n: Number.NaN })).toBeNull();
    expect(plainOrNull(new Map())).toBeNull();
    expect(locationOf('/place-order', item).state).toEqual(item);
  });

  it('mirrors a router location and compares url and state', () => {
    const mirrored = mirrorOf({ pathname: '/collection', search: '?page=2', hash: '', state: undefined, key: 'k1' } as never);
    expect(mirrored).toEqual({ pathname: '/collection', search: '?page=2', hash: '', state: null });
    expect(sameLocation(mirrored, locationOf('/collection?page=2'))).toBe(true);
    expect(sameLocation(mirrored, locationOf('/collection?page=3'))).toBe(false);
    expect(sameLocation(locationOf('/p', { a: 1 }), locationOf('/p', { a: 2 }))).toBe(false);
    expect(sameLocation(locationOf('/p#x'), locationOf('/p'))).toBe(false);
  });
});
