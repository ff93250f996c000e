import { CUSTOMER_SORTS, defaultDirection, type CustomerSort, type SortDirection } from '../../../domain/customers';

/**
 * The customer list's rules, pure so tests pin them: its search, sort and page as they live in
 * the url (a link or a reload shows the same page), and the disable form's check.
 */

export const CUSTOMERS_PAGE_SIZE = 25;
export const DISABLE_REASON_MAX = 500;

export const CUSTOMER_TEXT = {
  empty: 'No customers yet. Shoppers appear here once they create an account.',
  noMatch: 'No customer matches this search.',
  loadFailed: 'Could not load this. Please try again.',
  exportFailed: 'The export could not be made. Please try again.',
  reasonRequired: 'Please give a reason: it is kept with the account and shown to staff.',
  reasonTooLong: `A reason has at most ${DISABLE_REASON_MAX} characters.`,
  disabled: 'The account is disabled. The shopper was signed out everywhere.',
  enabled: 'The account is enabled again. The shopper can sign in.',
  changeFailed: 'The account was not changed. Please try again.',
  noThread: 'This customer has not written to support.',
  noOrders: 'No orders yet.',
} as const;

/** The sorts offered, each with the words staff read. */
export const SORT_OPTIONS: ReadonlyArray<{ value: CustomerSort; label: string; directions: Record<'asc' | 'desc', string> }> = [
  { value: 'name', label: 'Name', directions: { asc: 'A to Z', desc: 'Z to A' } },
  { value: 'orders', label: 'Orders', directions: { asc: 'fewest first', desc: 'most first' } },
  { value: 'spend', label: 'Lifetime spend', directions: { asc: 'lowest first', desc: 'highest first' } },
  { value: 'lastOrder', label: 'Last order', directions: { asc: 'oldest first', desc: 'newest first' } },
];

export interface CustomerListFilters {
  q: string;
  sort: CustomerSort;
  dir: SortDirection;
  page: number;
}

/** The list's filters from the url's query (`?q=&sort=&dir=&page=`); anything unreadable is the default. */
export function parseCustomerFilters(search: string): CustomerListFilters {
  const p = new URLSearchParams(search);
  const sortParam = p.get('sort');
  const sort = (CUSTOMER_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as CustomerSort) : 'name';
  const dirParam = p.get('dir');
  const dir: SortDirection = dirParam === 'asc' || dirParam === 'desc' ? dirParam : defaultDirection(sort);
  const page = Number(p.get('page'));
  return { q: (p.get('q') ?? '').slice(0, 100), sort, dir, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

/** The url query of `filters`, defaults left out ('' for the default list). */
export function customerSearch(f: CustomerListFilters): string {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.sort !== 'name') p.set('sort', f.sort);
  if (f.dir !== defaultDirection(f.sort)) p.set('dir', f.dir);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** What the list asks the server for. */
export function customerQueryArgs(f: CustomerListFilters): Record<string, string | number> {
  return { ...(f.q.trim() ? { q: f.q.trim() } : {}), sort: f.sort, dir: f.dir, page: f.page, pageSize: CUSTOMERS_PAGE_SIZE };
}

/** The filters after choosing a column to sort by: the same column flips its direction, another starts in its own. */
export function sortedBy(f: CustomerListFilters, sort: CustomerSort): CustomerListFilters {
  const dir: SortDirection = f.sort === sort ? (f.dir === 'asc' ? 'desc' : 'asc') : defaultDirection(sort);
  return { ...f, sort, dir, page: 1 };
}

/** Why a disable reason cannot be sent, in words for staff; null when it can. */
export function disableReasonError(reason: string): string | null {
  const r = reason.trim();
  if (!r) return CUSTOMER_TEXT.reasonRequired;
  if (r.length > DISABLE_REASON_MAX) return CUSTOMER_TEXT.reasonTooLong;
  return null;
}
