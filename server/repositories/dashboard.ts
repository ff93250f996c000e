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

/**
 * The dashboard's figures, each one aggregate query over indexed columns of 0006_shop:
 * sales by the day an order was paid (`orders_paid_at_idx`) less refunds by the day they were made
 * (`order_refunds_created_idx`), the orders to fulfil and the abandoned checkouts from their partial
 * indexes, unread conversations from `messages_unread_by_staff_idx`. Abandoned checkouts (cancelled
 * before any payment) have no paid_at, so no sales figure ever counts them.
 */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async figures(now: Date, tz: string): Promise<DashboardFigures> {
    const r = ranges(now, tz);
    const [periods, daily, others, top] = await Promise.all([
      this.db.execute(sql`with r as (${r}),
        o as (
          select
            coalesce(sum(amount_cents) filter (where paid_at >= r.today_start), 0)::bigint as t_cents,
            count(*) filter (where paid_at >= r.today_start)::int as t_n,
            coalesce(sum(amount_cents) filter (where paid_at >= r.y_start and paid_at < r.y_end), 0)::bigint as y_cents,
            count(*) filter (where paid_at >= r.y_start and paid_at < r.y_end)::int as y_n,
            coalesce(sum(amount_cents) filter (where paid_at >= r.w_start), 0)::bigint as w_cents,
            count(*) filter (where paid_at >= r.w_start)::int as w_n,
            coalesce(sum(amount_cents) filter (where paid_at >= r.pw_start and paid_at < r.pw_end), 0)::bigint as pw_cents,
            count(*) filter (where paid_at >= r.pw_start and paid_at < r.pw_end)::int as pw_n,
            coalesce(sum(amount_cents) filter (where paid_at >= r.m_start), 0)::bigint as m_cents,
            count(*) filter (where paid_at >= r.m_start)::int as m_n,
            coalesce(sum(amount_cents) filter (where paid_at >= r.pm_start and paid_at < r.pm_end), 0)::bigint as pm_cents,
            count(*) filter (where paid_at >= r.pm_start and paid_at < r.pm_end)::int as pm_n
          from orders, r
          where paid_at >= r.pm_start and paid_at < r.now_at
        ),
        f as (
          select
            coalesce(sum(amount_cents) filter (where created_at >= r.today_start), 0)::bigint as t_cents,
            coalesce(sum(amount_cents) filter (where created_at >= r.y_start and created_at < r.y_end), 0)::bigint as y_cents,
            coalesce(sum(amount_cents) filter (where created_at >= r.w_start), 0)::bigint as w_cents,
            coalesce(sum(amount_cents) filter (where created_at >= r.pw_start and created_at < r.pw_end), 0)::bigint as pw_cents,
            coalesce(sum(amount_cents) filter (where created_at >= r.m_start), 0)::bigint as m_cents,
            coalesce(sum(amount_cents) filter (where created_at >= r.pm_start and created_at < r.pm_end), 0)::bigint as pm_cents
          from order_refunds, r
          where created_at >= r.pm_start and created_at < r.now_at and status <> 'failed'
        )
        select o.*, f.t_cents as ft, f.y_cents as fy, f.w_cents as fw, f.pw_cents as fpw, f.m_cents as fm, f.pm_cents as fpm,
          to_char(r.local_day, 'YYYY-MM-DD') as today,
          to_char(r.local_day - interval '6 days', 'YYYY-MM-DD') as week_from,
          to_char(r.local_day - interval '29 days', 'YYYY-MM-DD') as month_from
        from o, f, r`),
      this.db.execute(sql`with r as (${r}),
        s as (
          select date_trunc('day', paid_at at time zone ${tz}) as day, sum(amount_cents)::bigint as cents, count(*)::int as n
          from orders, r where paid_at >= r.m_start and paid_at < r.now_at group by 1
        ),
        x as (
          select date_trunc('day', created_at at time zone ${tz}) as day, sum(amount_cents)::bigint as cents
          from order_refunds, r where created_at >= r.m_start and created_at < r.now_at and status <> 'failed' group by 1
        )
        select to_char(d, 'YYYY-MM-DD') as day, coalesce(s.cents, 0)::bigint - coalesce(x.cents, 0)::bigint as cents, coalesce(s.n, 0)::int as n
        from r cross join generate_series(r.local_day - interval '29 days', r.local_day, interval '1 day') d
        left join s on s.day = d left join x on x.day = d
        order by d`),
      this.db.execute(sql`with r as (${r})
        select
          (select count(*)::int from orders where status in ('Order Placed', 'Processing')) as to_fulfil,
          (select count(*)::int from orders, r where status = 'Cancelled' and paid_at is null and created_at >= r.m_start and created_at < r.now_at) as abandoned_n,
          (select coalesce(sum(amount_cents), 0)::bigint from orders, r where status = 'Cancelled' and paid_at is null and created_at >= r.m_start and created_at < r.now_at) as abandoned_cents,
          (select count(distinct conversation_id)::int from messages where is_admin = false and read_at is null) as unread`),
      this.db.execute(sql`with r as (${r})
        select i->>'productId' as product_id, i->>'name' as name, sum((i->>'quantity')::int)::int as units
        from r, orders o cross join lateral jsonb_array_elements(o.items) i
        where o.paid_at >= r.m_start and o.paid_at < r.now_at
        group by i->>'productId', i->>'kind', i->>'name'
        order by units desc, name
        limit 5`),
    ]);
    const p = rowsOf(periods)[0]!;
    const o = rowsOf(others)[0]!;
    const today = String(p.today);
    const period = (key: DashboardPeriod['key'], c: string, from: string): DashboardPeriod => ({
      key,
      sales: toDollars(n(p[`${c}_cents`]) - n(p[`f${c}`])),
      orders: n(p[`${c}_n`]),
      previousSales: toDollars(n(p[`${prev[c]}_cents`]) - n(p[`f${prev[c]}`])),
      previousOrders: n(p[`${prev[c]}_n`]),
      from,
      to: today,
    });
    const prev: Record<string, string> = { t: 'y', w: 'pw', m: 'pm' };
    const monthCount = n(p.m_n);
    return {
      timeZone: tz,
      asOf: now.toISOString(),
      periods: [period('today', 't', today), period('week', 'w', String(p.week_from)), period('month', 'm', String(p.month_from))],
      averageOrderValue: monthCount ? toDollars(Math.round(n(p.m_cents) / monthCount)) : 0,
      toFulfil: n(o.to_fulfil),
      unreadConversations: n(o.unread),
      abandoned: { count: n(o.abandoned_n), value: toDollars(n(o.abandoned_cents)) },
      topProducts: rowsOf(top).map((t) => ({ productId: String(t.product_id ?? ''), name: String(t.name ?? ''), units: n(t.units) })),
      daily: rowsOf(daily).map((d): DashboardDay => ({ day: String(d.day), sales: toDollars(n(d.cents)), orders: n(d.n) })),
    };
  }
}
