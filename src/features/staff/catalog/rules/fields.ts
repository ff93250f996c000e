/**
 * How the catalog editors read what staff type: numbers and dates stay text in the drafts, so a bad
 * input is kept and named with the server's own message (server/db/catalogImport.ts), checked before
 * a call. Field errors are keyed by the server's paths (`accessories[0].price`), so its 400 `fields`
 * map lands on the same inputs.
 */
import { own } from '../../../../domain/lookup';
import { FIGURE_GENDERS, MAIN_CATEGORIES, TAXONOMY } from '../../../../domain/taxonomy';

export type FieldErrors = Record<string, string>;

export const FORM_INVALID = 'Please correct the marked fields.';
export const SAVE_FAILED = 'Saving failed. Your changes are kept: please try again.';

export const MESSAGES = {
  empty: 'must not be empty',
  tooLong: (max: number) => `must be at most ${max} characters`,
  money: 'must be a number of dollars',
  negative: 'must be 0 or more',
  moneyMax: 'must be at most 100000',
  decimals: 'must have at most 2 decimals',
  wholePercent: 'must be a whole percent',
  discountRange: 'must be 0–100',
  percentageRange: 'must be 1–100',
  subCategory: (main: string) => `must be one of ${(own<readonly string[]>(TAXONOMY, main) ?? []).join(', ')} for ${main}`,
  mainCategory: `must be one of ${MAIN_CATEGORIES.join(', ')}`,
  gender: `must be one of ${FIGURE_GENDERS.join(', ')} for Figures`,
  canvas: 'must look like 12x16',
  date: 'must be a date and time',
  endAfterStart: 'must be after the start date',
  noProducts: 'must list at least one product id',
  code: 'must be 3–32 letters, digits or dashes',
} as const;

/** A required text: trimmed, not empty, at most `max` characters. */
export function textProblem(value: string, max: number): string | null {
  const t = value.trim();
  if (!t) return MESSAGES.empty;
  if (t.length > max) return MESSAGES.tooLong(max);
  return null;
}

/** A price typed in dollars: the number, or the server's message for it. */
export function parseMoney(text: string): { value: number } | { error: string } {
  const t = text.trim();
  if (!t || !/^-?\d*(?:\.\d*)?$/.test(t) || t === '.' || t === '-') return { error: MESSAGES.money };
  const v = Number(t);
  if (!Number.isFinite(v)) return { error: MESSAGES.money };
  if (v < 0) return { error: MESSAGES.negative };
  if (v > 100_000) return { error: MESSAGES.moneyMax };
  if (Math.abs(v * 100 - Math.round(v * 100)) > 1e-6) return { error: MESSAGES.decimals };
  return { value: v };
}

/** A whole percent in [min, 100]. */
export function parsePercent(text: string, min: 0 | 1): { value: number } | { error: string } {
  const t = text.trim();
  const range = min === 0 ? MESSAGES.discountRange : MESSAGES.percentageRange;
  if (!t) return min === 0 ? { value: 0 } : { error: range };
  const v = Number(t);
  if (!Number.isFinite(v)) return { error: range };
  if (!Number.isInteger(v)) return { error: MESSAGES.wholePercent };
  if (v < min || v > 100) return { error: range };
  return { value: v };
}

/** 'S, M ,L' → ['S','M','L'] (empty parts left out). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The message an input shows: its own key's, else the first of its children's (`canvasSizes[1]`
 * is shown under the canvas sizes field).
 */
export function fieldError(errors: FieldErrors, key: string): string | undefined {
  if (errors[key]) return errors[key];
  const child = Object.keys(errors).find((k) => k.startsWith(`${key}[`) || k.startsWith(`${key}.`));
  return child ? errors[child] : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant → the local `YYYY-MM-DDTHH:mm` a datetime-local input shows ('' for none or a bad date). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) → ISO 8601 with offset Z, or null when it is not a date. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
