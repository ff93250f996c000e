/**
 * Seeds a throwaway benchmark database (never a real shop's): the demo catalog, then generated
 * products up to `--products` in all (at most 10,000), and `--shoppers` accounts each with their
 * own support conversation, plus the staff account. Prints one JSON line: session tokens minted
 * with JWT_SECRET (the benchmark server uses the same secret), so load generators need no login.
 *
 *   DATA_DIR=/tmp/x (or DATABASE_URL=...) JWT_SECRET=... node --import tsx scripts/bench-seed.ts --products 1000 --shoppers 500
 *
 * With PGlite run it before the server starts on that DATA_DIR (one process per folder).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { importCatalog } from '../server/db/catalogImport';
import { seedIfEmpty } from '../server/db/seed';
import { conversations, products, users } from '../server/db/schema';
import { SessionTokens, Sessions } from '../server/lib/auth';
import { PasswordHasher } from '../server/lib/passwords';
import { newChatId } from '../server/repositories/conversations';
import { newUserId } from '../server/plugins/users';
import { UsersRepository } from '../server/repositories/users';
import { benchProductRecords } from './bench-fixtures';

const MAX_PRODUCTS = 10_000;
/** Rows per INSERT: PostgreSQL allows 65,535 bind parameters per statement. */
const BATCH = 1000;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const wantProducts = Math.min(MAX_PRODUCTS, arg('products', 0));
const shoppers = arg('shoppers', 0);
const secret = process.env.JWT_SECRET;
if (!secret) throw new Error('JWT_SECRET must be set (the benchmark server uses the same one)');

const database = await openDatabase({ dataDir: process.env.DATA_DIR ?? './.data-bench', databaseUrl: process.env.DATABASE_URL });
try {
  await database.migrate();
  const { db } = database;
  await seedIfEmpty(db, { demoDiscounts: false });

  const count = async () => Number(((await db.execute(sql`select count(*)::int as n from ${products}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  let have = await count();
  const now = Date.now();
  for (let offset = 0; have < wantProducts; offset += BATCH) {
    const n = Math.min(BATCH, wantProducts - have);
    await importCatalog(db, { products: benchProductRecords(n, now, offset) }, now);
    have = await count();
  }

  // Each token opens a session row, as a login does.
  const tokens = new Sessions(new SessionTokens(secret), new UsersRepository(db, newUserId));
  const hash = await new PasswordHasher('owasp').hash(process.env.STAFF_PASSWORD ?? 'bench-staff-password');
  const staffEmail = (process.env.STAFF_EMAIL ?? 'staff@bench.test').toLowerCase();
  await db.insert(users).values({ id: newUserId(), name: 'Staff', email: staffEmail, passwordHash: hash, role: 'staff' }).onConflictDoNothing();
  const staff = (await db.select().from(users).where(sql`lower(${users.email}) = ${staffEmail}`))[0]!;
  if (staff.role !== 'staff') throw new Error(`${staffEmail} exists as a shopper in this database`);

  const out: { email: string; token: string; conversationId: string }[] = [];
  for (let start = 0; start < shoppers; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, shoppers - start) }, (_, k) => ({
      id: newUserId(),
      name: `Shopper ${start + k + 1}`,
      email: `shopper${start + k + 1}-${now.toString(36)}@bench.test`,
      passwordHash: hash,
    }));
    await db.insert(users).values(rows);
    const convs = rows.map((u) => ({ id: newChatId(), userId: u.id }));
    await db.insert(conversations).values(convs);
    for (let k = 0; k < rows.length; k++) out.push({ email: rows[k]!.email, token: await tokens.issue(rows[k]!.id), conversationId: convs[k]!.id });
  }

  const sample = await db.select({ id: products.id }).from(products).where(sql`not ${products.outOfStock} and not ${products.comingSoon} and not ${products.vaulted} and not ${products.notAvailableYet}`).limit(20);
  console.log(JSON.stringify({ products: have, productIds: sample.map((r) => r.id), staff: { email: staff.email, token: await tokens.issue(staff.id) }, shoppers: out }));
} finally {
  await database.close();
}
