import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerFilter } from '../../../server/repositories/customers';
import type { CustomerListPage } from '../../../src/domain/customers';
import { useStaffApp } from './staff-helpers';

/**
 * The customer list pages from an index alone whichever sort it shows, the name sort included:
 * 5,000 shoppers, statistics gathered, the planner's choice read from EXPLAIN (no timing, which a
 * busy machine would make flaky).
 */
const SHOPPERS = 5_000;
const ctx = useStaffApp();

beforeAll(async () => {
  await ctx.app.db.execute(sql`
    insert into users (id, name, email, password_hash, role)
    select 'plan' || lpad(g::text, 20, '0'), (array['Zoë', 'adam', 'Émile', 'bo'])[1 + g % 4] || ' ' || g, 'plan' || g || '@example.com', 'x', 'shopper'
    from generate_series(1, ${SHOPPERS}) g`);
  // As autovacuum leaves a settled table: its visibility map lets a page's ids come from an index alone.
  await ctx.app.db.execute(sql`vacuum analyze users`);
  await ctx.app.db.execute(sql`vacuum analyze customer_stats`);
}, 120_000);

async function plan(f: Partial<CustomerFilter>): Promise<string> {
  const res = await ctx.app.db.execute(sql`explain ${ctx.app.customers.pageSql({ sort: 'name', dir: 'asc', page: 1, pageSize: 25, ...f })}`);
  return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
}

describe(`the customer list over ${SHOPPERS.toLocaleString('en-US')} shoppers`, () => {
  it('sorted by name, a deep page comes from the index alone in either direction, in letter-case-blind order', async () => {
    expect(await plan({ page: 190 })).toMatch(/Index Only Scan using users_shopper_name_key_idx/);
    expect(await plan({ page: 190, dir: 'desc' })).toMatch(/Index Only Scan Backward using users_shopper_name_key_idx/);
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/staff/customers?sort=name&pageSize=100&page=1', headers: { token: ctx.staff.token } })).json() as CustomerListPage;
    const names = page.customers.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(page.customers[0]!.name).toMatch(/^adam /);
  });
});
