import { formatCents, toCents } from '../../domain/money';
import { planRefund, type RefundPanel } from '../../domain/refunds';
import type { RefundDraft } from './refundPanelSlice';

const AMOUNT = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/;

/** '12.40', '$12.4', '12' → cents; '' → 0; anything else → null (not an amount). */
export function parseAmountCents(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  const m = AMOUNT.exec(t);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/**
 * The order page's Payment row "Refunds", from the refund panel's answer (the one list of an
 * order's refunds): "$26.67 in 2 refunds", with those still waiting for the provider or failed
 * named; null when none was made.
 */
export function refundsSummary(panel: Pick<RefundPanel, 'refunded' | 'refunds'>): string | null {
  if (panel.refunds.length === 0) return null;
  const made = panel.refunds.filter((r) => r.status !== 'failed').length;
  const waiting = panel.refunds.filter((r) => r.status === 'requested').length;
  const failed = panel.refunds.length - made;
  const parts = [`${formatCents(toCents(panel.refunded))} in ${made} ${made === 1 ? 'refund' : 'refunds'}`];
  if (waiting > 0) parts.push(`${waiting} waiting for the provider`);
  if (failed > 0) parts.push(`${failed} failed`);
  return parts.join(' · ');
}

export type RefundPreview = { ok: true; amountCents: number; label: string } | { ok: false; message: string | null };

/**
 * What the panel's refund button would do, with the server's own rule (src/domain/refunds.ts):
 * "Refund $26.67", or why not ("You can refund at most $12.40"); null message while nothing is chosen.
 */
export function refundPreview(panel: RefundPanel, draft: RefundDraft): RefundPreview {
  const amountCents = parseAmountCents(draft.amount);
  if (amountCents === null) return { ok: false, message: 'Enter the amount in dollars and cents, such as 12.40' };
  const lines = Object.entries(draft.units)
    .map(([index, quantity]) => ({ index: Number(index), quantity }))
    .filter((l) => l.quantity > 0);
  if (lines.length === 0 && amountCents === 0) return { ok: false, message: null };
  const planned = planRefund(
    {
      lines: panel.lines.map((l) => ({ name: l.name, totalCents: toCents(l.total), quantity: l.quantity })),
      discountCents: toCents(panel.discount),
      paidCents: toCents(panel.paid),
    },
    { cents: toCents(panel.refunded), units: Object.fromEntries(panel.lines.map((l) => [l.index, l.refundedQuantity])) },
    { lines, amountCents },
  );
  return planned.ok ? { ok: true, amountCents: planned.plan.amountCents, label: `Refund ${formatCents(planned.plan.amountCents)}` } : { ok: false, message: planned.message };
}
