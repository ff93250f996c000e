import { describe, expect, it } from 'vitest';
import { formatChange } from '../../../src/domain/dashboard';
import { chartGeometry, dayLabel, niceCeiling, periodBoardUrl } from '../../../src/features/staff/dashboardRules';

describe('dashboard rules', () => {
  it('says the change against the period before in whole percent', () => {
    expect(formatChange(150, 100)).toBe('+50%');
    expect(formatChange(95, 100)).toBe('−5%');
    expect(formatChange(100, 100)).toBe('0%');
    expect(formatChange(10, 0)).toBe('new');
    expect(formatChange(0, 0)).toBe('no change');
    expect(formatChange(-5, 10)).toBe('−150%');
  });

  it('scales the chart to a round ceiling, one bar per day, nothing drawn for a day without sales', () => {
    expect([0, 7, 10, 11, 230, 999].map(niceCeiling)).toEqual([0, 10, 10, 20, 500, 1000]);
    const g = chartGeometry(
      [
        { day: '2026-11-18', sales: 50, orders: 1 },
        { day: '2026-11-19', sales: 0, orders: 0 },
        { day: '2026-11-20', sales: -20, orders: 0 },
        { day: '2026-11-21', sales: 100, orders: 2 },
      ],
      400,
      200,
    );
    expect(g.max).toBe(100);
    expect(g.bars.map((b) => [b.height, b.y])).toEqual([
      [100, 100],
      [0, 200],
      [0, 200],
      [200, 0],
    ]);
    expect(g.bars.map((b) => b.x)).toEqual([2, 102, 202, 302]);
    expect(g.ticks.map((t) => t.value)).toEqual([0, 25, 50, 75, 100]);
    expect(chartGeometry([], 400, 200).max).toBe(10);
  });

  it('links a sales tile to the board for its days, and names days without a zone shift', () => {
    expect(periodBoardUrl({ from: '2026-11-14', to: '2026-11-20' })).toBe('/staff/orders?from=2026-11-14&to=2026-11-20');
    expect(dayLabel('2026-11-01')).toBe('Nov 1');
    expect(dayLabel('nope')).toBe('nope');
  });
});
