import { addressBlock, BULK_MAX } from '../../../domain/fulfilment';
import type { Address } from '../../../domain/types';

/**
 * The board's selection rules, pure so tests pin them: at most BULK_MAX orders, in the order they
 * were chosen; choosing the page adds its orders (up to the limit), unchoosing it removes them.
 */
export function toggledSelection(selected: readonly string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  return selected.length >= BULK_MAX ? [...selected] : [...selected, id];
}

export function pageSelection(selected: readonly string[], pageIds: readonly string[], choose: boolean): string[] {
  if (!choose) return selected.filter((s) => !pageIds.includes(s));
  const out = [...selected];
  for (const id of pageIds) if (!out.includes(id) && out.length < BULK_MAX) out.push(id);
  return out;
}

/** The page checkbox: every order of the page chosen, some of them, or none. */
export function pageChoice(selected: readonly string[], pageIds: readonly string[]): 'all' | 'some' | 'none' {
  const n = pageIds.filter((id) => selected.includes(id)).length;
  return n === 0 ? 'none' : n === pageIds.length ? 'all' : 'some';
}

/** Where the packing slips of `ids` print: one order's page, or the selection's. */
export function slipsPath(ids: readonly string[]): string {
  return ids.length === 1 ? `/staff/orders/${ids[0]}/slip` : `/staff/slips?ids=${ids.join(',')}`;
}

/** The ids of `/staff/slips?ids=a,b` (only well-formed ones, at most BULK_MAX). */
export function slipIdsFrom(search: string): string[] {
  const raw = new URLSearchParams(search).get('ids') ?? '';
  return [...new Set(raw.split(',').map((s) => s.trim().toLowerCase()))].filter((s) => /^[0-9a-f]{24}$/.test(s)).slice(0, BULK_MAX);
}

/** The delivery address as one block of text (the copy button), laid out as the page and the slip show it. */
export function addressText(a: Partial<Address>): string {
  const b = addressBlock(a);
  return [b.name, ...b.lines, b.phone].filter((l) => l.trim() !== '').join('\n');
}

export const FULFIL_TEXT = {
  noteSaved: 'The note is saved. Only staff can see it.',
  noteFailed: 'The note was not saved. Please try again.',
  tagFailed: 'The tag was not changed. Please try again.',
  copied: 'The address is copied.',
  copyFailed: 'The address could not be copied: select it and copy it by hand.',
  bulkFailed: 'No order was moved. Please try again.',
  moved: (n: number) => `${n} ${n === 1 ? 'order' : 'orders'} moved to Processing.`,
  nothingChosen: 'Choose at least one order first.',
} as const;
