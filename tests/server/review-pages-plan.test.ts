import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_SORTS, type ReviewPage, type ReviewSort } from '../../src/domain/reviews';
import { TP } from './checkout-helpers';
import { useStaffApp } from './staff/staff-helpers';

/**
 * A product page's reviews stay fast however many a product has because every order and star filter
 * it offers reads an index in that order, and a deep page walks index entries only: 2,000 approved
 * reviews on one product among 12,000, statistics gathered, and the planner's choice read from
 * EXPLAIN (no timing, which a busy machine would make flaky).
 */
const ON_ONE = 2_000;
const ON_OTHERS = 10_000;
const TARGET = TP.sale;
const OTHERS = [TP.plain, TP.cheap, TP.comingSoon, TP.preOrder];

const ctx = useStaffApp({ catalog: true });

beforeAll(async () => {
  await ctx.app.db.execute(sql`
    insert into users (id, name, email, password_hash)
    select lpad(to_hex(g), 24, '0'), 'Plan Shopper ' || g, 'plan' || g || '@example.com', 'x' from generate_series(1, ${ON_OTHERS / OTHERS.length}::int) g`);
  const insert = (product: string, count: number, offset: number) =>
    ctx.app.db.execute(sql`
      insert into reviews (id, product_id, user_id, rating, title, body, status, helpful_count, created_at, updated_at)
      select lpad(to_hex(${offset}::int + g), 24, '0'), ${product}, lpad(to_hex(g), 24, '0'), 1 + (g * 7) % 5, 'Review ' || g, 'Sturdy.',
             case when g % 10 = 0 then 'pending' else 'approved' end, g % 17, now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${count}::int) g`);
  await insert(TARGET, ON_ONE, 0);
  for (const [i, product] of OTHERS.entries()) await insert(product, ON_OTHERS / OTHERS.length, 1_000_000 * (i + 1));
  await ctx.app.db.execute(sql`
    insert into product_ratings (product_id, stars_1, stars_2, stars_3, stars_4, stars_5, version)
    select product_id, count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
           count(*) filter (where rating = 4), count(*) filter (where rating = 5), 1
    from reviews where status = 'approved' group by product_id`);
  // As autovacuum leaves a settled table: its visibility map lets a page's ids come from an index alone.
  await ctx.app.db.execute(sql`vacuum analyze reviews`);
  await ctx.app.db.execute(sql`analyze users`);
}, 120_000);

async function plan(sort: ReviewSort, stars: number | null, page: number): Promise<string> {
  const res = await ctx.app.db.execute(sql`explain ${ctx.app.reviews.pageIdsSql(TARGET, { sort, stars, page })}`);
  return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
}

const INDEX: Record<ReviewSort, RegExp> = {
  recent: /Index Only Scan Backward using reviews_product_recent_idx/,
  highest: /Index Only Scan Backward using reviews_product_rating_idx/,
  lowest: /Index Only Scan using reviews_product_lowest_idx/,
  helpful: /Index Only Scan Backward using reviews_product_helpful_idx/,
};

describe(`a product's reviews, ${ON_ONE.toLocaleString('en-US')} of ${(ON_ONE + ON_OTHERS).toLocaleString('en-US')}`, () => {
  it('each order reads its own index in that order, the hundredth page as the first, with no sort step', async () => {
    for (const sort of REVIEW_SORTS) {
      for (const page of [1, 100]) {
        const p = await plan(sort, null, page);
        expect(p, `${sort}, page ${page}`).toMatch(INDEX[sort]);
        expect(p, `${sort}, page ${page}`).not.toMatch(/Sort/);
      }
    }
  });

  it('a star filter is read from an index in each order too', async () => {
    for (const sort of REVIEW_SORTS) {
      const p = await plan(sort, 5, 20);
      expect(p, sort).toMatch(sort === 'helpful' ? /Index Only Scan Backward using reviews_product_stars_helpful_idx/ : /Index Only Scan using reviews_product_lowest_idx/);
      expect(p, sort).not.toMatch(/Sort|Seq Scan/);
    }
  });

  it('answers the page the plan reads: the last page of the lowest-rated is the highest-rated newest last', async () => {
    const res = await ctx.app.inject({ url: `/api/reviews/product/${TARGET}?sort=lowest&page=180` });
    const last = res.json() as ReviewPage;
    expect(last).toMatchObject({ page: 180, pages: 180, total: 1800 });
    expect(last.reviews).toHaveLength(10);
    expect(last.reviews.every((r) => r.rating === 5)).toBe(true);
    // Newest first among equals: the oldest approved five-star review (g = 1997 minutes ago) ends it.
    expect(last.reviews.at(-1)!._id).toBe((1997).toString(16).padStart(24, '0'));
  });
});
