/** The bundle editor's draft, the record the staff API takes for it, and where a bundle stands for shoppers. */
import type { Bundle, Product } from '../../../../domain/types';
import { fromLocalInput, MESSAGES, parseMoney, textProblem, toLocalInput, type FieldErrors } from './fields';

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
  /** The option (cart variant, 'Red|M') the bundle holds of a product, by product id; absent: its first. */
  productOptions: Record<string, string>;
}

export const EMPTY_BUNDLE_DRAFT: BundleDraft = { title: '', description: '', price: '', images: [], startDate: '', endDate: '', cancelled: false, products: [], productOptions: {} };

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
    productOptions: { ...(b.productOptions ?? {}) },
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
  productOptions?: Record<string, string>;
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
  // Only the products the bundle holds: a product taken out leaves its choice behind.
  const options = Object.fromEntries(d.products.filter((id) => d.productOptions[id]).map((id) => [id, d.productOptions[id]!]));
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
      ...(Object.keys(options).length ? { productOptions: options } : {}),
    },
  };
}

/** The colours and sizes a product offers, for the bundle editor's choice of its option. */
export function bundleOptionChoices(p: Pick<Product, 'colorVariants' | 'clothingSizes' | 'canvasSizes'>): { colors: string[]; sizes: string[] } {
  return { colors: [...new Set(p.colorVariants.map((c) => c.color))], sizes: [...new Set([...p.clothingSizes, ...p.canvasSizes])] };
}

/** 'Red|M' → its colour and size ('' for a part the option does not have). */
export function splitOption(option: string): { color: string; size: string } {
  const at = option.indexOf('|');
  return at < 0 ? { color: option, size: '' } : { color: option.slice(0, at), size: option.slice(at + 1) };
}

/** Where a bundle stands for shoppers at `now`. */
export function bundleState(b: Pick<Bundle, 'startDate' | 'endDate' | 'cancelled'>, now: number): 'cancelled' | 'upcoming' | 'active' | 'ended' {
  if (b.cancelled) return 'cancelled';
  if (now < new Date(b.startDate).getTime()) return 'upcoming';
  if (now > new Date(b.endDate).getTime()) return 'ended';
  return 'active';
}
