import type { ProductShipBy } from '../../domain/madeToOrder';

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
