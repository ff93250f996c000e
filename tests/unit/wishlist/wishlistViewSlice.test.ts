import { describe, expect, it } from 'vitest';
import {
  wishlistFilteredCountChanged,
  wishlistPageChanged,
  wishlistSearchChanged,
  wishlistViewSlice,
} from '../../../src/features/wishlist/wishlistViewSlice';
import { loggedOut } from '../../../src/store/events';

const reduce = (...actions: Parameters<typeof wishlistViewSlice.reducer>[1][]) => actions.reduce(wishlistViewSlice.reducer, wishlistViewSlice.getInitialState());

describe('wishlist view slice', () => {
  it('keeps the search and the page', () => {
    expect(reduce(wishlistSearchChanged('lamp'), wishlistPageChanged(2))).toEqual({ search: 'lamp', page: 2 });
  });

  it('never keeps a page below 1 or not a number', () => {
    expect(reduce(wishlistPageChanged(0)).page).toBe(1);
    expect(reduce(wishlistPageChanged(Number.NaN)).page).toBe(1);
  });

  it('goes back to page 1 when the filtered count changes, and forgets everything at logout', () => {
    expect(reduce(wishlistPageChanged(3), wishlistFilteredCountChanged(5)).page).toBe(1);
    expect(reduce(wishlistSearchChanged('x'), wishlistPageChanged(2), loggedOut())).toEqual(wishlistViewSlice.getInitialState());
  });
});
