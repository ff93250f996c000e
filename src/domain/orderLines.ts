/**
 * An order line as every screen shows it (My Orders, the confirmation page, the staff console): its
 * variant read from the `color` field and its money in integer cents, so each figure on screen comes
 * from the same rule as the server's totals (DESIGN: dollars only at the edges).
 */
import { toCents } from './money';
import type { OrderItem } from './types';

/** An item's variant as shown: color and size, or the Bundle Deal badge. 'null' or empty parts are hidden. */
export interface VariantView {
  isBundle: boolean;
  color: string | null;
  size: string | null;
}

const shown = (part: string | undefined): string | null => {
  const v = (part ?? '').trim();
  return v && v.toLowerCase() !== 'null' ? v : null;
};

/** The color field holds 'color|size'; 'bundle' (or 'bundle|…') marks a bundle line (SPEC §2, §3). */
export function variantView(color: string | null | undefined): VariantView {
  const raw = typeof color === 'string' ? color : '';
  const [first, ...rest] = raw.split('|');
  if ((first ?? '').trim().toLowerCase() === 'bundle') return { isBundle: true, color: null, size: null };
  return { isBundle: false, color: shown(first), size: shown(rest.join('|')) };
}

/** The variant in one line of text: 'Bundle Deal', 'Red · Size M', 'Size L', or '' when there is none. */
export function variantLabel(color: string | null | undefined): string {
  const v = variantView(color);
  if (v.isBundle) return 'Bundle Deal';
  return [v.color ?? '', v.size ? `Size ${v.size}` : ''].filter(Boolean).join(' · ');
}

/** An item's unit price in cents: unitPrice, else price, else 0 (older orders carry only `price`). */
export function orderLineUnitCents(item: Pick<OrderItem, 'unitPrice' | 'price'>): number {
  const v = item.unitPrice ?? item.price;
  return typeof v === 'number' && Number.isFinite(v) ? toCents(v) : 0;
}

/** The line total in cents: unit cents × whole quantity (a broken quantity counts as none). */
export function orderLineTotalCents(item: Pick<OrderItem, 'unitPrice' | 'price' | 'quantity'>): number {
  const qty = Number.isFinite(item.quantity) ? Math.max(0, Math.floor(item.quantity)) : 0;
  return orderLineUnitCents(item) * qty;
}
