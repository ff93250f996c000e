import { FIGURE_GENDERS, MAIN_CATEGORIES, TAXONOMY } from '../../../domain/taxonomy';
import type { Bundle, Product } from '../../../domain/types';
import { ACCESSORY_FLAGS, PRODUCT_FLAGS, type AccessoryFlag, type AuditEntry, type ProductFlag, type StaffDiscount } from './types';
import { own } from '../../../domain/lookup';

/**
 * The catalog editors' pure rules (issue 18): drafts as the forms hold them (numbers as typed text,
 * so a bad input is kept and named), the records the staff API takes (server/db/CATALOG_FORMAT.md),
 * and the server's own validation messages (server/db/catalogImport.ts), checked before a call.
 * Field errors are keyed by the server's paths (`accessories[0].price`), so its 400 `fields` map
 * lands on the same inputs.
 */

export type FieldErrors = Record<string, string>;

export const FORM_INVALID = 'Please correct the marked fields.';
export const SAVE_FAILED = 'Saving failed. Your changes are kept: please try again.';

// ---- shared checks (the server's messages) ----------------------------------------------------

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
  endAfterStart: 'must be after startDate',
  noProducts: 'must list at least one product id',
  code: 'must be 3–32 letters, digits or dashes',
} as const;

function textProblem(value: string, max: number): string | null {
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

// ---- products ---------------------------------------------------------------------------------

export interface AccessoryDraft {
  name: string;
  price: string;
  description: string;
  images: string[];
  flags: Record<AccessoryFlag, boolean>;
}

export interface ColorVariantDraft {
  color: string;
  /** '' → the server generates a picture in that colour. */
  image: string;
}

export interface ProductDraft {
  name: string;
  description: string;
  price: string;
  discount: string;
  image: string[];
  mainCategory: string;
  subCategory: string;
  subSubCategory: string;
  colorVariants: ColorVariantDraft[];
  clothingSizes: string;
  canvasSizes: string;
  accessories: AccessoryDraft[];
  flags: Record<ProductFlag, boolean>;
  /** Kept as loaded (the store sorts "newest" by it); null for a new product. */
  date: number | null;
}

const noFlags = <F extends string>(names: readonly F[]) => Object.fromEntries(names.map((f) => [f, false])) as Record<F, boolean>;

export const EMPTY_ACCESSORY: AccessoryDraft = { name: '', price: '', description: '', images: [], flags: noFlags(ACCESSORY_FLAGS) };

export const EMPTY_PRODUCT_DRAFT: ProductDraft = {
  name: '',
  description: '',
  price: '',
  discount: '0',
  image: [],
  mainCategory: 'Figures',
  subCategory: TAXONOMY.Figures[0],
  subSubCategory: FIGURE_GENDERS[0],
  colorVariants: [],
  clothingSizes: '',
  canvasSizes: '',
  accessories: [],
  flags: noFlags(PRODUCT_FLAGS),
  date: null,
};

/** The sub-categories a main category offers (SPEC §3 taxonomy). */
export function subCategoriesOf(main: string): readonly string[] {
  return own<readonly string[]>(TAXONOMY, main) ?? [];
}

/** A product as the API sends it → the form's draft. */
export function productToDraft(p: Product): ProductDraft {
  return {
    name: p.name,
    description: p.description ?? '',
    price: String(p.price),
    discount: String(p.discount ?? 0),
    image: [...p.image],
    mainCategory: p.mainCategory,
    subCategory: p.subCategory,
    subSubCategory: p.subSubCategory ?? '',
    colorVariants: p.colorVariants.map((v) => ({ color: v.color, image: v.image ?? '' })),
    clothingSizes: p.clothingSizes.join(', '),
    canvasSizes: p.canvasSizes.join(', '),
    accessories: p.accessories.map((a) => ({
      name: a.name,
      price: String(a.price),
      description: a.description ?? '',
      images: [...a.images],
      flags: Object.fromEntries(ACCESSORY_FLAGS.map((f) => [f, a[f] === true])) as Record<AccessoryFlag, boolean>,
    })),
    flags: Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, p[f] === true])) as Record<ProductFlag, boolean>,
    date: p.date ?? null,
  };
}

/** The body the staff API takes for a product (catalog format fields). */
export interface ProductRecord {
  name: string;
  description: string;
  price: number;
  discount: number;
  image: string[];
  mainCategory: string;
  subCategory: string;
  subSubCategory?: string;
  colorVariants: { color: string; image?: string }[];
  clothingSizes: string[];
  canvasSizes: string[];
  accessories: ({ name: string; price: number; description: string; images: string[] } & Partial<Record<AccessoryFlag, boolean>>)[];
  date?: number;
  [flag: string]: unknown;
}

/** Checks a draft with the server's rules: the record to send, or the messages by field. */
export function validateProduct(d: ProductDraft): { record: ProductRecord } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = textProblem(d.name, 160);
  if (name) errors.name = name;
  if (d.description.length > 5000) errors.description = MESSAGES.tooLong(5000);
  const price = parseMoney(d.price);
  if ('error' in price) errors.price = price.error;
  const discount = parsePercent(d.discount, 0);
  if ('error' in discount) errors.discount = discount.error;
  if (!(MAIN_CATEGORIES as string[]).includes(d.mainCategory)) errors.mainCategory = MESSAGES.mainCategory;
  else if (!subCategoriesOf(d.mainCategory).includes(d.subCategory)) errors.subCategory = MESSAGES.subCategory(d.mainCategory);
  if (d.mainCategory === 'Figures' && !(FIGURE_GENDERS as readonly string[]).includes(d.subSubCategory)) errors.subSubCategory = MESSAGES.gender;
  d.colorVariants.forEach((v, i) => {
    const p = textProblem(v.color, 40);
    if (p) errors[`colorVariants[${i}].color`] = p;
  });
  const clothing = splitList(d.clothingSizes);
  clothing.forEach((s, i) => {
    if (s.length > 10) errors[`clothingSizes[${i}]`] = MESSAGES.tooLong(10);
  });
  const canvas = splitList(d.canvasSizes);
  canvas.forEach((s, i) => {
    if (!/^\d{1,3}x\d{1,3}$/.test(s)) errors[`canvasSizes[${i}]`] ??= MESSAGES.canvas;
  });
  const accessories = d.accessories.map((a, i) => {
    const n = textProblem(a.name, 120);
    if (n) errors[`accessories[${i}].name`] = n;
    const ap = parseMoney(a.price);
    if ('error' in ap) errors[`accessories[${i}].price`] = ap.error;
    if (a.description.length > 2000) errors[`accessories[${i}].description`] = MESSAGES.tooLong(2000);
    const flags = Object.fromEntries(ACCESSORY_FLAGS.filter((f) => a.flags[f]).map((f) => [f, true]));
    return { name: a.name.trim(), price: 'value' in ap ? ap.value : 0, description: a.description, images: a.images, ...flags };
  });
  if (Object.keys(errors).length) return { errors };
  const record: ProductRecord = {
    name: d.name.trim(),
    description: d.description,
    price: (price as { value: number }).value,
    discount: (discount as { value: number }).value,
    image: d.image,
    mainCategory: d.mainCategory,
    subCategory: d.subCategory,
    ...(d.mainCategory === 'Figures' ? { subSubCategory: d.subSubCategory } : {}),
    colorVariants: d.colorVariants.map((v) => ({ color: v.color.trim(), ...(v.image ? { image: v.image } : {}) })),
    clothingSizes: clothing,
    canvasSizes: canvas,
    accessories,
    ...Object.fromEntries(PRODUCT_FLAGS.map((f) => [f, d.flags[f]])),
    ...(d.date !== null ? { date: d.date } : {}),
  };
  return { record };
}

/** The products list's filters (sent to the server: `q`, `category`, `flag`). */
export interface ProductFilters {
  q: string;
  category: string;
  flag: ProductFlag | '';
}

/** The list query without empty filters. */
export function productListQuery(f: ProductFilters): { q?: string; category?: string; flag?: ProductFlag } {
  return {
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
    ...(f.category ? { category: f.category } : {}),
    ...(f.flag ? { flag: f.flag } : {}),
  };
}

/** The flags a product carries, for the list's chips. */
export function productFlagsOf(p: Product): ProductFlag[] {
  return PRODUCT_FLAGS.filter((f) => p[f] === true);
}

// ---- pictures ---------------------------------------------------------------------------------

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_MESSAGES = {
  tooLarge: 'The picture is larger than 10 MB',
  badType: 'Only JPEG, PNG or WebP pictures can be uploaded',
  failed: 'The picture could not be uploaded. Please try again.',
} as const;

/** The quick check before an upload (the server checks the bytes again): null when it may be sent. */
export function uploadProblem(file: { size: number; type: string }): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.badType;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/** Where an uploaded picture goes in the product draft. */
export type PictureTarget = { kind: 'product' } | { kind: 'variant'; index: number } | { kind: 'accessory'; index: number } | { kind: 'bundle' };

/** A stable key per target (upload status, input ids). */
export function pictureTargetKey(t: PictureTarget): string {
  return t.kind === 'variant' || t.kind === 'accessory' ? `${t.kind}-${t.index}` : t.kind;
}

// ---- bundles ----------------------------------------------------------------------------------

export interface BundleDraft {
  title: string;
  description: string;
  price: string;
  images: string[];
  /** `YYYY-MM-DDTHH:mm` as a datetime-local input holds it (local time). */
  startDate: string;
  endDate: string;
  cancelled: boolean;
  products: string[];
}

export const EMPTY_BUNDLE_DRAFT: BundleDraft = { title: '', description: '', price: '', images: [], startDate: '', endDate: '', cancelled: false, products: [] };

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

export function bundleToDraft(b: Bundle): BundleDraft {
  return {
    title: b.title,
    description: b.description ?? '',
    price: String(b.price),
    images: [...b.images],
    startDate: toLocalInput(b.startDate),
    endDate: toLocalInput(b.endDate),
    cancelled: b.cancelled,
    products: [...b.products],
  };
}

export interface BundleRecord {
  title: string;
  description: string;
  price: number;
  images: string[];
  startDate: string;
  endDate: string;
  cancelled: boolean;
  products: string[];
}

export function validateBundle(d: BundleDraft): { record: BundleRecord } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const title = textProblem(d.title, 160);
  if (title) errors.title = title;
  if (d.description.length > 5000) errors.description = MESSAGES.tooLong(5000);
  const price = parseMoney(d.price);
  if ('error' in price) errors.price = price.error;
  const start = fromLocalInput(d.startDate);
  const end = fromLocalInput(d.endDate);
  if (!start) errors.startDate = MESSAGES.date;
  if (!end) errors.endDate = MESSAGES.date;
  if (start && end && new Date(end).getTime() <= new Date(start).getTime()) errors.endDate = MESSAGES.endAfterStart;
  if (d.products.length === 0) errors.products = MESSAGES.noProducts;
  if (Object.keys(errors).length) return { errors };
  return {
    record: {
      title: d.title.trim(),
      description: d.description,
      price: (price as { value: number }).value,
      images: d.images,
      startDate: start!,
      endDate: end!,
      cancelled: d.cancelled,
      products: d.products,
    },
  };
}

/** Where a bundle stands for shoppers at `now`. */
export function bundleState(b: Pick<Bundle, 'startDate' | 'endDate' | 'cancelled'>, now: number): 'cancelled' | 'upcoming' | 'active' | 'ended' {
  if (b.cancelled) return 'cancelled';
  if (now < new Date(b.startDate).getTime()) return 'upcoming';
  if (now > new Date(b.endDate).getTime()) return 'ended';
  return 'active';
}

// ---- discount codes ---------------------------------------------------------------------------

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

// ---- audit ------------------------------------------------------------------------------------

/** A value of the audit log as a short text: money stays as stored, lists and objects as JSON. */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v.length > 120 ? `${v.slice(0, 117)}…` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const json = JSON.stringify(v);
  return json.length > 120 ? `${json.slice(0, 117)}…` : json;
}

export interface AuditRow {
  id: string;
  who: string;
  when: string;
  action: string;
  changes: { field: string; from: string; to: string }[];
}

/** The audit entries as the log shows them (newest first, as the server sends them). */
export function auditRows(entries: readonly AuditEntry[]): AuditRow[] {
  return entries.map((e) => ({
    id: e._id,
    who: e.actor.email ?? 'system',
    when: e.createdAt,
    action: e.action,
    changes: Object.entries(e.changes).map(([field, c]) => ({ field, from: auditValue(c.from), to: auditValue(c.to) })),
  }));
}

// ---- bundle product picker --------------------------------------------------------------------

/**
 * The picker's two lists: the bundle's products in their order (an id the catalog no longer has is
 * named by its id), and the catalog's products whose name holds the search (at most 50).
 */
export function pickableProducts(
  catalog: readonly Product[],
  selectedIds: readonly string[],
  search: string,
): { selected: { id: string; name: string }[]; options: Product[] } {
  const byId = new Map(catalog.map((p) => [p._id, p]));
  const q = search.trim().toLowerCase();
  return {
    selected: selectedIds.map((id) => ({ id, name: byId.get(id)?.name ?? id })),
    options: catalog.filter((p) => !q || p.name.toLowerCase().includes(q)).slice(0, 50),
  };
}

// ---- settings ---------------------------------------------------------------------------------

/** Every category `hiddenCategories` may name: main, sub and figure type (the server's list). */
export const CATEGORY_CHOICES: string[] = [...new Set([...MAIN_CATEGORIES, ...Object.values(TAXONOMY).flat(), ...FIGURE_GENDERS])];
