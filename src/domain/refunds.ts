import { formatCents } from './money';

/**
 * Partial refunds: what a line, part of a line or an amount gives back, and what is left to give.
 * Integer cents throughout; the server decides with these rules and the staff refund panel
 * previews with the same ones.
 */

/** An order line as a refund sees it: what it cost and how many units it held. */
export interface RefundableLine {
  totalCents: number;
  quantity: number;
}

/** What a staff member asks to refund: units of chosen lines, and/or an amount (shipping, goodwill). */
export interface RefundRequest {
  lines: Array<{ index: number; quantity: number }>;
  amountCents: number;
}

/** What earlier refunds gave back: their cents, and units per line index. */
export interface RefundedSoFar {
  cents: number;
  units: Record<number, number>;
}

export interface PlannedRefund {
  amountCents: number;
  lines: Array<{ index: number; quantity: number; amountCents: number }>;
}

export const REFUND_MESSAGES = {
  nothingChosen: 'Choose the items to refund or enter an amount',
  nothingLeft: 'This order has been refunded in full: there is nothing left to refund',
  atMost: (cents: number) => `You can refund at most ${formatCents(cents)}`,
  noSuchLine: (n: number) => `The order has no item number ${n}`,
  unitsLeft: (name: string, left: number) =>
    left === 0 ? `${name} has already been refunded` : `You can refund at most ${left} of ${name}`,
  wholeUnits: 'Quantities must be whole numbers of 1 or more',
  amountPositive: 'The amount must be more than $0.00',
} as const;

/**
 * Each line's cent share of the order's discount, proportional to the line's total, by largest
 * remainder: the shares add up to the discount exactly (ties go to the earlier line).
 */
export function discountShares(lineTotals: readonly number[], discountCents: number): number[] {
  const sum = lineTotals.reduce((a, b) => a + b, 0);
  if (discountCents <= 0 || sum <= 0) return lineTotals.map(() => 0);
  const discount = Math.min(discountCents, sum);
  const exact = lineTotals.map((t) => (t * discount) / sum);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** What each line is worth once its share of the discount is taken off (what refunding it whole gives). */
export function lineNetCents(lines: readonly RefundableLine[], discountCents: number): number[] {
  const shares = discountShares(
    lines.map((l) => l.totalCents),
    discountCents,
  );
  return lines.map((l, i) => l.totalCents - shares[i]!);
}

/**
 * What refunding `units` more units of a line gives back when `already` were refunded before:
 * the line's net value is spread over its units so that refunding them one at a time or all at
 * once adds up to the same cents.
 */
export function unitsRefundCents(netCents: number, lineQuantity: number, already: number, units: number): number {
  if (lineQuantity <= 0) return 0;
  const upTo = (n: number) => Math.floor((netCents * Math.min(n, lineQuantity)) / lineQuantity);
  return upTo(already + units) - upTo(already);
}

/** What is left to refund of an order that took `paidCents`. */
export function refundableCents(paidCents: number, refunded: RefundedSoFar): number {
  return Math.max(0, paidCents - refunded.cents);
}

/**
 * Checks a refund request against the order and its earlier refunds and answers what it gives
 * back, or a message for people saying why not (never more than what is left, never more units
 * than a line has left).
 */
export function planRefund(
  order: { lines: readonly (RefundableLine & { name: string })[]; discountCents: number; paidCents: number },
  refunded: RefundedSoFar,
  request: RefundRequest,
): { ok: true; plan: PlannedRefund } | { ok: false; message: string } {
  const left = refundableCents(order.paidCents, refunded);
  if (left <= 0) return { ok: false, message: REFUND_MESSAGES.nothingLeft };
  if (!Number.isInteger(request.amountCents) || request.amountCents < 0) return { ok: false, message: REFUND_MESSAGES.amountPositive };
  const chosen = request.lines.filter((l) => l.quantity !== 0);
  if (chosen.length === 0 && request.amountCents === 0) return { ok: false, message: REFUND_MESSAGES.nothingChosen };
  const net = lineNetCents(order.lines, order.discountCents);
  const units = new Map<number, number>();
  for (const l of chosen) {
    if (!Number.isInteger(l.quantity) || l.quantity < 0) return { ok: false, message: REFUND_MESSAGES.wholeUnits };
    if (!Number.isInteger(l.index) || l.index < 0 || l.index >= order.lines.length) return { ok: false, message: REFUND_MESSAGES.noSuchLine(l.index + 1) };
    units.set(l.index, (units.get(l.index) ?? 0) + l.quantity);
  }
  const lines: PlannedRefund['lines'] = [];
  for (const [index, quantity] of [...units].sort((a, b) => a[0] - b[0])) {
    const line = order.lines[index]!;
    const already = refunded.units[index] ?? 0;
    const unitsLeft = Math.max(0, line.quantity - already);
    if (quantity > unitsLeft) return { ok: false, message: REFUND_MESSAGES.unitsLeft(line.name, unitsLeft) };
    lines.push({ index, quantity, amountCents: unitsRefundCents(net[index]!, line.quantity, already, quantity) });
  }
  const amountCents = lines.reduce((a, l) => a + l.amountCents, 0) + request.amountCents;
  if (amountCents > left) return { ok: false, message: REFUND_MESSAGES.atMost(left) };
  if (amountCents <= 0) return { ok: false, message: REFUND_MESSAGES.amountPositive };
  return { ok: true, plan: { amountCents, lines } };
}

/** "Partly refunded $12.40" for an order some of whose money went back; null when none or all did. */
export function partlyRefundedLabel(refundedCents: number, paidCents: number): string | null {
  return refundedCents > 0 && refundedCents < paidCents ? `Partly refunded ${formatCents(refundedCents)}` : null;
}

/** A refund as the staff API shows it (dollars). */
export interface OrderRefundView {
  _id: string;
  provider: string;
  /** The provider's id of the refund (re_…); null while it is being asked. */
  providerRefundId: string | null;
  amount: number;
  /** requested (the provider is being asked), succeeded, pending (Stripe, until the card network confirms). */
  status: string;
  lines: Array<{ index: number; quantity: number; amount: number }>;
  reason: string | null;
  restock: boolean;
  by: { _id: string | null; name: string | null; email: string | null };
  at: string;
}

/** One line of the refund panel: what it held and how many units are refunded already. */
export interface RefundPanelLine {
  index: number;
  name: string;
  image: string;
  /** The line's 'color|size' or 'bundle' (as My Orders reads it). */
  color: string;
  quantity: number;
  refundedQuantity: number;
  /** The line's total before the discount (dollars). */
  total: number;
}

/** GET /api/staff/orders/:id/refunds, without `success`: what the staff refund panel shows. */
export interface RefundPanel {
  orderId: string;
  status: string;
  /** What the order took, what went back, what is left (dollars). */
  paid: number;
  refunded: number;
  refundable: number;
  shipping: number;
  discount: number;
  lines: RefundPanelLine[];
  refunds: OrderRefundView[];
}

/** POST /api/staff/orders/:id/refunds: units of lines and/or an amount (dollars), once per key. */
export interface RefundRequestBody {
  lines: Array<{ index: number; quantity: number }>;
  amount: number;
  reason?: string;
  restock: boolean;
  idempotencyKey: string;
}
