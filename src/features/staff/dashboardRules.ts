import type { DashboardDay, DashboardPeriod } from '../../domain/dashboard';

/** One bar of the daily sales chart, in the chart's own units (a viewBox, scaled by CSS). */
export interface ChartBar {
  day: string;
  x: number;
  y: number;
  width: number;
  height: number;
  sales: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  bars: ChartBar[];
  /** Horizontal grid lines with their dollar value, bottom (0) first. */
  ticks: Array<{ y: number; value: number }>;
  /** The top of the scale in dollars (a round number at or above the best day). */
  max: number;
}

/** The smallest "round" number (1, 2 or 5 × a power of ten) at or above `v`. */
export function niceCeiling(v: number): number {
  if (!(v > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 5, 10]) if (m * power >= v - 1e-9) return m * power;
  return 10 * power;
}

/**
 * The daily chart's bars, drawn by hand in SVG (no chart library): one bar per day on a scale from
 * 0 to a round ceiling, four grid lines. A day whose refunds exceed its sales draws no bar (the
 * table under the chart gives its figure).
 */
export function chartGeometry(days: readonly DashboardDay[], width = 600, height = 200): ChartGeometry {
  const max = niceCeiling(Math.max(0, ...days.map((d) => d.sales))) || 10;
  const slot = days.length ? width / days.length : width;
  const gap = Math.min(4, slot * 0.2);
  const bars = days.map((d, i) => {
    const h = d.sales > 0 ? Math.max(1, (d.sales / max) * height) : 0;
    return { day: d.day, x: i * slot + gap / 2, y: height - h, width: slot - gap, height: h, sales: d.sales };
  });
  const ticks = [0, 1, 2, 3, 4].map((i) => ({ y: height - (i / 4) * height, value: (max * i) / 4 }));
  return { width, height, bars, ticks, max };
}

/**
 * The order board url behind a sales tile: the days the period covers. (The board filters by the
 * day an order was placed, so a payment made just after midnight can sit on the day before.)
 */
export function periodBoardUrl(period: Pick<DashboardPeriod, 'from' | 'to'>): string {
  return `/staff/orders?from=${period.from}&to=${period.to}`;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Nov 20' for '2026-11-20' (a calendar day: no zone shifts it). */
export function dayLabel(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) ? day : DAY_LABEL.format(t);
}
