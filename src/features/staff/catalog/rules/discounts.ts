/** The discount code editor's draft, the record the staff API takes for it, and whether a code works. */
import type { StaffDiscount } from '../types';
import { fromLocalInput, MESSAGES, parsePercent, toLocalInput, type FieldErrors } from './fields';

export interface DiscountDraft {
  code: string;
  percentage: string;
  active: boolean;
  /** datetime-local, '' = never expires. */
  expiresAt: string;
}

export const EMPTY_DISCOUNT_DRAFT: DiscountDraft = { code: '', percentage: '', active: true, expiresAt: '' };

export function discountToDraft(d: StaffDiscount): DiscountDraft {
  return { code: d.code, percentage: String(d.percentage), active: d.active, expiresAt: toLocalInput(d.expiresAt) };
}

export interface DiscountRecord {
  code: string;
  percentage: number;
  active: boolean;
  expiresAt: string | null;
}

export function validateDiscount(d: DiscountDraft): { record: DiscountRecord } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const code = d.code.trim();
  if (!/^[A-Z0-9-]{3,32}$/i.test(code)) errors.code = MESSAGES.code;
  const pct = parsePercent(d.percentage, 1);
  if ('error' in pct) errors.percentage = pct.error;
  let expiresAt: string | null = null;
  if (d.expiresAt.trim()) {
    expiresAt = fromLocalInput(d.expiresAt);
    if (!expiresAt) errors.expiresAt = MESSAGES.date;
  }
  if (Object.keys(errors).length) return { errors };
  return { record: { code: code.toUpperCase(), percentage: (pct as { value: number }).value, active: d.active, expiresAt } };
}

/** Whether a code works at checkout at `now`. */
export function discountState(d: Pick<StaffDiscount, 'active' | 'expiresAt'>, now: number): 'disabled' | 'expired' | 'active' {
  if (!d.active) return 'disabled';
  if (d.expiresAt && new Date(d.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}
