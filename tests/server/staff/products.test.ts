import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cartLines, wishlistItems } from '../../../server/db/schema';
import { PRODUCT_MESSAGES, type StaffProductDetailResponse } from '../../../server/routes/staffProducts';
import type { Product } from '../../../src/domain/types';
import { useStaffApp } from './staff-helpers';
import { makeShopper, openSession, postJson, putInServerCart } from '../checkout-helpers';

const ctx = useStaffApp();
const { send } = ctx;


/** Every field of SPEC §3 a product has. */
const FULL = {
  name: 'Aurora Owl Lamp',
  description: 'A layered owl that glows.',
  price: 49.99,
  discount: 20,
  image: ['/img/p/owl.svg?k=vase&c=ffaa00'],
  mainCategory: 'Decoration',
  subCategory: 'Home_Decor',
  colorVariants: [{ color: 'Amber', image: '/img/p/owl-amber.svg' }, { color: 'Teal' }],
  clothingSizes: ['S', 'M'],
  canvasSizes: ['8x10', '12x16'],
  accessories: [{ name: 'Wooden Base', price: 7.5, images: ['/img/p/base.svg'], description: 'Oak', outOfStock: false, comingSoon: false, preOrder: true, isNew: true, limitedEdition: false, notAvailableYet: false }],
  outOfStock: false,
  comingSoon: false,
  preOrder: false,
  isNewProduct: true,
  limitedEdition: true,
  vaulted: false,
  notAvailableYet: false,
  bestseller: true,
};

async function createProduct(extra: Record<string, unknown> = {}): Promise<Product> {
  const res = await send('POST', '/api/staff/products', { ...FULL, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as Product;
}

const publicProduct = async (server: FastifyInstance, id: string) => (await server.inject({ method: 'GET', url: `/api/product/list` })).json().products.find((p: Product) => p._id === id) as Product | undefined;

describe('staff products', () => {
  it('are for staff only', async () => {
    const shopper = await makeShopper(ctx.app, 'Mallory');
    const id = 'a'.repeat(24);
    for (const [method, url] of [
      ['GET', '/api/staff/products'],
      ['GET', `/api/staff/products/${id}`],
      ['POST', '/api/staff/products'],
      ['PUT', `/api/staff/products/${id}`],
      ['POST', `/api/staff/products/${id}/hide`],
      ['DELETE', `/api/staff/products/${id}`],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await send(method, url, method === 'GET' || method === 'DELETE' ? undefined : FULL, shopper.token)).statusCode, url).toBe(403);
    }
  });

  it('refuses an id that is taken, keeping the first product and its one audit row', async () => {
    const id = 'd'.repeat(24);
    expect((await send('POST', '/api/staff/products', { ...FULL, _id: id })).statusCode).toBe(201);
    const again = await send('POST', '/api/staff/products', { ...FULL, _id: id, name: 'Twin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A product with the id ${id} already exists`);
    const detail = (await send('GET', `/api/staff/products/${id}`)).json() as StaffProductDetailResponse;
    expect(detail.product.name).toBe(FULL.name);
    expect(detail.audit.map((a) => a.action)).toEqual(['create']);
  });

  it('are created with every field of SPEC §3, shown to shoppers at once, on every instance', async () => {
    const other = await ctx.t.buildOn();
    try {
      // The other instance has its catalog snapshot from before the change.
      await other.inject({ method: 'GET', url: '/api/product/list' });
      const product = await createProduct();
      expect(product).toMatchObject({ ...FULL, hasAccessory: true, colorVariants: [{ color: 'Amber', image: '/img/p/owl-amber.svg' }, { color: 'Teal', image: expect.stringMatching(/^\/img\/p\//) }] });
      expect(await publicProduct(ctx.app, product._id)).toMatchObject({ name: 'Aurora Owl Lamp', price: 49.99 });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/product/single/${product._id}` })).json()).toMatchObject({ product: { _id: product._id } });

      // The other instance checks the shared catalog version at most once a second, then shows it too.
      await expect.poll(() => publicProduct(other, product._id), { timeout: 10_000, interval: 200 }).toMatchObject({ name: 'Aurora Owl Lamp' });
    } finally {
      await other.close();
    }
  });

  it('refuses bad fields with a message for each, and keeps nothing', async () => {
    const before = (await send('GET', '/api/staff/products')).json().products.length as number;
    const res = await send('POST', '/api/staff/products', {
      ...FULL,
      price: -1,
      discount: 150,
      subCategory: 'MARVEL',
      image: ['https://evil.example.com/x.png'],
      canvasSizes: ['big'],
      accessories: [{ name: '', price: 1.234 }],
      colour: 'typo',
    });
    expect(res.statusCode).toBe(400);
    const { message, fields } = res.json() as { message: string; fields: Record<string, string> };
    expect(message).toMatch(/^Invalid product: /);
    expect(fields).toMatchObject({
      price: 'must be 0 or more',
      discount: 'must be 0–100',
      'image[0]': 'must be a local path starting with "/" (remote URLs are not allowed)',
      'canvasSizes[0]': 'must look like 12x16',
      'accessories[0].name': 'must not be empty',
      'accessories[0].price': 'must have at most 2 decimals',
    });
    expect(Object.values(fields).join(' ')).toContain('This field is not accepted: colour');
    const figure = await send('POST', '/api/staff/products', { ...FULL, mainCategory: 'Figures', subCategory: 'MARVEL' });
    expect(figure.json().fields).toEqual({ subSubCategory: 'must be one of Male, Female, Accessories for Figures' });
    const wrongSub = await send('POST', '/api/staff/products', { ...FULL, subCategory: 'MARVEL' });
    expect(wrongSub.json().fields).toEqual({ subCategory: 'must be one of Seasonal, Religious, Home_Decor, Office_Decor, Wall_Art for Decoration' });
    expect((await send('GET', '/api/staff/products')).json().products).toHaveLength(before);
  });

  it('are edited (a product read from the API can be sent back), with an audit row of what changed', async () => {
    const product = await createProduct({ name: 'Editable Owl' });
    const res = await send('PUT', `/api/staff/products/${product._id}`, { ...product, price: 39.99, outOfStock: true, date: undefined });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ price: 39.99, outOfStock: true, date: product.date });
    expect(await publicProduct(ctx.app, product._id)).toMatchObject({ price: 39.99, outOfStock: true });

    const detail = (await send('GET', `/api/staff/products/${product._id}`)).json() as StaffProductDetailResponse;
    expect(detail.audit.map((a) => [a.action, a.actor.email])).toEqual([
      ['update', ctx.staff.email],
      ['create', ctx.staff.email],
    ]);
    expect(detail.audit[0]!.changes).toEqual({ price: { from: 49.99, to: 39.99 }, outOfStock: { from: false, to: true } });

    expect((await send('PUT', `/api/staff/products/${product._id}`, { ...FULL, _id: 'b'.repeat(24) })).json().message).toBe(PRODUCT_MESSAGES.idMismatch);
    expect((await send('PUT', `/api/staff/products/${'c'.repeat(24)}`, FULL)).statusCode).toBe(404);
    expect((await send('PUT', `/api/staff/products/${product._id}`, { ...FULL, price: 'cheap' })).json().fields).toEqual({ price: 'must be a number of dollars' });
  });

  it('are hidden (notAvailableYet) and shown again', async () => {
    const product = await createProduct({ name: 'Shy Owl' });
    const hidden = await send('POST', `/api/staff/products/${product._id}/hide`, { hidden: true });
    expect(hidden.json().product.notAvailableYet).toBe(true);
    expect((await publicProduct(ctx.app, product._id))?.notAvailableYet).toBe(true);
    expect((await send('POST', `/api/staff/products/${product._id}/hide`, { hidden: false })).json().product.notAvailableYet).toBe(false);
    expect((await send('POST', `/api/staff/products/${product._id}/hide`, { hidden: 'yes' })).json().fields).toEqual({ hidden: 'must be true or false' });
    const audit = ((await send('GET', `/api/staff/products/${product._id}`)).json() as StaffProductDetailResponse).audit;
    expect(audit.map((a) => a.action)).toEqual(['show', 'hide', 'create']);
  });

  it('are deleted with their cart and wishlist lines, but never while an active bundle or an unpaid order holds them', async () => {
    const product = await createProduct({ name: 'Doomed Owl', colorVariants: [], clothingSizes: [], canvasSizes: [], accessories: [] });
    const keep = await createProduct({ name: 'Kept Owl' });
    const shopper = await makeShopper(ctx.app, 'Holder');
    await putInServerCart(ctx.app, shopper.id, { [`${product._id}_|`]: 2, [`${keep._id}_Amber|S`]: 1 });
    await ctx.app.db.insert(wishlistItems).values([{ userId: shopper.id, productId: product._id }, { userId: shopper.id, productId: keep._id }]);

    const bundle = await postJson(ctx.app, '/api/staff/bundles', { title: 'Owl Pair', price: 60, startDate: new Date(Date.now() - 86_400_000).toISOString(), endDate: new Date(Date.now() + 86_400_000).toISOString(), products: [product._id] }, ctx.staff.token);
    expect(bundle.statusCode, bundle.body).toBe(201);
    let res = await send('DELETE', `/api/staff/products/${product._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PRODUCT_MESSAGES.inUse(['Owl Pair'], 0));
    expect((await postJson(ctx.app, `/api/staff/bundles/${bundle.json().bundle._id}/cancel`, {}, ctx.staff.token)).statusCode).toBe(200);

    const pending = await openSession(ctx.app, shopper.token, [{ productId: product._id, color: '|', quantity: 1 }], 49.99 * 0.8 + 10);
    res = await send('DELETE', `/api/staff/products/${product._id}`);
    expect(res.json().message).toBe(PRODUCT_MESSAGES.inUse([], 1));
    await ctx.app.orders.cancelUnpaid(pending.sessionId, 'expired');

    res = await send('DELETE', `/api/staff/products/${product._id}`);
    expect(res.json()).toEqual({ success: true, deleted: product._id, droppedCartLines: 1, droppedWishlistItems: 1 });
    expect(await publicProduct(ctx.app, product._id)).toBeUndefined();
    expect((await ctx.app.db.select().from(cartLines).where(eq(cartLines.userId, shopper.id))).map((l) => l.key)).toEqual([`${keep._id}_Amber|S`]);
    expect((await ctx.app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.id))).map((w) => w.productId)).toEqual([keep._id]);
    expect((await send('GET', `/api/staff/products/${product._id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/staff/products/${product._id}`)).statusCode).toBe(404);
  });

  it('are listed for staff with hidden ones, searched, and filtered by category and flag', async () => {
    const hidden = await createProduct({ name: 'Zyzzyva Hidden Owl', notAvailableYet: true });
    const fig = await createProduct({ name: 'Zyzzyva Knight', mainCategory: 'Figures', subCategory: 'MARVEL', subSubCategory: 'Male', bestseller: false });
    const list = async (q: string) => ((await send('GET', `/api/staff/products?${q}`)).json().products as Product[]).map((p) => p._id);
    expect(await list('q=zyzzyva')).toEqual([fig._id, hidden._id]);
    expect(await list('q=zyzzyva&category=marvel')).toEqual([fig._id]);
    expect(await list('q=zyzzyva&flag=notAvailableYet')).toEqual([hidden._id]);
    expect((await send('GET', '/api/staff/products?flag=shiny')).json().message).toContain('Flag must be one of outOfStock');
  });
});
