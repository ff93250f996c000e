import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { paymentSessions, products, stockOptions } from '../../../server/db/schema';
import { makeShopper, openSession, orderRow, useShopApp } from '../checkout-helpers';

// Only the app's interval timers are the test's to move: the database, HTTP and timeouts run for real.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  return () => vi.useRealTimers();
});
const ctx = useShopApp();

it('the expiry job runs every minute, so a lapsed payment holds its units at most a minute beyond its 30', async () => {
  const id = 'cccccccccccccccccccd0001';
  await ctx.app.db.insert(products).values({ id, name: 'Sweep Cadence', priceCents: 2000, mainCategory: 'Widgets', subCategory: 'Home_Gadgets' });
  await ctx.app.db.insert(stockOptions).values({ productId: id, variant: '|', onHand: 1, madeToOrder: false, printMinutes: 120, material: 'PLA' });
  await ctx.app.catalog.invalidate();
  const shopper = await makeShopper(ctx.app);
  const s = await openSession(ctx.app, shopper.token, [{ productId: id, color: '|', quantity: 1 }], 30);
  const held = async () => (await ctx.app.db.select().from(stockOptions).where(and(eq(stockOptions.productId, id), eq(stockOptions.variant, '|'))))[0]!.reserved;
  expect(await held()).toBe(1);

  // Its 30 minutes are up (the shopper left without paying or cancelling, and reads nothing).
  await ctx.app.db.update(paymentSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentSessions.id, s.sessionId));
  await vi.advanceTimersByTimeAsync(60_000);
  await vi.waitFor(async () => expect((await orderRow(ctx.app, s.orderId)).status).toBe('Cancelled'), { timeout: 5000, interval: 100 });
  await vi.waitFor(async () => expect(await held()).toBe(0), { timeout: 5000, interval: 100 });
});
