import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { toCents } from '../../src/domain/money';
import { FIGURE_GENDERS, TAXONOMY } from '../../src/domain/taxonomy';
import { hasUnsafeCharacters, isLocalPath } from '../../src/domain/text';
import { imageUrl, kindFor } from '../images/urls';
import { bumpCatalogVersion } from '../repositories/catalog';
import { accessoryFlags, PRODUCT_ID_RE } from '../repositories/catalogMapping';
import type { Db, DbOrTx } from './client';
import { bundles, discounts, products, type NewBundleRow, type NewProductRow } from './schema';
import { own } from '../../src/domain/lookup';
import { parseVariant, variantProblem } from '../../src/domain/cartKey';
import { allOptionVariants, DEFAULT_PRINT } from '../../src/domain/stock';
import { StockRepository, type OptionStockInput } from '../repositories/stock';

/**
 * The catalog file format (documented in CATALOG_FORMAT.md): products, bundles and discount codes
 * with wire-like field names and dollar prices. Every record is validated; one bad record refuses
 * the whole file, and the import runs in one transaction.
 */

const money = z
  .number({ message: 'must be a number of dollars' })
  .nonnegative('must be 0 or more')
  .max(100_000, 'must be at most 100000')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most 2 decimals');

/** A picture: a path on this site (`/img/...`, `/uploads/...`); remote URLs are refused (CSP). */
const localImage = z
  .string({ message: 'must be a string' })
  .max(500, { message: 'must be at most 500 characters', abort: true })
  .refine(isLocalPath, 'must be a local path starting with "/" (remote URLs are not allowed)');

const flag = z.boolean({ message: 'must be true or false' }).optional();
const id = z.string().max(64, { message: 'must be 24 lowercase hex characters', abort: true }).regex(PRODUCT_ID_RE, 'must be 24 lowercase hex characters');
const DATE_MESSAGE = 'must be an ISO 8601 date-time (e.g. 2025-01-31T00:00:00Z) or milliseconds';
const date = z.union([z.number().int().nonnegative(), z.string().max(40, DATE_MESSAGE).pipe(z.iso.datetime({ offset: true, message: DATE_MESSAGE }))], { message: DATE_MESSAGE });
const text = (max: number) =>
  z
    .string({ message: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, { message: `must be at most ${max} characters`, abort: true })
    .refine((v) => !hasUnsafeCharacters(v, false), 'must not contain control characters or text-direction overrides');
/** A longer text (a description): line breaks and tabs allowed. */
const longText = (max: number) =>
  z
    .string({ message: 'must be a string' })
    .max(max, { message: `must be at most ${max} characters`, abort: true })
    .refine((v) => !hasUnsafeCharacters(v, true), 'must not contain control characters or text-direction overrides (line breaks and tabs are fine)')
    .default('');

const accessorySchema = z.strictObject({
  name: text(120),
  price: money,
  images: z.array(localImage).max(12).default([]),
  description: longText(2000),
  outOfStock: flag,
  comingSoon: flag,
  preOrder: flag,
  isNew: flag,
  limitedEdition: flag,
  notAvailableYet: flag,
});

/** One option's stock (optional): on the shelf, made to order or not, print time and material. */
const stockRecordSchema = z.strictObject({
  option: z.string({ message: "must be the option's variant, e.g. \"Red|M\", \"|\" or \"accessory-0\"" }).max(200),
  onHand: z.number({ message: 'must be a whole number, 0 or more' }).int('must be a whole number, 0 or more').min(0, 'must be a whole number, 0 or more').max(100_000, 'must be at most 100000').default(0),
  madeToOrder: z.boolean({ message: 'must be true or false' }).default(true),
  printMinutes: z.number({ message: 'must be a whole number of minutes' }).int('must be a whole number of minutes').min(1, 'must be at least 1 minute').max(10_080, 'must be at most 10080 (a week)').default(DEFAULT_PRINT.minutes),
  material: text(40).default(DEFAULT_PRINT.material),
});

export const productRecordSchema = z
  .strictObject({
    _id: id.optional(),
    name: text(160),
    description: longText(5000),
    price: money,
    discount: z.number().int('must be a whole percent').min(0, 'must be 0–100').max(100, 'must be 0–100').default(0),
    image: z.array(localImage).max(12, 'at most 12 images').default([]),
    mainCategory: z.enum(Object.keys(TAXONOMY) as [string, ...string[]], {
      message: `must be one of ${Object.keys(TAXONOMY).join(', ')}`,
    }),
    subCategory: z.string({ message: 'must be a string' }).max(40, 'must be at most 40 characters'),
    subSubCategory: z.string().max(40, 'must be at most 40 characters').optional(),
    colorVariants: z.array(z.strictObject({ color: text(40), image: localImage.optional() })).max(24).default([]),
    clothingSizes: z.array(text(10)).max(12).default([]),
    canvasSizes: z.array(z.string().max(16, { message: 'must look like 12x16', abort: true }).regex(/^\d{1,3}x\d{1,3}$/, 'must look like 12x16')).max(12).default([]),
    accessories: z.array(accessorySchema).max(20).default([]),
    outOfStock: flag,
    comingSoon: flag,
    preOrder: flag,
    isNewProduct: flag,
    limitedEdition: flag,
    vaulted: flag,
    notAvailableYet: flag,
    bestseller: flag,
    date: date.optional(),
    stock: z.array(stockRecordSchema).max(500).optional(),
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    (p.stock ?? []).forEach((s, i) => {
      const v = parseVariant(s.option);
      const why = !v || v.kind === 'bundle' ? 'is not an option of a product' : variantProblem({ ...p, accessories: p.accessories }, v);
      if (why) ctx.addIssue({ code: 'custom', path: ['stock', i, 'option'], message: `"${s.option}": ${why}` });
      if (seen.has(s.option)) ctx.addIssue({ code: 'custom', path: ['stock', i, 'option'], message: `"${s.option}" is listed twice` });
      seen.add(s.option);
    });
    const subs = own<readonly string[]>(TAXONOMY, p.mainCategory);
    if (subs && !subs.includes(p.subCategory)) {
      ctx.addIssue({ code: 'custom', path: ['subCategory'], message: `must be one of ${subs.join(', ')} for ${p.mainCategory}` });
    }
    if (p.mainCategory === 'Figures') {
      if (!p.subSubCategory || !(FIGURE_GENDERS as readonly string[]).includes(p.subSubCategory)) {
        ctx.addIssue({ code: 'custom', path: ['subSubCategory'], message: `must be one of ${FIGURE_GENDERS.join(', ')} for Figures` });
      }
    }
  });

export const bundleRecordSchema = z
  .strictObject({
    _id: id.optional(),
    title: text(160),
    description: longText(5000),
    price: money,
    images: z.array(localImage).max(12).default([]),
    startDate: date,
    endDate: date,
    cancelled: z.boolean().default(false),
    products: z.array(id).min(1, 'must list at least one product id').max(50),
    /** The option the bundle holds of a product, by product id (default: its first colour and size). */
    // An object of its own, not z.record: a record reads each key with a pattern of its own before
    // the key's schema bounds it. Keys are checked here, shortest first.
    productOptions: z
      .object({})
      .catchall(z.string().max(200))
      .superRefine((options, ctx) => {
        for (const key of Object.keys(options)) {
          if (key.length > 64 || !PRODUCT_ID_RE.test(key)) ctx.addIssue({ code: 'custom', path: [key.slice(0, 64)], message: 'must be 24 lowercase hex characters' });
        }
      })
      .optional(),
  })
  .refine((b) => Object.keys(b.productOptions ?? {}).every((pid) => b.products.includes(pid)), {
    path: ['productOptions'],
    message: 'names a product the bundle does not hold',
  })
  .refine((b) => new Date(b.endDate).getTime() > new Date(b.startDate).getTime(), {
    path: ['endDate'],
    message: 'must be after the start date',
  });

export const discountRecordSchema = z.strictObject({
  code: z
    .string()
    .max(64, { message: 'must be 3–32 letters, digits or dashes', abort: true })
    .trim()
    .regex(/^[A-Z0-9-]{3,32}$/i, 'must be 3–32 letters, digits or dashes')
    .transform((c) => c.toUpperCase()),
  percentage: z.number().int('must be a whole percent').min(1, 'must be 1–100').max(100, 'must be 1–100'),
  active: z.boolean().default(true),
  expiresAt: date.nullable().optional(),
});

export type ProductRecord = z.input<typeof productRecordSchema>;
/** A product record after validation (defaults filled in). */
export type ProductInput = z.output<typeof productRecordSchema>;
export type BundleInput = z.output<typeof bundleRecordSchema>;
export type BundleRecord = z.input<typeof bundleRecordSchema>;
export type DiscountRecord = z.input<typeof discountRecordSchema>;
export interface CatalogFile {
  products?: ProductRecord[];
  bundles?: BundleRecord[];
  discounts?: DiscountRecord[];
}

export class CatalogImportError extends Error {
  override name = 'CatalogImportError';
  constructor(readonly problems: string[]) {
    super(
      `Catalog refused, nothing was imported (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.slice(0, 30).map((p) => `  - ${p}`).join('\n') +
        (problems.length > 30 ? `\n  … and ${problems.length - 30} more` : ''),
    );
  }
}

/**
 * A valid product record → its row (cents, generated pictures where none are given). The one
 * conversion for the catalog import and the staff product editor.
 */
export function productRow(p: ProductInput, pid: string, now = Date.now()): NewProductRow {
  const kind = kindFor(p.mainCategory, p.subCategory, p.subSubCategory);
  const firstColor = p.colorVariants[0]?.color ?? 'blue';
  return {
    id: pid,
    name: p.name,
    description: p.description,
    priceCents: toCents(p.price),
    discount: p.discount,
    images: p.image.length ? p.image : [imageUrl(pid, kind, firstColor)],
    mainCategory: p.mainCategory,
    subCategory: p.subCategory,
    subSubCategory: p.subSubCategory ?? null,
    colorVariants: p.colorVariants.map((v) => ({ color: v.color, image: v.image ?? imageUrl(pid, kind, v.color) })),
    clothingSizes: p.clothingSizes,
    canvasSizes: p.canvasSizes,
    accessories: p.accessories.map((a, ai) => ({
      name: a.name,
      priceCents: toCents(a.price),
      images: a.images.length ? a.images : [imageUrl(`${pid}-a${ai}`, 'accessory', firstColor)],
      description: a.description,
      ...accessoryFlags(a),
    })),
    outOfStock: p.outOfStock ?? false,
    comingSoon: p.comingSoon ?? false,
    preOrder: p.preOrder ?? false,
    isNewProduct: p.isNewProduct ?? false,
    limitedEdition: p.limitedEdition ?? false,
    vaulted: p.vaulted ?? false,
    notAvailableYet: p.notAvailableYet ?? false,
    bestseller: p.bestseller ?? false,
    createdAt: p.date !== undefined ? toDate(p.date) : new Date(now),
  };
}

/** A valid bundle record → its row (the import and the staff bundle editor). */
export function bundleRow(b: BundleInput, bid: string): NewBundleRow {
  return {
    id: bid,
    title: b.title,
    description: b.description,
    priceCents: toCents(b.price),
    images: b.images.length ? b.images : [imageUrl(bid, 'bundle', 'purple')],
    startDate: toDate(b.startDate),
    endDate: toDate(b.endDate),
    cancelled: b.cancelled,
    productIds: b.products,
    productOptions: b.productOptions ?? {},
  };
}

/**
 * A product's stock as a record gives it: every offered option, the listed ones as given; the
 * others (and every option of a record without stock fields) made to order, or stocked only with
 * nothing on hand when the product — or the accessory — is flagged out of stock.
 */
export function productStock(row: NewProductRow, given: ProductInput['stock']): { offered: string[]; given: OptionStockInput[]; fallback: (variant: string) => OptionStockInput } {
  const offered = allOptionVariants({ colorVariants: row.colorVariants ?? [], clothingSizes: row.clothingSizes ?? [], canvasSizes: row.canvasSizes ?? [], accessories: row.accessories ?? [] });
  const fallback = (variant: string): OptionStockInput => {
    const acc = /^accessory-(\d+)$/.exec(variant);
    const soldOut = row.outOfStock || (acc ? (row.accessories?.[Number(acc[1])]?.outOfStock ?? false) : false);
    return { variant, onHand: 0, madeToOrder: !soldOut, printMinutes: DEFAULT_PRINT.minutes, material: DEFAULT_PRINT.material };
  };
  return {
    offered,
    fallback,
    given: (given ?? []).map((s) => ({ variant: s.option, onHand: s.onHand, madeToOrder: s.madeToOrder, printMinutes: s.printMinutes, material: s.material })),
  };
}

/** Stable id for a record without one, so importing the same file twice updates, not duplicates. */
export function deriveId(kind: 'product' | 'bundle', key: string): string {
  return createHash('sha1').update(`layerloft:${kind}:${key}`).digest('hex').slice(0, 24);
}

const toDate = (d: string | number) => new Date(d);

function fieldPath(path: PropertyKey[]): string {
  return path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)), '');
}

interface Parsed {
  products: NewProductRow[];
  stock: Map<string, ReturnType<typeof productStock>>;
  bundles: NewBundleRow[];
  discounts: (typeof discounts.$inferInsert)[];
}

/** Validates a whole catalog file; throws CatalogImportError naming each bad record and field. */
export function parseCatalog(input: unknown, now = Date.now()): Parsed {
  const problems: string[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new CatalogImportError(['the file must hold a JSON object with "products", "bundles" and/or "discounts" arrays']);
  }
  const file = input as Record<string, unknown>;
  for (const key of Object.keys(file)) {
    if (!['products', 'bundles', 'discounts', '$schema', 'comment'].includes(key)) problems.push(`unknown top-level field "${key}"`);
  }
  const list = (key: string): unknown[] => {
    const v = file[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      problems.push(`"${key}" must be an array`);
      return [];
    }
    return v;
  };
  const label = (kind: string, i: number, raw: unknown, nameKey: string) => {
    const name = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[nameKey] : undefined;
    return `${kind}[${i}]${typeof name === 'string' && name ? ` ("${name.slice(0, 60)}")` : ''}`;
  };

  const out: Parsed = { products: [], stock: new Map(), bundles: [], discounts: [] };
  const productIds = new Set<string>();
  list('products').forEach((raw, i) => {
    const r = productRecordSchema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues) problems.push(`${label('products', i, raw, 'name')} field ${fieldPath(issue.path) || '(record)'}: ${issue.message}`);
      return;
    }
    const p = r.data;
    const pid = p._id ?? deriveId('product', `${p.mainCategory}/${p.subCategory}/${p.name}`);
    if (productIds.has(pid)) {
      problems.push(`${label('products', i, raw, 'name')} field _id: duplicate id ${pid}`);
      return;
    }
    productIds.add(pid);
    const row = productRow(p, pid, now);
    out.products.push(row);
    out.stock.set(pid, productStock(row, p.stock));
  });

  const bundleIds = new Set<string>();
  list('bundles').forEach((raw, i) => {
    const r = bundleRecordSchema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues) problems.push(`${label('bundles', i, raw, 'title')} field ${fieldPath(issue.path) || '(record)'}: ${issue.message}`);
      return;
    }
    const b = r.data;
    const bid = b._id ?? deriveId('bundle', b.title);
    if (bundleIds.has(bid)) {
      problems.push(`${label('bundles', i, raw, 'title')} field _id: duplicate id ${bid}`);
      return;
    }
    bundleIds.add(bid);
    out.bundles.push(bundleRow(b, bid));
  });

  const codes = new Set<string>();
  list('discounts').forEach((raw, i) => {
    const r = discountRecordSchema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues) problems.push(`${label('discounts', i, raw, 'code')} field ${fieldPath(issue.path) || '(record)'}: ${issue.message}`);
      return;
    }
    if (codes.has(r.data.code)) {
      problems.push(`${label('discounts', i, raw, 'code')} field code: duplicate code ${r.data.code}`);
      return;
    }
    codes.add(r.data.code);
    out.discounts.push({
      code: r.data.code,
      percentage: r.data.percentage,
      active: r.data.active,
      expiresAt: r.data.expiresAt == null ? null : toDate(r.data.expiresAt),
    });
  });

  if (problems.length) throw new CatalogImportError(problems);
  return out;
}

/** Imports a parsed catalog in the given transaction: upsert by id/code; checks bundle product ids. */
async function writeCatalog(tx: DbOrTx, parsed: Parsed): Promise<void> {
  const inFile = new Set(parsed.products.map((p) => p.id));
  const wanted = [...new Set(parsed.bundles.flatMap((b) => b.productIds ?? []))].filter((pid) => !inFile.has(pid));
  if (wanted.length) {
    const found = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted))).map((r) => r.id));
    const problems: string[] = [];
    parsed.bundles.forEach((b, i) =>
      (b.productIds ?? []).forEach((pid, j) => {
        if (!inFile.has(pid) && !found.has(pid)) problems.push(`bundles[${i}] ("${b.title}") field products[${j}]: unknown product id ${pid}`);
      }),
    );
    if (problems.length) throw new CatalogImportError(problems);
  }
  const excluded = (cols: string[]) => Object.fromEntries(cols.map((c) => [c, sql.raw(`excluded."${c}"`)]));
  if (parsed.products.length) {
    await tx
      .insert(products)
      .values(parsed.products)
      .onConflictDoUpdate({
        target: products.id,
        set: excluded([
          'name', 'description', 'price_cents', 'discount', 'images', 'main_category', 'sub_category', 'sub_sub_category',
          'color_variants', 'clothing_sizes', 'canvas_sizes', 'accessories', 'out_of_stock', 'coming_soon', 'pre_order',
          'is_new_product', 'limited_edition', 'vaulted', 'not_available_yet', 'bestseller', 'created_at',
        ]),
      });
    // Stock per option: listed options as given; others keep what they have, or get the defaults.
    const stock = new StockRepository(tx);
    for (const [pid, s] of parsed.stock) await stock.setProductOptions(tx, pid, s.offered, s.given, s.fallback);
  }
  if (parsed.bundles.length) {
    await tx
      .insert(bundles)
      .values(parsed.bundles)
      .onConflictDoUpdate({
        target: bundles.id,
        set: excluded(['title', 'description', 'price_cents', 'images', 'start_date', 'end_date', 'cancelled', 'product_ids', 'product_options']),
      });
  }
  if (parsed.discounts.length) {
    await tx
      .insert(discounts)
      .values(parsed.discounts)
      .onConflictDoUpdate({ target: discounts.code, set: excluded(['percentage', 'active', 'expires_at']) });
  }
  await bumpCatalogVersion(tx);
}

export interface ImportSummary {
  products: number;
  bundles: number;
  discounts: number;
}

/** Validates then imports a whole catalog in one transaction (all or nothing). */
export async function importCatalog(db: Db, input: unknown, now = Date.now()): Promise<ImportSummary> {
  const parsed = parseCatalog(input, now);
  await db.transaction((tx) => writeCatalog(tx, parsed));
  return { products: parsed.products.length, bundles: parsed.bundles.length, discounts: parsed.discounts.length };
}

/** Same, inside a caller's transaction (the demo seed). */
export async function importCatalogInTx(tx: DbOrTx, input: unknown, now = Date.now()): Promise<ImportSummary> {
  const parsed = parseCatalog(input, now);
  await writeCatalog(tx, parsed);
  return { products: parsed.products.length, bundles: parsed.bundles.length, discounts: parsed.discounts.length };
}
