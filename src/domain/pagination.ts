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

/** One entry of a row of page links: a page number, or the gap before or after the pages around the current one. */
export type PageLinkItem = number | 'start-gap' | 'end-gap';

/**
 * The pages a row of page links names, as MUI's Pagination lays them out with one boundary and one
 * sibling page: the first and last pages, the current one with a page either side, and a gap (…)
 * where pages are left out; a gap never stands for a single page, which is shown instead.
 * `pageLinkItems(5, 10)` → 1 … 4 5 6 … 10.
 */
export function pageLinkItems(page: number, count: number, siblings = 1, boundary = 1): PageLinkItem[] {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const start = range(1, Math.min(boundary, count));
  const end = range(Math.max(count - boundary + 1, boundary + 1), count);
  const around = Math.max(Math.min(page - siblings, count - boundary - siblings * 2 - 1), boundary + 2);
  const aroundEnd = Math.min(Math.max(page + siblings, boundary + siblings * 2 + 2), end.length > 0 ? end[0]! - 2 : count - 1);
  return [
    ...start,
    ...(around > boundary + 2 ? (['start-gap'] as const) : boundary + 1 < count - boundary ? [boundary + 1] : []),
    ...range(around, aroundEnd),
    ...(aroundEnd < count - boundary - 1 ? (['end-gap'] as const) : count - boundary > boundary ? [count - boundary] : []),
    ...end,
  ];
}
