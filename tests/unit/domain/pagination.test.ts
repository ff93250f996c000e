import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, pageLinkItems, paginate } from '../../../src/domain/pagination';

describe('pagination', () => {
  const items = Array.from({ length: 25 }, (_, i) => i + 1);

  it('cuts pages of 12', () => {
    expect(PAGE_SIZE).toBe(12);
    expect(paginate(items, 1)).toMatchObject({ items: items.slice(0, 12), page: 1, pageCount: 3, total: 25, from: 1, to: 12 });
    expect(paginate(items, 3)).toMatchObject({ items: [25], page: 3, from: 25, to: 25 });
  });

  it('clamps pages out of range and bad numbers', () => {
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, -4).page).toBe(1);
    expect(paginate(items, Number.NaN).page).toBe(1);
    expect(paginate(items, 2.7).page).toBe(2);
  });

  it('shows an empty page past the end when asked (the wishlist)', () => {
    expect(paginate(items, 9, { pastEnd: 'empty' })).toMatchObject({ items: [], page: 9, pageCount: 3, from: 0, to: 0 });
    expect(paginate(items, 2, { pastEnd: 'empty', size: 5 })).toMatchObject({ items: [6, 7, 8, 9, 10], pageCount: 5 });
  });

  it('has one empty page for an empty list, and exact multiples have no extra page', () => {
    expect(paginate([], 3)).toEqual({ items: [], page: 1, pageCount: 1, total: 0, from: 0, to: 0 });
    expect(paginate(items.slice(0, 24), 2).pageCount).toBe(2);
  });
});

describe('pageLinkItems', () => {
  it("names the pages MUI's Pagination shows: the ends, the current page with one either side, gaps for the rest", () => {
    expect(pageLinkItems(1, 1)).toEqual([1]);
    expect(pageLinkItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinkItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinkItems(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageLinkItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'end-gap', 8]);
    expect(pageLinkItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageLinkItems(5, 10)).toEqual([1, 'start-gap', 4, 5, 6, 'end-gap', 10]);
    expect(pageLinkItems(10, 10)).toEqual([1, 'start-gap', 6, 7, 8, 9, 10]);
    // A gap never hides a single page.
    expect(pageLinkItems(4, 8)).toEqual([1, 2, 3, 4, 5, 'end-gap', 8]);
  });
});
