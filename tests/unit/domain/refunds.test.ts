import { describe, expect, it } from 'vitest';
import { discountShares, lineNetCents, partlyRefundedLabel, planRefund, REFUND_MESSAGES, unitsRefundCents } from '../../../src/domain/refunds';

const order = {
  // $30.00 × 3 units, $10.00 × 1, $5.01 × 1; 10 % off $45.01 = $4.50; $5.00 shipping.
  lines: [
    { name: 'Dragon', totalCents: 3000, quantity: 3 },
    { name: 'Lamp', totalCents: 1000, quantity: 1 },
    { name: 'Vase', totalCents: 501, quantity: 1 },
  ],
  discountCents: 450,
  paidCents: 4501 - 450 + 500,
};
const none = { cents: 0, units: {} };

describe('a line’s share of the discount', () => {
  it('is proportional to its total and the shares add up to the discount exactly (largest remainder)', () => {
    expect(discountShares([3000, 1000, 501], 450)).toEqual([300, 100, 50]);
    expect(discountShares([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(discountShares([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(discountShares([333, 333, 334], 1)).toEqual([0, 0, 1]);
    for (const d of [0, 1, 7, 99, 451, 4501]) expect(discountShares([3000, 1000, 501], d).reduce((a, b) => a + b, 0)).toBe(d);
    expect(discountShares([3000, 1000], 0)).toEqual([0, 0]);
  });

  it('a line refunds its total less its share', () => {
    expect(lineNetCents(order.lines, 450)).toEqual([2700, 900, 451]);
  });
});

describe('refunding units of a line', () => {
  it('one at a time adds up to the whole line', () => {
    const parts = [0, 1, 2].map((already) => unitsRefundCents(1000, 3, already, 1));
    expect(parts).toEqual([333, 333, 334]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(unitsRefundCents(1000, 3, 0, 3));
  });
});

describe('planning a refund', () => {
  it('refunds chosen lines net of their discount share, plus an amount (shipping)', () => {
    expect(planRefund(order, none, { lines: [{ index: 1, quantity: 1 }], amountCents: 0 })).toEqual({ ok: true, plan: { amountCents: 900, lines: [{ index: 1, quantity: 1, amountCents: 900 }] } });
    expect(planRefund(order, none, { lines: [{ index: 0, quantity: 2 }], amountCents: 500 })).toEqual({
      ok: true,
      plan: { amountCents: 1800 + 500, lines: [{ index: 0, quantity: 2, amountCents: 1800 }] },
    });
  });

  it('never more than what is left, nor more units than a line has left, with messages for people', () => {
    expect(planRefund(order, { cents: order.paidCents - 1240, units: {} }, { lines: [], amountCents: 1241 })).toEqual({ ok: false, message: 'You can refund at most $12.40' });
    expect(planRefund(order, { cents: 900, units: { 1: 1 } }, { lines: [{ index: 1, quantity: 1 }], amountCents: 0 })).toEqual({ ok: false, message: 'Lamp has already been refunded' });
    expect(planRefund(order, { cents: 900, units: { 0: 1 } }, { lines: [{ index: 0, quantity: 3 }], amountCents: 0 })).toEqual({ ok: false, message: 'You can refund at most 2 of Dragon' });
    expect(planRefund(order, none, { lines: [{ index: 5, quantity: 1 }], amountCents: 0 })).toEqual({ ok: false, message: REFUND_MESSAGES.noSuchLine(6) });
    expect(planRefund(order, none, { lines: [], amountCents: 0 })).toEqual({ ok: false, message: REFUND_MESSAGES.nothingChosen });
    expect(planRefund(order, { cents: order.paidCents, units: {} }, { lines: [], amountCents: 1 })).toEqual({ ok: false, message: REFUND_MESSAGES.nothingLeft });
    expect(planRefund(order, none, { lines: [{ index: 0, quantity: 1.5 }], amountCents: 0 })).toEqual({ ok: false, message: REFUND_MESSAGES.wholeUnits });
  });

  it('reads "Partly refunded $X" only while something is left', () => {
    expect(partlyRefundedLabel(900, 4551)).toBe('Partly refunded $9.00');
    expect(partlyRefundedLabel(0, 4551)).toBeNull();
    expect(partlyRefundedLabel(4551, 4551)).toBeNull();
  });
});
