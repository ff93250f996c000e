import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { toDollars } from '../../src/domain/money';
import { parseOrderNumber } from '../../src/domain/orderNumber';
import type { BoardView, OrderActorKind, OrderBoardPage, StaffCustomer, StaffOrderDetail, StaffOrderSummary } from '../../src/domain/staffOrders';
import type { Address, OrderStatus } from '../../src/domain/types';
import type { Db, DbOrTx } from '../db/client';
import { orderBoardDays, orderEvents, orderRefunds, orders, paymentSessions, users } from '../db/schema';
import { orderBreakdown, orderToWire, type OrderRow } from './orders';
import { trimChars } from '../../src/domain/text';
import { ordersNotedOrTagged, tagsOf } from './fulfilment';

/** Filters of the staff order board; every one is applied in SQL. */
export interface OrderBoardFilter {
  /** Words matched as prefixes of the order id, the delivery e-mail and name, and product names; or an account e-mail's start. */
  q?: string;
  status?: OrderStatus;
  /** Placed at or after. */
  from?: Date;
  /** Placed before. */
  to?: Date;
  /**
   * `orders` (the default): every order, never an abandoned checkout; `abandoned`: only those;
   * `toFulfil`: paid and not yet delivered (Order Placed or Processing).
   */
  view?: BoardView;
  /** Exactly these orders (a selection on the board), whatever the other filters say. */
  ids?: string[];
  page: number;
  pageSize: number;
}

/**
 * The board's sort: newest first, except that the order a search names by number (#1001 or 1001)
 * comes before everything that only matches its text (an id containing 1001, say).
 */
function boardOrder(q: string | undefined): SQL[] {
  const number = q ? parseOrderNumber(q) : null;
  const newest = [desc(orders.createdAt), desc(orders.id)];
  return number === null ? newest : [sql`(${orders.orderNumber} is not distinct from ${number}) desc`, ...newest];
}

/** Search words → a tsquery of word prefixes ('drag' & 'ada@ex'); null when nothing searchable is left. */
export function boardTsQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .map((w) => trimChars(w.replace(/[^\p{L}\p{N}@._-]/gu, ''), '._-'))
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `'${w}':*`).join(' & ') : null;
}

/** Ids a board search matches beside the orders' own text. */
interface SearchIds {
  accountIds: string[];
  orderIds: string[];
}

const HEX_PREFIX = /^[0-9a-f]{4,24}$/;
/** At most this many accounts match an e-mail search (a prefix as short as "a" must not list every account). */
const ACCOUNT_MATCH_LIMIT = 100;

/** The columns the board's view and status filters read: of an order, or of a day's counters. */
interface BoardColumns {
  status: SQL;
  unpaid: SQL;
  paid: SQL;
}
const ORDER_COLUMNS: BoardColumns = { status: sql`${orders.status}`, unpaid: sql`${orders.paidAt} is null`, paid: sql`${orders.paidAt} is not null` };
const DAY_COLUMNS: BoardColumns = { status: sql`${orderBoardDays.status}`, unpaid: sql`not ${orderBoardDays.paid}`, paid: sql`${orderBoardDays.paid}` };

/**
 * The view (abandoned, to fulfil, every order) and status filters, one rule for the orders and for
 * their day counters (0013_figures). Spelled as the partial indexes of 0006_shop are, so the
 * planner can use them on the orders.
 */
function viewAndStatus(f: Pick<OrderBoardFilter, 'view' | 'status'>, c: BoardColumns): SQL {
  const view =
    f.view === 'abandoned'
      ? sql`${c.status} = 'Cancelled' and ${c.unpaid}`
      : f.view === 'toFulfil'
        ? sql`${c.status} in ('Order Placed', 'Processing')`
        : sql`(${c.status} <> 'Cancelled' or ${c.paid})`;
  return f.status ? sql`${view} and ${c.status} = ${f.status}` : view;
}

/** Filters the day counters answer alone: a view and a status, no search, no dates, no selection. */
const countable = (f: Omit<OrderBoardFilter, 'page' | 'pageSize'>) => !f.q?.trim() && !f.from && !f.to && !f.ids;

/**
 * The staff side of orders: the board (search, status, dates and paging in SQL, on the indexes of
 * migration 0003_staff) and the order page. Status changes stay in OrdersRepository; this only
 * records who makes them (`asActor`) and the refunds.
 */
export class StaffOrdersRepository {
  constructor(private readonly db: Db) {}

  /** Accounts whose e-mail starts with the search text (looked up first, so the order query can use its user index). */
  private async accountsMatching(q: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) like ${`${q.replace(/[\\%_]/g, '\\$&')}%`}`)
      .limit(ACCOUNT_MATCH_LIMIT);
    return rows.map((r) => r.id);
  }

  private where(f: Omit<OrderBoardFilter, 'page' | 'pageSize'>, { accountIds, orderIds }: SearchIds): SQL | undefined {
    if (f.ids) return inArray(orders.id, f.ids);
    const conditions: (SQL | undefined)[] = [viewAndStatus(f, ORDER_COLUMNS)];
    if (f.from) conditions.push(gte(orders.createdAt, f.from));
    if (f.to) conditions.push(lt(orders.createdAt, f.to));
    const q = f.q?.trim().toLowerCase();
    if (q) {
      const tsq = boardTsQuery(q);
      const matches: SQL[] = [];
      if (tsq) matches.push(sql`${sql.identifier('orders')}.search @@ to_tsquery('simple', ${tsq})`);
      if (HEX_PREFIX.test(q)) matches.push(sql`${orders.id} like ${`${q}%`}`);
      const number = parseOrderNumber(q);
      if (number !== null) matches.push(eq(orders.orderNumber, number));
      if (accountIds.length) matches.push(inArray(orders.userId, accountIds));
      if (orderIds.length) matches.push(inArray(orders.id, orderIds));
      conditions.push(matches.length ? or(...matches) : sql`false`);
    }
    return and(...conditions);
  }

  /** The SQL of the board's page query (for the query-plan test). */
  async pageSql(f: OrderBoardFilter): Promise<SQL> {
    return (await this.pageQueryFor(f, await this.accountIdsFor(f.q))).query.getSQL();
  }

  /** What a search finds outside the orders table: accounts by e-mail, orders by their staff notes and tags. */
  private async accountIdsFor(q: string | undefined): Promise<SearchIds> {
    const text = q?.trim().toLowerCase();
    if (!text) return { accountIds: [], orderIds: [] };
    const [accountIds, orderIds] = await Promise.all([
      text.includes('@') || !boardTsQuery(text) ? this.accountsMatching(text) : [],
      ordersNotedOrTagged(this.db, text, boardTsQuery(text)),
    ]);
    return { accountIds, orderIds };
  }

  /**
   * Where a page deep in a view starts, from the day counters (0013_figures): the UTC day holding
   * the page's first order and how many of that view's orders are newer than that day, so the page
   * is read from that day's end with an offset inside it (at most a day's orders) instead of
   * stepping over every newer order. Null for the first page or a view they cannot answer.
   */
  private async seek(f: OrderBoardFilter): Promise<{ before: Date; skip: number } | null> {
    const offset = (f.page - 1) * f.pageSize;
    if (offset === 0 || !countable(f)) return null;
    const days = this.db
      .select({ day: orderBoardDays.day, n: sql<number>`sum(${orderBoardDays.orders})`.as('n') })
      .from(orderBoardDays)
      .where(viewAndStatus(f, DAY_COLUMNS))
      .groupBy(orderBoardDays.day)
      .as('days');
    const through = this.db
      .select({ day: days.day, n: days.n, through: sql<number>`sum(${days.n}) over (order by ${days.day} desc)`.as('through') })
      .from(days)
      .as('through');
    const [found] = await this.db
      .select({ day: through.day, newer: sql<string>`(${through.through} - ${through.n})::bigint` })
      .from(through)
      .where(sql`${through.through} > ${offset}`)
      .orderBy(desc(through.day))
      .limit(1);
    if (!found) return null;
    return { before: new Date(found.day.getTime() + 86_400_000), skip: offset - Number(found.newer) };
  }

  private async pageQueryFor(f: OrderBoardFilter, accountIds: SearchIds) {
    // The page's ids first, from the board's indexes alone where its filters allow (0010_customers:
    // the default view and the orders to fulfil), starting at the day the counters say the page is
    // in (0013_figures), then only those orders read: a page deep in 100,000 orders costs about
    // what the first does.
    const start = await this.seek(f);
    const pageIds = this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(this.where(f, accountIds), start ? lt(orders.createdAt, start.before) : undefined))
      .orderBy(...boardOrder(f.q))
      .limit(f.pageSize)
      .offset(start ? start.skip : (f.page - 1) * f.pageSize);
    return {
      query: this.db
        .select({ order: orders, customerName: users.name, customerEmail: users.email })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, pageIds))
        .orderBy(...boardOrder(f.q)),
    };
  }

  /** The number of orders a filter lists and what they add up to: from the day counters when they can answer. */
  private async totals(f: OrderBoardFilter, accountIds: SearchIds): Promise<{ n: number; cents: number }> {
    const [row] = countable(f)
      ? await this.db
          .select({ n: sql<string>`coalesce(sum(${orderBoardDays.orders}), 0)::bigint`, cents: sql<string>`coalesce(sum(${orderBoardDays.cents}), 0)::bigint` })
          .from(orderBoardDays)
          .where(viewAndStatus(f, DAY_COLUMNS))
      : await this.db.select({ n: sql<string>`count(*)::bigint`, cents: sql<string>`coalesce(sum(${orders.amountCents}), 0)::bigint` }).from(orders).where(this.where(f, accountIds));
    return { n: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
  }

  async board(f: OrderBoardFilter): Promise<OrderBoardPage> {
    const accountIds = await this.accountIdsFor(f.q);
    const [rows, count] = await Promise.all([this.pageQueryFor(f, accountIds).then((p) => p.query), this.totals(f, accountIds)]);
    const tags = await tagsOf(this.db, rows.map((r) => r.order.id));
    return {
      orders: rows.map((r) => ({ ...summary(r.order, r.customerName === null ? null : { _id: r.order.userId, name: r.customerName, email: r.customerEmail! }), tags: tags.get(r.order.id) ?? [] })),
      total: count.n,
      value: toDollars(count.cents),
      page: f.page,
      pageSize: f.pageSize,
    };
  }

  /**
   * The board's orders (same filters, every page) for the CSV export, newest first, read in batches
   * of `batch` by keyset (created_at, id), so 10,000 orders never sit in memory at once. Each row
   * carries what its refunds add up to.
   */
  async *exportRows(f: Omit<OrderBoardFilter, 'page' | 'pageSize'>, batch = 500): AsyncGenerator<OrderRow & { refundedCents: number }> {
    const accountIds = await this.accountIdsFor(f.q);
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const cursor: SQL | undefined = after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined;
      const rows: Array<{ order: OrderRow; refunded: string }> = await this.db
        .select({ order: orders, refunded: sql<string>`(select coalesce(sum(r.amount_cents), 0)::bigint from ${orderRefunds} r where r.order_id = ${orders.id} and r.status <> 'failed')` })
        .from(orders)
        .where(and(this.where(f, accountIds), cursor))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(batch);
      for (const r of rows) yield { ...r.order, refundedCents: Number(r.refunded) };
      if (rows.length < batch) return;
      const last: OrderRow = rows[rows.length - 1]!.order;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  async detail(id: string): Promise<StaffOrderDetail | null> {
    const [found] = await this.db
      .select({ order: orders, customerName: users.name, customerEmail: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, id));
    if (!found) return null;
    const row = found.order;
    const [events, refunds, sessions] = await Promise.all([
      this.db
        .select({ event: orderEvents, name: users.name, email: users.email })
        .from(orderEvents)
        .leftJoin(users, eq(users.id, orderEvents.actorId))
        .where(eq(orderEvents.orderId, id))
        .orderBy(orderEvents.id),
      this.db.select({ id: orderRefunds.id, amountCents: orderRefunds.amountCents }).from(orderRefunds).where(eq(orderRefunds.orderId, id)),
      row.paymentSessionId ? this.db.select().from(paymentSessions).where(eq(paymentSessions.id, row.paymentSessionId)) : Promise.resolve([]),
    ]);
    const session = sessions[0];
    return {
      ...summary(row, found.customerName === null ? null : { _id: row.userId, name: found.customerName, email: found.customerEmail! }),
      ...orderBreakdown(row),
      payment: {
        method: row.paymentMethod,
        provider: session?.provider ?? null,
        sessionId: session?.id ?? null,
        sessionStatus: session?.status ?? null,
        // Its refunds (all of them) are the refund panel's: GET /api/staff/orders/:id/refunds.
        paidAt: row.paidAt?.toISOString() ?? null,
      },
      history: events.map(({ event: e, name, email }) => ({
        _id: String(e.id),
        from: e.fromStatus as OrderStatus | null,
        to: e.toStatus as OrderStatus,
        trackingNumber: e.trackingNumber,
        by: { kind: e.actorKind as OrderActorKind, _id: e.actorId, name: e.actorKind === 'staff' || e.actorKind === 'shopper' ? name : null, email: e.actorKind === 'staff' || e.actorKind === 'shopper' ? email : null },
        at: e.createdAt.toISOString(),
        ...refundOfEvent(e.refundId, refunds),
      })),
    };
  }

  /** The paid payment session of an order (what a refund gives back), if any. */
  async paidSession(orderId: string) {
    const rows = await this.db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'paid')));
    return rows[0];
  }

  /** Sets the tracking number inside the caller's transaction (its event is recorded by the trigger). */
  async setTrackingNumber(tx: DbOrTx, id: string, trackingNumber: string, carrier?: string): Promise<OrderRow | null> {
    const [row] = await tx.update(orders).set({ trackingNumber, ...(carrier !== undefined ? { carrier } : {}), updatedAt: sql`now()` }).where(eq(orders.id, id)).returning();
    return row ?? null;
  }

  /**
   * Runs `work` in a transaction whose order changes the history attributes to this staff member
   * (the order_events trigger reads `layerloft.actor`, local to the transaction).
   */
  asActor<T>(actorId: string, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('layerloft.actor', ${`staff:${actorId}`}, true)`);
      return work(tx);
    });
  }

  /** Every order of one customer, newest first (the inbox shows them beside the thread). */
  async forCustomer(userId: string, limit = 50): Promise<StaffOrderSummary[]> {
    const rows = await this.db
      .select({ order: orders, customerName: users.name, customerEmail: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return rows.map((r) => summary(r.order, r.customerName === null ? null : { _id: r.order.userId, name: r.customerName, email: r.customerEmail! }));
  }
}

/** The refund an order event records, if it records one. */
function refundOfEvent(refundId: string | null, refunds: ReadonlyArray<{ id: string; amountCents: number }>): { refund?: { _id: string; amount: number } } {
  const r = refundId ? refunds.find((x) => x.id === refundId) : undefined;
  return r ? { refund: { _id: r.id, amount: toDollars(r.amountCents) } } : {};
}

function summary(row: OrderRow, customer: StaffCustomer | null): StaffOrderSummary {
  const wire = orderToWire(row);
  const address = row.address as unknown as Partial<Address>;
  return { ...wire, customer, deliveryEmail: address.email ?? '', itemCount: wire.items.reduce((n, i) => n + i.quantity, 0) };
}
