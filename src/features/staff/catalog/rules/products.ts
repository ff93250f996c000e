/** The product editor's draft, the record the staff API takes for it (server/db/CATALOG_FORMAT.md), and the products list's filters. */
import { own } from '../../../../domain/lookup';
import { FIGURE_GENDERS, MAIN_CATEGORIES, TAXONOMY } from '../../../../domain/taxonomy';
import type { Product } from '../../../../domain/types';
import { ACCESSORY_FLAGS, PRODUCT_FLAGS, type AccessoryFlag, type ProductFlag } from '../types';
import { MESSAGES, parseMoney, parsePercent, splitList, textProblem, type FieldErrors } from './fields';
import { validateStock, type OptionStockDraft, type OptionStockRecord } from './stock';

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
  /** Stock per option as loaded or edited (options without a row show the defaults; rules/stock.ts). */
  stock: OptionStockDraft[];
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
  stock: [],
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
    stock: [],
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
  /** Only the options staff changed; the others keep their stock. */
  stock?: OptionStockRecord[];
  [flag: string]: unknown;
}

/**
 * Checks a draft with the server's rules: the record to send, or the messages by field. `loadedStock`
 * is the stock the draft was loaded with: only the options that differ from it are sent.
 */
export function validateProduct(d: ProductDraft, loadedStock: OptionStockDraft[] = []): { record: ProductRecord } | { errors: FieldErrors } {
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
  const stock = validateStock(d, loadedStock, errors);
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
    ...(stock ? { stock } : {}),
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
