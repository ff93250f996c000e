/** Pages of a list shown 12 at a time (SPEC §9: the store and the wishlist). */
export const PAGE_SIZE = 12;

export interface PageOf<T> {
  items: T[];
  /** The page shown (1-based). */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based index of the first and last item shown (0 and 0 when empty). */
  from: number;
  to: number;
}

export interface PaginateOptions {
  /** Items per page (default 12). */
  size?: number;
  /**
   * What a page past the end shows: `'nearest'` (default) shows the last page; `'empty'` shows
   * no items, so the screen can say that the page holds nothing (the wishlist's 'No matching
   * products found.').
   */
  pastEnd?: 'nearest' | 'empty';
}

/** The one pagination rule: one page of `items`. A page below 1 or not a number shows page 1. */
export function paginate<T>(items: readonly T[], page: number, { size = PAGE_SIZE, pastEnd = 'nearest' }: PaginateOptions = {}): PageOf<T> {
  const per = Math.max(1, Math.floor(size) || PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(items.length / per));
  const asked = Math.max(1, Number.isFinite(page) ? Math.floor(page) : 1);
  const p = pastEnd === 'nearest' ? Math.min(pageCount, asked) : asked;
  const start = (p - 1) * per;
  const slice = items.slice(start, start + per);
  return { items: slice, page: p, pageCount, total: items.length, from: slice.length ? start + 1 : 0, to: slice.length ? start + slice.length : 0 };
}
