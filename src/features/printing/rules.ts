import type { LinesShipBy, ProductShipBy } from '../../domain/madeToOrder';
import type { LineToDate } from './shipByApi';

/**
 * What the product page says about shipping: the chosen option's plan once every part it has is
 * chosen ('Made to order — ships by Thu, Dec 3'), else the range across options ('Ships tomorrow –
 * Thu, Dec 3'); null while the dates are not known.
 */
export function productShipStatement(shipBy: ProductShipBy | undefined, chosen: { color: string | null; size: string | null; hasColors: boolean; hasSizes: boolean }): string | null {
  if (!shipBy) return null;
  const complete = (!chosen.hasColors || chosen.color) && (!chosen.hasSizes || chosen.size);
  if (complete && (chosen.hasColors || chosen.hasSizes)) {
    const option = shipBy.options[`${chosen.color ?? ''}|${chosen.size ?? ''}`];
    if (option) return option.text;
  }
  return shipBy.range;
}

/** The lines of a cart or checkout the server dates: those that can be bought, in their order. */
export function linesToDate(lines: readonly { key: string; itemId: string; variant: string; quantity: number; status: string }[] | null | undefined): LineToDate[] {
  return (lines ?? []).filter((l) => l.status === 'ok').map((l) => ({ productId: l.itemId, variant: l.variant, quantity: l.quantity }));
}

/** Each dated line's statement by its cart key ('In stock — ships tomorrow'). */
export function shipTextByKey(lines: readonly { key: string; status: string }[] | null | undefined, dated: LinesShipBy | undefined): Record<string, string> {
  if (!dated) return {};
  const ok = (lines ?? []).filter((l) => l.status === 'ok');
  return Object.fromEntries(ok.flatMap((l, i) => (dated.lines[i] ? [[l.key, dated.lines[i].text]] : [])));
}
