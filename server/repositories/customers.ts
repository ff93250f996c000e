import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CustomerDetail, CustomerListPage, CustomerSort, CustomerSummary, SortDirection } from '../../src/domain/customers';
import { toDollars } from '../../src/domain/money';
import type { Db } from '../db/client';
import { conversations, customerStats, users } from '../db/schema';
import type { AuditActor, AuditRepository } from './audit';
import { messageToWire, type ConversationsRepository } from './conversations';
import type { StaffOrdersRepository } from './staffOrders';

export interface CustomerFilter {
  /** Part of the name or the e-mail, any letter case. */
  q?: string;
  sort: CustomerSort;
  dir: SortDirection;
  page: number;
  pageSize: number;
}

/** How many orders and messages the customer page shows (the newest). */
const PAGE_ORDERS = 100;
const PAGE_MESSAGES = 100;

type Joined = { user: typeof users.$inferSelect; stats: typeof customerStats.$inferSelect | null };

function summary({ user, stats }: Joined): CustomerSummary {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    orderCount: stats?.orderCount ?? 0,
    spend: toDollars(Number(stats?.spendCents ?? 0)),
    lastOrderAt: stats?.lastOrderAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    disabled: user.disabledAt !== null,
  };
}

/** `%text%` for LIKE, its own wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The sort of each column, the user id breaking ties so that pages never overlap. Spelled as the
 * indexes of 0010_customers are (descending, customers who never ordered last), so that a page is
 * an index range whichever way it is read.
 */
function ordering(sort: CustomerSort, dir: SortDirection): SQL[] {
  const up = dir === 'asc';
  switch (sort) {
    case 'name':
      return up ? [asc(users.nameKey), asc(users.id)] : [desc(users.nameKey), desc(users.id)];
    case 'orders':
      return up ? [asc(customerStats.orderCount), asc(customerStats.userId)] : [desc(customerStats.orderCount), desc(customerStats.userId)];
    case 'spend':
      return up ? [asc(customerStats.spendCents), asc(customerStats.userId)] : [desc(customerStats.spendCents), desc(customerStats.userId)];
    case 'lastOrder':
      return up
        ? [sql`${customerStats.lastOrderAt} asc nulls first`, asc(customerStats.userId)]
        : [sql`${customerStats.lastOrderAt} desc nulls last`, desc(customerStats.userId)];
  }
}

/**
 * Shoppers' accounts as the staff console lists them. The figures come from `customer_stats`
 * (0010_customers), which triggers keep in step with orders and refunds, so a page of 20,000
 * customers sorted by spend is an index range, not a sum over every order.
 */
export class CustomersRepository {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository,
    private readonly staffOrders: StaffOrdersRepository,
    private readonly conversations: ConversationsRepository,
  ) {}

  private where(q: string | undefined): SQL | undefined {
    const text = q?.trim().toLowerCase();
    const shopper = eq(users.role, 'shopper');
    if (!text) return shopper;
    return and(shopper, sql`(${users.nameKey} like ${contains(text)} or lower(${users.email}) like ${contains(text)})`);
  }

  /**
   * The ids of one page of every shopper, read from a sort's index alone (0010_customers), so a
   * page deep in the list costs about what the first does: the rows are read for those ids only.
   */
  private pageIds(f: CustomerFilter) {
    const offset = (f.page - 1) * f.pageSize;
    if (f.sort === 'name') {
      return this.db.select({ id: users.id }).from(users).where(eq(users.role, 'shopper')).orderBy(...ordering(f.sort, f.dir)).limit(f.pageSize).offset(offset);
    }
    return this.db
      .select({ id: customerStats.userId })
      .from(customerStats)
      .where(sql`${customerStats.shopper}`)
      .orderBy(...ordering(f.sort, f.dir))
      .limit(f.pageSize)
      .offset(offset);
  }

  /** The SQL of a page's id query (for the query-plan test). */
  pageSql(f: CustomerFilter): SQL {
    return this.pageIds(f).getSQL();
  }

  async list(f: CustomerFilter): Promise<CustomerListPage> {
    const searching = !!f.q?.trim();
    const rows = this.db.select({ user: users, stats: customerStats }).from(customerStats).innerJoin(users, eq(users.id, customerStats.userId));
    const [page, [count]] = await Promise.all([
      searching
        ? rows
            .where(this.where(f.q))
            .orderBy(...ordering(f.sort, f.dir))
            .limit(f.pageSize)
            .offset((f.page - 1) * f.pageSize)
        : rows.where(inArray(customerStats.userId, this.pageIds(f))).orderBy(...ordering(f.sort, f.dir)),
      searching
        ? this.db.select({ n: sql<number>`count(*)::int` }).from(users).where(this.where(f.q))
        : this.db.select({ n: sql<number>`count(*)::int` }).from(customerStats).where(sql`${customerStats.shopper}`),
    ]);
    return { customers: page.map(summary), total: Number(count?.n ?? 0), page: f.page, pageSize: f.pageSize };
  }

  /**
   * Every shopper matching the search in the list's order, for the CSV export: read in batches of
   * `batch` by offset over the sorted index, so 20,000 customers never sit in memory at once.
   */
  async *exportRows(f: Omit<CustomerFilter, 'page' | 'pageSize'>, batch = 500): AsyncGenerator<CustomerSummary & { paidCents: number; refundedCents: number; spendCents: number }> {
    for (let offset = 0; ; offset += batch) {
      const rows = await this.db
        .select({ user: users, stats: customerStats })
        .from(customerStats)
        .innerJoin(users, eq(users.id, customerStats.userId))
        .where(this.where(f.q))
        .orderBy(...ordering(f.sort, f.dir))
        .limit(batch)
        .offset(offset);
      for (const r of rows) yield { ...summary(r), paidCents: Number(r.stats?.paidCents ?? 0), refundedCents: Number(r.stats?.refundedCents ?? 0), spendCents: Number(r.stats?.spendCents ?? 0) };
      if (rows.length < batch) return;
    }
  }

  private async account(id: string): Promise<Joined | null> {
    const [row] = await this.db
      .select({ user: users, stats: customerStats })
      .from(users)
      .leftJoin(customerStats, eq(customerStats.userId, users.id))
      .where(and(eq(users.id, id), eq(users.role, 'shopper')));
    return row ?? null;
  }

  /** The customer page: figures, orders, the support thread (read only: reading it here marks nothing read). Null for no shopper with the id. */
  async detail(id: string): Promise<CustomerDetail | null> {
    const found = await this.account(id);
    if (!found) return null;
    const [orders, [conversation]] = await Promise.all([
      this.staffOrders.forCustomer(id, PAGE_ORDERS),
      this.db.select().from(conversations).where(eq(conversations.userId, id)),
    ]);
    const messages = conversation ? await this.conversations.messages(conversation.id, PAGE_MESSAGES) : [];
    return {
      ...summary(found),
      paid: toDollars(Number(found.stats?.paidCents ?? 0)),
      refunded: toDollars(Number(found.stats?.refundedCents ?? 0)),
      disabledAt: found.user.disabledAt?.toISOString() ?? null,
      disabledReason: found.user.disabledReason,
      orders,
      conversation: conversation ? { _id: conversation.id, messages: messages.map(messageToWire) } : null,
    };
  }

  /**
   * Disables a shopper's account with the reason staff gave, and audits it, in one transaction:
   * login is refused from then on and every token issued before now stops working
   * (tokensValidAfter). The caller ends the sessions' sockets (`app.endSessions`). Null when no
   * shopper has the id; an account disabled already keeps its first time and gets no audit row.
   */
  async disable(id: string, reason: string, actor: AuditActor): Promise<boolean | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(and(eq(users.id, id), eq(users.role, 'shopper'))).for('update');
      if (!before) return null;
      if (before.disabledAt) return false;
      await tx.update(users).set({ disabledAt: sql`now()`, disabledReason: reason, tokensValidAfter: sql`now()` }).where(eq(users.id, id));
      await this.audit.record(tx, { entity: 'user', entityId: id, action: 'disable-customer', actor, changes: { disabled: { from: false, to: true }, reason: { from: null, to: reason } } });
      return true;
    });
  }

  /** Enables a disabled shopper's account again (they log in anew), audited. Null when no shopper has the id; false when it was enabled. */
  async enable(id: string, actor: AuditActor): Promise<boolean | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(and(eq(users.id, id), eq(users.role, 'shopper'))).for('update');
      if (!before) return null;
      if (!before.disabledAt) return false;
      await tx.update(users).set({ disabledAt: null, disabledReason: null }).where(eq(users.id, id));
      await this.audit.record(tx, { entity: 'user', entityId: id, action: 'enable-customer', actor, changes: { disabled: { from: true, to: false }, reason: { from: before.disabledReason, to: null } } });
      return true;
    });
  }
}
