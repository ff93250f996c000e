import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config';
import { bundles, cartLines, orders, paymentSessions, products } from '../../server/db/schema';
import type { Address } from '../../src/domain/types';
import { buildTestApp, type TestApp } from './helpers';
import { startStripeStub, type StripeStub } from './stripe-stub';

let seq = 0;

/** A shopper made through the repository (no rate limit, no hashing) and a session token. */
export async function makeShopper(app: FastifyInstance, name = 'Buyer'): Promise<{ id: string; token: string; email: string }> {
  const email = `${name.toLowerCase()}.${Date.now().toString(36)}.${++seq}@example.com`;
  const user = await app.users.create({ name, email, passwordHash: 'x' });
  return { id: user.id, token: await app.sessionTokens.issue(user.id), email };
}

export function postJson(app: FastifyInstance, url: string, body: unknown, token?: string) {
  return app.inject({ method: 'POST', url, payload: body as object, headers: token ? { token } : {} });
}

export const ADDRESS: Address = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  street: '12 Analytical Way',
  city: 'Portland',
  state: 'OR',
  zipcode: '97201',
  country: 'United States',
  phone: '5035550142',
};

/** Test products with exact prices and flags, inserted once per file (ids are 24 hex characters). */
export const TP = {
  plain: 'aaaaaaaaaaaaaaaaaaaaaa01', // $20.00, no discount, no variants
  sale: 'aaaaaaaaaaaaaaaaaaaaaa02', // $40.00 at 25% off → $30.00, colors Red/Blue, sizes S/M
  accessory: 'aaaaaaaaaaaaaaaaaaaaaa03', // $10.00 with one $4.50 accessory and one out-of-stock accessory
  outOfStock: 'aaaaaaaaaaaaaaaaaaaaaa04',
  vaulted: 'aaaaaaaaaaaaaaaaaaaaaa05',
  notYet: 'aaaaaaaaaaaaaaaaaaaaaa06',
  comingSoon: 'aaaaaaaaaaaaaaaaaaaaaa07',
  cheap: 'aaaaaaaaaaaaaaaaaaaaaa08', // $0.10
  preOrder: 'aaaaaaaaaaaaaaaaaaaaaa09', // $99.99, pre-order (purchasable)
  activeBundle: 'bbbbbbbbbbbbbbbbbbbbbb01', // $50.00 while active
  endedBundle: 'bbbbbbbbbbbbbbbbbbbbbb02',
  futureBundle: 'bbbbbbbbbbbbbbbbbbbbbb03',
  cancelledBundle: 'bbbbbbbbbbbbbbbbbbbbbb04',
} as const;

export async function insertTestCatalog(app: FastifyInstance): Promise<void> {
  const base = { mainCategory: 'Widgets', subCategory: 'Home_Gadgets' };
  await app.db
    .insert(products)
    .values([
      { id: TP.plain, name: 'Test Plain Widget', priceCents: 2000, ...base },
      {
        id: TP.sale,
        name: 'Test Sale Figure',
        priceCents: 4000,
        discount: 25,
        colorVariants: [
          { color: 'Red', image: '/img/p/red.svg' },
          { color: 'Blue', image: '/img/p/blue.svg' },
        ],
        clothingSizes: ['S', 'M'],
        ...base,
      },
      {
        id: TP.accessory,
        name: 'Test Stand',
        priceCents: 1000,
        accessories: [
          { name: 'Test Base Plate', priceCents: 450, images: [], description: 'A plate' },
          { name: 'Test Gone Plate', priceCents: 300, images: [], description: 'Gone', outOfStock: true },
        ],
        ...base,
      },
      { id: TP.outOfStock, name: 'Test Sold Out Lamp', priceCents: 1500, outOfStock: true, ...base },
      { id: TP.vaulted, name: 'Test Vaulted Statue', priceCents: 1500, vaulted: true, ...base },
      { id: TP.notYet, name: 'Test Future Gadget', priceCents: 1500, notAvailableYet: true, ...base },
      { id: TP.comingSoon, name: 'Test Teaser Toy', priceCents: 1500, comingSoon: true, ...base },
      { id: TP.cheap, name: 'Test Sticker', priceCents: 10, ...base },
      { id: TP.preOrder, name: 'Test Pre-order Dragon', priceCents: 9999, preOrder: true, ...base },
    ])
    .onConflictDoNothing();
  const day = 86_400_000;
  const now = Date.now();
  await app.db
    .insert(bundles)
    .values([
      { id: TP.activeBundle, title: 'Test Active Bundle', priceCents: 5000, startDate: new Date(now - day), endDate: new Date(now + day), productIds: [TP.plain] },
      { id: TP.endedBundle, title: 'Test Ended Bundle', priceCents: 5000, startDate: new Date(now - 3 * day), endDate: new Date(now - day), productIds: [TP.plain] },
      { id: TP.futureBundle, title: 'Test Future Bundle', priceCents: 5000, startDate: new Date(now + day), endDate: new Date(now + 3 * day), productIds: [TP.plain] },
      {
        id: TP.cancelledBundle,
        title: 'Test Cancelled Bundle',
        priceCents: 5000,
        startDate: new Date(now - day),
        endDate: new Date(now + day),
        cancelled: true,
        productIds: [TP.plain],
      },
    ])
    .onConflictDoNothing();
}

export type Line = { productId: string; color: string; quantity: number; name?: string; price?: number; unitPrice?: number; image?: string };

export function orderBody(items: Line[], amount: number, extra: Record<string, unknown> = {}) {
  return { address: ADDRESS, items, amount, description: '', discountCode: '', isBuyNow: false, ...extra };
}

/** Opens a payment session for `items` at the right amount; answers the session response. */
export async function openSession(app: FastifyInstance, token: string, items: Line[], amount: number, extra: Record<string, unknown> = {}) {
  const res = await postJson(app, '/api/order/stripe', orderBody(items, amount, extra), token);
  if (res.statusCode !== 200) throw new Error(`order/stripe answered ${res.statusCode}: ${res.body}`);
  return res.json() as { success: true; session_url: string; orderId: string; sessionId: string; amount: number };
}

/** Submits the built-in card form. */
export function payForm(app: FastifyInstance, sessionId: string, card: Partial<Record<'name' | 'number' | 'expiry' | 'cvc', string>> = {}) {
  const form = new URLSearchParams({ name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', ...card });
  return app.inject({
    method: 'POST',
    url: `/pay/${sessionId}`,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export async function orderRow(app: FastifyInstance, id: string) {
  const rows = await app.db.select().from(orders).where(eq(orders.id, id));
  return rows[0]!;
}

export async function sessionRow(app: FastifyInstance, id: string) {
  const rows = await app.db.select().from(paymentSessions).where(eq(paymentSessions.id, id));
  return rows[0]!;
}

export async function serverCart(app: FastifyInstance, userId: string) {
  const rows = await app.db.select().from(cartLines).where(eq(cartLines.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.key, r.quantity]));
}

export async function putInServerCart(app: FastifyInstance, userId: string, lines: Record<string, number>) {
  for (const [key, quantity] of Object.entries(lines)) await app.db.insert(cartLines).values({ userId, key, quantity }).onConflictDoNothing();
}

/** The outbox messages (SMTP is not configured in tests) whose subject or text mentions `orderId` (or `#number `). */
export function mailsAbout(dataDir: string, orderId: string): Array<{ to: string; subject: string; text: string; html: string }> {
  const file = path.join(dataDir, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; subject: string; text: string; html: string })
    .filter((m) => m.subject.includes(orderId) || m.text.includes(orderId));
}

export interface ShopApp {
  /** This file's test app; set once the file's first beforeAll has run. */
  t: TestApp;
  app: FastifyInstance;
  /** The local Stripe stub the app talks to (with `stripe: true`). */
  stub: StripeStub;
}

/**
 * Registers this file's beforeAll/afterAll: a test app of its own (with `config`), the test
 * catalogue inserted (unless `catalog: false`), and with `stripe: true` a Stripe stub started
 * first and the app pointed at it. The fields of the answer are set once beforeAll has run.
 */
export function useShopApp(opts: { config?: Partial<Config>; catalog?: boolean; stripe?: boolean } = {}): ShopApp {
  const ctx = {} as ShopApp;
  beforeAll(async () => {
    if (opts.stripe) ctx.stub = await startStripeStub();
    const stripe = opts.stripe ? { stripeSecretKey: 'sk_test_fake', stripeApiBase: ctx.stub.url } : {};
    ctx.t = await buildTestApp({ config: { ...stripe, ...opts.config } });
    ctx.app = ctx.t.app;
    if (opts.catalog ?? true) await insertTestCatalog(ctx.app);
  });
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.stub?.close();
  });
  return ctx;
}
