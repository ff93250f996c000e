import { MAX_LINE_QUANTITY } from './cartKey';
import type { CartData } from './types';

/**
 * Pure helpers for `itemId_variant → quantity` maps, shared by the cart and the saved-for-later
 * slices (both own this shape, SPEC §3). Quantities are whole numbers in 1..MAX_LINE_QUANTITY;
 * a line that would reach 0 is removed.
 */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.min(MAX_LINE_QUANTITY, Math.max(0, Math.floor(quantity)));
}

/** Adds `quantity` to the line (creating it), capped at MAX_LINE_QUANTITY. */
export function addToLines(lines: CartData, key: string, quantity: number): void {
  const next = clampQuantity((lines[key] ?? 0) + clampQuantity(quantity));
  if (next > 0) lines[key] = next;
}

/** Sets the line's quantity; 0 (or less) removes it (SPEC §5). */
export function setLineQuantity(lines: CartData, key: string, quantity: number): void {
  const next = clampQuantity(quantity);
  if (next > 0) lines[key] = next;
  else delete lines[key];
}

export function countLines(lines: CartData): number {
  let total = 0;
  for (const q of Object.values(lines)) total += q;
  return total;
}
