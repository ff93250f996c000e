import { sql, type SQL } from 'drizzle-orm';
import type { DashboardDay, DashboardFigures, DashboardPeriod } from '../../src/domain/dashboard';
import { toDollars } from '../../src/domain/money';
import type { Db } from '../db/client';

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (res as { rows: Row[] }).rows;
const n = (v: unknown): number => Number(v ?? 0);

/**
 * The periods the dashboard compares, as instants, from `now` in the shop's zone `tz`. Days are
 * counted on the local calendar (a day across a daylight-saving change is 23 or 25 hours), and a
 * current period ends now, so "today" compares with yesterday up to the same time:
 *
 *   today  [midnight, now)                 vs [yesterday's midnight, now − 1 day)
 *   week   [midnight − 6 days, now)        vs [midnight − 13 days, now − 7 days)
 *   month  [midnight − 29 days, now)       vs [midnight − 59 days, now − 30 days)
 */
function ranges(now: Date, tz: string): SQL {
  return sql`select ${now.toISOString()}::timestamptz as now_at, l.local_now, l.local_day,
      (l.local_day at time zone ${tz}) as today_start,
      ((l.local_day - interval '1 day') at time zone ${tz}) as y_start,
      ((l.local_now - interval '1 day') at time zone ${tz}) as y_end,
      ((l.local_day - interval '6 days') at time zone ${tz}) as w_start,
      ((l.local_day - interval '13 days') at time zone ${tz}) as pw_start,
      ((l.local_now - interval '7 days') at time zone ${tz}) as pw_end,
      ((l.local_day - interval '29 days') at time zone ${tz}) as m_start,
      ((l.local_day - interval '59 days') at time zone ${tz}) as pm_start,
      ((l.local_now - interval '30 days') at time zone ${tz}) as pm_end
    from (select (${now.toISOString()}::timestamptz at time zone ${tz}) as local_now,
                 date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${tz}) as local_day) l`;
}

/** The buckets' origin: slots are counted from this UTC instant (0013_figures). */
const ORIGIN = sql.raw(`'2000-01-01 00:00:00+00'::timestamptz`);

/**
 * A set of periods `(k, a, b)` (`[a, b)` instants) cut for buckets of `stride`: `ca` is `a` rounded
 * up to a slot, `fb` is `b` rounded down. The whole slots `[ca, fb)` are summed from the buckets; the
 * two slivers `[a, least(ca, b))` and `[greatest(fb, least(ca, b)), b)` (empty when the period's
 * ends are on slot boundaries; the whole period when it lies inside one slot) come from the rows.
 */
function cut(periods: SQL, stride: '1 hour' | '1 day'): SQL {
  const s = sql.raw(`'${stride}'::interval`);
  return sql`select p.k, p.a, p.b, c.ca, c.fb, least(c.ca, p.b) as lo_end, greatest(c.fb, least(c.ca, p.b)) as hi_start
    from (${periods}) p,
    lateral (select case when date_bin(${s}, p.a, ${ORIGIN}) = p.a then p.a else date_bin(${s}, p.a, ${ORIGIN}) + ${s} end as ca,
                    date_bin(${s}, p.b, ${ORIGIN}) as fb) c`;
}

/** The slivers of cut periods as `(k, lo, hi)` ranges of rows to read. */
const slivers = sql`select k, a as lo, lo_end as hi from e union all select k, hi_start, b from e`;

/**
 * The dashboard's figures. Sales, paid orders and refunds of each period and chart day are the
 * hourly buckets of 0013_figures inside it plus the orders and refunds of the slivers at its ends
 * (`orders_paid_at_idx`, `order_refunds_created_idx`), the top products the daily unit buckets plus
 * the lines of the orders in the slivers: a figure reads a few thousand bucket rows and the orders
 * of at most two hours (two days for the products) whatever the shop's size, and is exactly what
 * one scan of the orders would give. The orders to fulfil and the abandoned checkouts come from
 * their partial indexes, unread conversations from `messages_unread_by_staff_idx`. Abandoned
 * checkouts (cancelled before any payment) have no paid_at, so no sales figure ever counts them.
 */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async figures(now: Date, tz: string): Promise<DashboardFigures> {
    const r = ranges(now, tz);
    // The six periods and the 30 chart days (the last one ends now; an integer series, which the
    // planner counts as 30 rows).
    const periods = sql`select 't' as k, today_start as a, now_at as b from r
      union all select 'y', y_start, y_end from r
      union all select 'w', w_start, now_at from r
      union all select 'pw', pw_start, pw_end from r
      union all select 'm', m_start, now_at from r
      union all select 'pm', pm_start, pm_end from r
      union all select to_char(d, 'YYYY-MM-DD'), d at time zone ${tz}, least((d + interval '1 day') at time zone ${tz}, r.now_at)
        from r cross join lateral (select r.local_day - g * interval '1 day' as d from generate_series(0, 29) g) x`;
    const [sums, others, top] = await Promise.all([
      this.db.execute(sql`with r as (${r}), e as materialized (${cut(periods, '1 hour')}), v as (${slivers}),
        b as (
          select e.k, sum(s.orders)::bigint as n, sum(s.paid_cents)::bigint as paid, sum(s.refunded_cents)::bigint as refunded
          from e join sales_slots s on s.slot >= e.ca and s.slot < e.fb group by e.k
        ),
        o as (
          select v.k, count(*)::bigint as n, sum(o.amount_cents)::bigint as paid
          from v join orders o on o.paid_at >= v.lo and o.paid_at < v.hi group by v.k
        ),
        f as (
          select v.k, sum(f.amount_cents)::bigint as refunded
          from v join order_refunds f on f.created_at >= v.lo and f.created_at < v.hi and f.status <> 'failed' group by v.k
        )
        select e.k,
          (coalesce(b.n, 0) + coalesce(o.n, 0))::int as n,
          (coalesce(b.paid, 0) + coalesce(o.paid, 0))::bigint as paid,
          (coalesce(b.refunded, 0) + coalesce(f.refunded, 0))::bigint as refunded,
          to_char(r.local_day, 'YYYY-MM-DD') as today,
          to_char(r.local_day - interval '6 days', 'YYYY-MM-DD') as week_from,
          to_char(r.local_day - interval '29 days', 'YYYY-MM-DD') as month_from
        from e cross join r left join b on b.k = e.k left join o on o.k = e.k left join f on f.k = e.k
        order by e.k`),
      this.db.execute(sql`with r as (${r})
        select
          (select count(*)::int from orders where status in ('Order Placed', 'Processing')) as to_fulfil,
          (select count(*)::int from orders, r where status = 'Cancelled' and paid_at is null and created_at >= r.m_start and created_at < r.now_at) as abandoned_n,
          (select coalesce(sum(amount_cents), 0)::bigint from orders, r where status = 'Cancelled' and paid_at is null and created_at >= r.m_start and created_at < r.now_at) as abandoned_cents,
          (select count(distinct conversation_id)::int from messages where is_admin = false and read_at is null) as unread`),
      this.db.execute(sql`with r as (${r}), e as materialized (${cut(sql`select 'm' as k, m_start as a, now_at as b from r`, '1 day')}), v as (${slivers}),
        u as (
          select s.product_id, s.kind, s.name, s.units
          from e join product_sales_slots s on s.slot >= e.ca and s.slot < e.fb
          union all
          select i->>'productId', i->>'kind', i->>'name', (i->>'quantity')::int
          from v join orders o on o.paid_at >= v.lo and o.paid_at < v.hi cross join lateral jsonb_array_elements(o.items) i
        )
        select product_id, name, sum(units)::int as units
        from u
        group by product_id, kind, name
        having sum(units) <> 0
        order by units desc, name
        limit 5`),
    ]);
    const byKey = new Map(rowsOf(sums).map((row) => [String(row.k), row]));
    const at = (k: string): Row => byKey.get(k)!;
    const o = rowsOf(others)[0]!;
    const first = at('t');
    const today = String(first.today);
    const sales = (row: Row) => toDollars(n(row.paid) - n(row.refunded));
    const prev: Record<string, string> = { t: 'y', w: 'pw', m: 'pm' };
    const period = (key: DashboardPeriod['key'], c: string, from: string): DashboardPeriod => ({
      key,
      sales: sales(at(c)),
      orders: n(at(c).n),
      previousSales: sales(at(prev[c]!)),
      previousOrders: n(at(prev[c]!).n),
      from,
      to: today,
    });
    const month = at('m');
    const monthCount = n(month.n);
    return {
      timeZone: tz,
      asOf: now.toISOString(),
      periods: [period('today', 't', today), period('week', 'w', String(first.week_from)), period('month', 'm', String(first.month_from))],
      averageOrderValue: monthCount ? toDollars(Math.round(n(month.paid) / monthCount)) : 0,
      toFulfil: n(o.to_fulfil),
      unreadConversations: n(o.unread),
      abandoned: { count: n(o.abandoned_n), value: toDollars(n(o.abandoned_cents)) },
      topProducts: rowsOf(top).map((t) => ({ productId: String(t.product_id ?? ''), name: String(t.name ?? ''), units: n(t.units) })),
      daily: rowsOf(sums)
        .filter((d) => /^\d{4}-/.test(String(d.k)))
        .map((d): DashboardDay => ({ day: String(d.k), sales: sales(d), orders: n(d.n) })),
    };
  }
}
