/** Money helpers: integer cents inside, dollars with 2 decimals only at the edges. */

/** Dollars (possibly with float noise) → integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents → dollars as a number with at most 2 decimals. */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** '$12.50' */
export function formatMoney(dollars: number, symbol = '$'): string {
  return `${symbol}${dollars.toFixed(2)}`;
}

/** Integer cents shown as money: '$12.50'. */
export function formatCents(cents: number, symbol = '$'): string {
  return formatMoney(toDollars(cents), symbol);
}

export const CURRENCY = '$';

/** '$100' for whole amounts, '$12.50' otherwise — for prose such as policy notices. */
export function formatMoneyShort(dollars: number, symbol = '$'): string {
  return Number.isInteger(dollars) ? `${symbol}${dollars}` : formatMoney(dollars, symbol);
}
