/**
 * Ship-by dates for one product page as the server answers them (ShipByService on a real embedded
 * database): a print queue of N jobs in print_jobs, four printers, a product of twelve options
 * with stock rows. Timed warm (the queue planned once for its version: a page costs a read of the
 * settings row, one of the product's stock rows and its options placed in memory) and cold (the
 * queue's version bumped before every page: the 10,000 jobs read and planned again). One JSON line.
 *   node --import tsx scripts/bench-ship-by-page.ts 10000
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/client';
import { orders, printers, printJobs, products, stockOptions, users } from '../server/db/schema';
import { PrintQueueRepository } from '../server/repositories/printQueue';
import { ShipByService } from '../server/services/shipBy';

const jobs = Number(process.argv[2] ?? 10_000);
const pages = Number(process.argv[3] ?? 200);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ship-by-page-'));

const id = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(24 - prefix.length, '0')}`;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { medianMs: +at(50).toFixed(3), p95Ms: +at(95).toFixed(3) };
};

const database = await openDatabase({ dataDir, ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}) });
try {
  await database.migrate();
  const { db } = database;
  await db.insert(users).values({ id: id('u', 1), email: 'bench@example.com', name: 'Bench', passwordHash: 'x' } as never);
  const colors = ['Red', 'Blue', 'Green', 'Black'];
  const sizes = ['S', 'M', 'L'];
  const product = { _id: id('p', 1), colorVariants: colors.map((color) => ({ color, image: '' })), clothingSizes: sizes, canvasSizes: [], accessories: [] };
  await db.insert(products).values({ id: product._id, name: 'Bench figure', priceCents: 2000, mainCategory: 'Figures', subCategory: 'Animals', colorVariants: product.colorVariants, clothingSizes: sizes } as never);
  await db.insert(stockOptions).values(
    colors.flatMap((c, ci) => sizes.map((s, si) => ({ productId: product._id, variant: `${c}|${s}`, onHand: (ci + si) % 4 === 0 ? 2 : 0, madeToOrder: true, printMinutes: 90 + si * 10, material: ci === 3 ? 'Resin' : 'PLA' }))),
  );
  await db.insert(printers).values([
    { id: id('r', 1), name: 'Prusa 1', materials: ['PLA', 'PETG'], hoursPerDay: 10 },
    { id: id('r', 2), name: 'Prusa 2', materials: ['PLA', 'PETG'], hoursPerDay: 10 },
    { id: id('r', 3), name: 'Bambu', materials: ['PLA'], hoursPerDay: 16 },
    { id: id('r', 4), name: 'Form 3', materials: ['Resin'], hoursPerDay: 8 },
  ]);
  // The queue: one order per 5 jobs, mixed materials and print times (20 min to 8 h).
  const materials = ['PLA', 'PLA', 'PETG', 'Resin'];
  const orderCount = Math.ceil(jobs / 5);
  const base = Date.parse('2026-11-20T12:00:00Z');
  for (let i = 0; i < orderCount; i += 500) {
    await db.insert(orders).values(
      Array.from({ length: Math.min(500, orderCount - i) }, (_, k) => ({
        id: id('o', i + k),
        userId: id('u', 1),
        status: 'Order Placed' as const,
        address: {},
        items: [],
        subtotalCents: 0,
        shippingCents: 0,
        discountCents: 0,
        amountCents: 0,
        paymentMethod: 'Stripe',
      })) as never,
    );
  }
  for (let i = 0; i < jobs; i += 1000) {
    await db.insert(printJobs).values(
      Array.from({ length: Math.min(1000, jobs - i) }, (_, k) => {
        const n = i + k;
        return { id: id('j', n), orderId: id('o', Math.floor(n / 5)), lineIndex: 0, unitIndex: n % 5, productId: product._id, variant: 'Red|S', material: materials[n % 4], printMinutes: 20 + ((n * 37) % 460), queuedAt: new Date(base + Math.floor(n / 5) * 60_000) };
      }),
    );
  }
  const repo = new PrintQueueRepository(db);
  const service = new ShipByService(repo, 'America/New_York');
  const time = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  for (let i = 0; i < 30; i++) await service.forProduct(product); // warm the JIT and the plan
  const warm: number[] = [];
  for (let i = 0; i < pages; i++) warm.push(await time(() => service.forProduct(product)));
  const cold: number[] = [];
  for (let i = 0; i < Math.min(pages, 40); i++) {
    await db.transaction((tx) => repo.bump(tx));
    cold.push(await time(() => service.forProduct(product)));
  }
  const answer = await service.forProduct(product);
  console.log(JSON.stringify({ jobs, database: database.kind, statement: answer.range, warm: stats(warm), cold: stats(cold) }));
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
