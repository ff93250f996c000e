import type { FastifyInstance } from 'fastify';
import { products } from '../../server/db/schema';
import type { Product } from '../../src/domain/types';

let seq = 0;

/** A shopper made straight through the repository (no rate limit, no hashing) and a session token for them. */
export async function shopper(app: FastifyInstance, name = 'Shopper'): Promise<{ id: string; token: string }> {
  const user = await app.users.create({ name, email: `${name.toLowerCase()}.${Date.now().toString(36)}.${++seq}@example.com`, passwordHash: 'x' });
  return { id: user.id, token: await app.sessionTokens.issue(user.id) };
}

export function post(app: FastifyInstance, url: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { ...(token ? { token } : {}), ...headers },
  });
}

/** Seeded products with the shapes the tests need. */
export async function sampleProducts(app: FastifyInstance) {
  // The demo catalog gives every product colors: add one plain product for the empty-variant cases.
  await app.db
    .insert(products)
    .values({ id: 'abcdef0123456789abcdef01', name: 'Plain Test Planter', priceCents: 1500, mainCategory: 'Decoration', subCategory: 'Home_Decor' })
    .onConflictDoNothing();
  await app.catalog.invalidate();
  const all = await app.catalog.listProducts();
  const find = (what: string, pred: (p: Product) => boolean) => {
    const p = all.find(pred);
    if (!p) throw new Error(`the seeded catalog has no ${what}`);
    return p;
  };
  return {
    plain: find('product without colors or sizes', (p) => p.colorVariants.length === 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0),
    colored: find('product with colors and no sizes', (p) => p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0),
    sized: find('product with colors and clothing sizes', (p) => p.colorVariants.length > 0 && p.clothingSizes.length > 0),
    withAccessories: find('product with accessories', (p) => p.accessories.length > 0),
    bundleId: (await app.catalog.listBundles())[0]!._id,
  };
}
