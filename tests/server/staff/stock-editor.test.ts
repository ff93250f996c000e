import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CatalogImportError, importCatalog } from '../../../server/db/catalogImport';
import { products, stockOptions } from '../../../server/db/schema';
import type { StaffProductDetailResponse } from '../../../server/routes/staffProducts';
import { useStaffApp } from './staff-helpers';

const ctx = useStaffApp();
const { send } = ctx;

const BASE = { price: 10, mainCategory: 'Widgets', subCategory: 'Home_Gadgets' };

async function stockOf(id: string) {
  const rows = await ctx.app.db.select().from(stockOptions).where(eq(stockOptions.productId, id));
  return Object.fromEntries(rows.map((r) => [r.variant, { onHand: r.onHand, madeToOrder: r.madeToOrder, printMinutes: r.printMinutes, material: r.material }]));
}

describe('catalog import keeps stock in step', () => {
  it('without stock fields: every option made to order, a product flagged out of stock stocked only with none on hand', async () => {
    await importCatalog(ctx.app.db, {
      products: [
        {
          _id: 'eeeeeeeeeeeeeeeeeeee0001',
          name: 'Import Plain',
          ...BASE,
          colorVariants: [{ color: 'Red' }, { color: 'Blue' }],
          clothingSizes: ['S', 'M'],
          accessories: [
            { name: 'Stand', price: 2 },
            { name: 'Gone', price: 2, outOfStock: true },
          ],
        },
        { _id: 'eeeeeeeeeeeeeeeeeeee0002', name: 'Import Sold Out', ...BASE, outOfStock: true },
      ],
    });
    const mto = { onHand: 0, madeToOrder: true, printMinutes: 120, material: 'PLA' };
    expect(await stockOf('eeeeeeeeeeeeeeeeeeee0001')).toEqual({
      'Red|S': mto,
      'Red|M': mto,
      'Blue|S': mto,
      'Blue|M': mto,
      'accessory-0': mto,
      'accessory-1': { ...mto, madeToOrder: false },
    });
    expect(await stockOf('eeeeeeeeeeeeeeeeeeee0002')).toEqual({ '|': { ...mto, madeToOrder: false } });
    ctx.app.catalog.invalidateLocal();
    const list = (await ctx.app.catalog.listProducts()).filter((p) => p._id.startsWith('eeeeeeeeeeeeeeeeeeee000'));
    expect(list.find((p) => p.name === 'Import Plain')).toMatchObject({ outOfStock: false, soldOutOptions: ['accessory-1'] });
    expect(list.find((p) => p.name === 'Import Plain')!.accessories[1]!.outOfStock).toBe(true);
    expect(list.find((p) => p.name === 'Import Sold Out')).toMatchObject({ outOfStock: true });
  });

  it('with stock fields: the listed options as given; a bad option, negative or fractional stock and a zero print time refuse the file', async () => {
    await importCatalog(ctx.app.db, {
      products: [
        {
          _id: 'eeeeeeeeeeeeeeeeeeee0003',
          name: 'Import Stocked',
          ...BASE,
          colorVariants: [{ color: 'Red' }, { color: 'Blue' }],
          stock: [
            { option: 'Red|', onHand: 4, madeToOrder: false },
            { option: 'Blue|', onHand: 1, printMinutes: 45, material: 'PETG' },
          ],
        },
      ],
    });
    expect(await stockOf('eeeeeeeeeeeeeeeeeeee0003')).toEqual({
      'Red|': { onHand: 4, madeToOrder: false, printMinutes: 120, material: 'PLA' },
      'Blue|': { onHand: 1, madeToOrder: true, printMinutes: 45, material: 'PETG' },
    });
    const bad = {
      products: [
        {
          _id: 'eeeeeeeeeeeeeeeeeeee0004',
          name: 'Import Bad',
          ...BASE,
          colorVariants: [{ color: 'Red' }],
          stock: [
            { option: 'Green|', onHand: 1 },
            { option: 'Red|', onHand: -1 },
          ],
        },
        { _id: 'eeeeeeeeeeeeeeeeeeee0005', name: 'Import Bad 2', ...BASE, stock: [{ option: '|', onHand: 2.5, printMinutes: 0 }] },
      ],
    };
    const err = await importCatalog(ctx.app.db, bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogImportError);
    const message = (err as Error).message;
    expect(message).toContain('products[0] ("Import Bad") field stock[0].option: "Green|": This product does not come in Green');
    expect(message).toContain('field stock[1].onHand: must be a whole number, 0 or more');
    expect(message).toContain('products[1] ("Import Bad 2") field stock[0].onHand: must be a whole number, 0 or more');
    expect(message).toContain('field stock[0].printMinutes: must be at least 1 minute');
    expect(await ctx.app.db.select().from(products).where(eq(products.id, 'eeeeeeeeeeeeeeeeeeee0004'))).toHaveLength(0);
  });
});

describe('staff product editor: stock, made to order, print time and material per option', () => {
  const PRODUCT = { name: 'Editor Owl', ...BASE, colorVariants: [{ color: 'Amber' }, { color: 'Teal' }] };

  it('saves stock per option with the product, and shows it back', async () => {
    const created = await send('POST', '/api/staff/products', { ...PRODUCT, stock: [{ option: 'Amber|', onHand: 3, madeToOrder: false }] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().product._id as string;
    const detail = (await ctx.get(`/api/staff/products/${id}`)).json() as StaffProductDetailResponse;
    expect(detail.stock).toEqual([
      { option: 'Amber|', onHand: 3, reserved: 0, madeToOrder: false, printMinutes: 120, material: 'PLA' },
      { option: 'Teal|', onHand: 0, reserved: 0, madeToOrder: true, printMinutes: 120, material: 'PLA' },
    ]);
    // Saving the product again without stock fields keeps the stock as it is.
    expect((await send('PUT', `/api/staff/products/${id}`, { ...PRODUCT, name: 'Editor Owl II' })).statusCode).toBe(200);
    expect((await stockOf(id))['Amber|']).toMatchObject({ onHand: 3, madeToOrder: false });
  });

  it('refuses negative or fractional stock and a print time of zero with clear messages, saving nothing', async () => {
    const created = await send('POST', '/api/staff/products', PRODUCT);
    const id = created.json().product._id as string;
    const cases: Array<[unknown, string, string]> = [
      [{ option: 'Amber|', onHand: -2 }, 'stock[0].onHand', 'must be a whole number, 0 or more'],
      [{ option: 'Amber|', onHand: 1.5 }, 'stock[0].onHand', 'must be a whole number, 0 or more'],
      [{ option: 'Amber|', onHand: 1, printMinutes: 0 }, 'stock[0].printMinutes', 'must be at least 1 minute'],
    ];
    for (const [stock, field, message] of cases) {
      const res = await send('PUT', `/api/staff/products/${id}`, { ...PRODUCT, name: 'Renamed', stock: [stock] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    const [row] = await ctx.app.db.select().from(products).where(eq(products.id, id));
    expect(row!.name).toBe('Editor Owl');
    expect((await stockOf(id))['Amber|']).toMatchObject({ onHand: 0, madeToOrder: true });
  });
});

describe('bundle editor: the option the bundle holds of each product', () => {
  it('saves a colour and size per product, and refuses one the product does not offer', async () => {
    const created = await send('POST', '/api/staff/products', { name: 'Bundle Owl', ...BASE, colorVariants: [{ color: 'Amber' }, { color: 'Teal' }] });
    const pid = created.json().product._id as string;
    const day = 86_400_000;
    const bundle = { title: 'Owl Pack', price: 15, startDate: new Date(Date.now() - day).toISOString(), endDate: new Date(Date.now() + day).toISOString(), products: [pid] };
    const bad = await send('POST', '/api/staff/bundles', { ...bundle, productOptions: { [pid]: 'Green|' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[`productOptions.${pid}`]).toBe('This product does not come in Green');
    const ok = await send('POST', '/api/staff/bundles', { ...bundle, productOptions: { [pid]: 'Teal|' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().bundle.productOptions).toEqual({ [pid]: 'Teal|' });
  });
});

describe('staff products list: out of stock as the numbers say', () => {
  it('marks (and filters) a product none of whose options can be bought, whatever its stored flag', async () => {
    const product = { name: 'List Owl', ...BASE, colorVariants: [{ color: 'Amber' }, { color: 'Teal' }] };
    const none = [
      { option: 'Amber|', onHand: 0, madeToOrder: false },
      { option: 'Teal|', onHand: 0, madeToOrder: false },
    ];
    const created = await send('POST', '/api/staff/products', { ...product, stock: none });
    const id = created.json().product._id as string;
    const listed = async (query = '') => ((await ctx.get(`/api/staff/products?q=List%20Owl${query}`)).json().products as Array<{ _id: string; outOfStock: boolean }>).filter((p) => p._id === id);
    expect(await listed()).toEqual([expect.objectContaining({ outOfStock: true })]);
    expect(await listed('&flag=outOfStock')).toHaveLength(1);
    expect((await send('PUT', `/api/staff/products/${id}`, { ...product, stock: [{ option: 'Teal|', onHand: 2, madeToOrder: false }] })).statusCode).toBe(200);
    expect(await listed()).toEqual([expect.objectContaining({ outOfStock: false })]);
    expect(await listed('&flag=outOfStock')).toHaveLength(0);
  });
});
