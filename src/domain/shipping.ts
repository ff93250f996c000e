/** Delivery rule (SPEC §9): a fee of $10, waived when the subtotal is $100 or more. */
export const DELIVERY_FEE_CENTS = 1000;
export const FREE_SHIPPING_THRESHOLD_CENTS = 10000;

export function deliveryFeeCents(subtotalCents: number): number {
  if (subtotalCents <= 0) return 0;
  return subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : DELIVERY_FEE_CENTS;
}

/** Totals for a priced order. The discount is a percentage of subtotal plus shipping (SPEC §9). */
export function orderTotalsCents(subtotalCents: number, discountPercent = 0) {
  const shipping = deliveryFeeCents(subtotalCents);
  const pct = Math.min(100, Math.max(0, discountPercent));
  const discount = Math.round(((subtotalCents + shipping) * pct) / 100);
  return { subtotal: subtotalCents, shipping, discount, total: subtotalCents + shipping - discount };
}
