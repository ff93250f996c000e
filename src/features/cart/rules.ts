import { MAX_LINE_QUANTITY } from '../../domain/cartKey';
import { subtotalCents, type ResolvedLine } from '../../domain/cartLines';
import { formatMoney, formatMoneyShort, toDollars } from '../../domain/money';
import { FREE_SHIPPING_THRESHOLD_CENTS, orderTotalsCents } from '../../domain/shipping';

/**
 * Cart rules (SPEC §5, §9) as pure functions: what the quantity input keeps of what is typed, when
 * a typed quantity counts, and the cart totals with the free-delivery message.
 */

/** What the quantity input keeps of a keystroke: digits only, at most two of them. */
export function quantityText(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 2);
}

/**
 * The quantity a typed text commits (capped at MAX_LINE_QUANTITY; 0 removes the line), or null
 * while the field holds nothing usable (empty): the line keeps its quantity until the shopper
 * types one or leaves the field.
 */
export function typedQuantity(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  return Math.min(MAX_LINE_QUANTITY, Number(text));
}

export interface CartSummary {
  subtotalCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  /** 'Free' once the subtotal reaches the threshold (an empty cart shows $0.00). */
  freeDelivery: boolean;
  /** At least one line can be bought: checkout is possible. */
  buyable: boolean;
  /** 'Add $x more for free delivery …' under the threshold, else null. */
  freeDeliveryMessage: string | null;
  /** How many lines are flagged and left out of the totals, in words, else null. */
  unavailableMessage: string | null;
}

/** The cart's totals (SPEC §9: delivery $10, waived from $100) over the purchasable lines. */
export function cartSummary(lines: readonly ResolvedLine[]): CartSummary {
  const subtotal = subtotalCents(lines);
  const totals = orderTotalsCents(subtotal);
  const flagged = lines.filter((l) => l.status !== 'ok').length;
  const toFree = FREE_SHIPPING_THRESHOLD_CENTS - subtotal;
  return {
    subtotalCents: totals.subtotal,
    deliveryFeeCents: totals.shipping,
    totalCents: totals.total,
    freeDelivery: subtotal > 0 && totals.shipping === 0,
    buyable: lines.some((l) => l.status === 'ok'),
    freeDeliveryMessage:
      subtotal > 0 && toFree > 0
        ? `Add ${formatMoney(toDollars(toFree))} more for free delivery (orders of ${formatMoneyShort(toDollars(FREE_SHIPPING_THRESHOLD_CENTS))} or more).`
        : null,
    unavailableMessage: flagged === 0 ? null : `${flagged === 1 ? '1 item is' : `${flagged} items are`} unavailable and not counted in the total.`,
  };
}
