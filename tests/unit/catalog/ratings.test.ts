import { describe, expect, it } from 'vitest';
import { activeChips } from '../../../src/features/catalog/storeView';
import { compareTopRated, meetsMinRating } from '../../../src/features/catalog/ratings';
import { filterProducts } from '../../../src/features/catalog/filters';
import { sortProducts } from '../../../src/features/catalog/sorting';
import { DEFAULT_QUERY, EMPTY_FILTERS, hasActiveFilters, parseMinRating, parseStoreQuery, serializeStoreQuery } from '../../../src/domain/storeQuery';
import { makeProduct } from '../../fixtures/catalog';

const none = makeProduct({ _id: 'none', name: 'No reviews yet' });
const fiveFromOne = makeProduct({ _id: 'five1', name: 'One happy buyer', rating: 5, reviewCount: 1 });
const fiveFromForty = makeProduct({ _id: 'five40', name: 'Forty happy buyers', rating: 5, reviewCount: 40 });
const fourPointTwo = makeProduct({ _id: 'four', name: 'Mostly liked', rating: 4.2, reviewCount: 12 });
const threeNine = makeProduct({ _id: 'three', name: 'Just under', rating: 3.9, reviewCount: 30 });
const all = [none, threeNine, fiveFromOne, fourPointTwo, fiveFromForty];

describe('Top rated and 4 stars & up', () => {
  it('sorts by average, then by how many reviews, products without reviews last', () => {
    expect(sortProducts(all, 'top-rated').map((p) => p._id)).toEqual(['five40', 'five1', 'four', 'three', 'none']);
    expect(compareTopRated(none, none)).toBe(0);
  });

  it('keeps products averaging 4 or more (never one without reviews)', () => {
    expect(filterProducts(all, { ...EMPTY_FILTERS, minRating: 4 }).map((p) => p._id)).toEqual(['five1', 'four', 'five40']);
    expect(filterProducts(all, EMPTY_FILTERS)).toHaveLength(5);
    expect(meetsMinRating({ rating: 4, reviewCount: 0 }, 4)).toBe(false);
  });

  it('lives in the url as rating=4 and sort=top-rated; malformed values are ignored', () => {
    const q = parseStoreQuery('rating=4&sort=top-rated');
    expect(q).toMatchObject({ minRating: 4, sort: 'top-rated' });
    expect(serializeStoreQuery(q)).toBe('rating=4&sort=top-rated');
    expect(hasActiveFilters(q)).toBe(true);
    expect(activeChips(q)).toContainEqual({ key: 'rating', label: '4 stars & up', patch: { minRating: null } });
    for (const bad of ['rating=5', 'rating=0', 'rating=4.5', 'rating=abc', 'rating=']) expect(parseStoreQuery(bad).minRating, bad).toBeNull();
    expect(parseMinRating(' 3 ')).toBe(3);
    expect(serializeStoreQuery(DEFAULT_QUERY)).toBe('');
  });
});
