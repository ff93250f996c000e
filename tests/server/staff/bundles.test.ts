import { describe, expect, it } from 'vitest';
import type { StaffBundleDetailResponse } from '../../../server/routes/staffBundles';
import type { Bundle } from '../../../src/domain/types';
import { useStaffApp } from './staff-helpers';
import { makeShopper, postJson, TP } from '../checkout-helpers';

const ctx = useStaffApp({ catalog: true });
const { send } = ctx;

const DAY = 86_400_000;
const BUNDLE = {
  title: 'Desk Trio',
  description: 'Three desk friends',
  price: 45.5,
  images: ['/uploads/0123456789abcdef01234567-640.webp'],
  startDate: new Date(Date.now() - DAY).toISOString(),
  endDate: new Date(Date.now() + DAY).toISOString(),
  products: [TP.plain, TP.sale],
};
const shopperBundles = async () => (await ctx.app.inject({ method: 'GET', url: '/api/bundle/list' })).json().bundles as Bundle[];

describe('staff bundles', () => {
  it('are for staff only', async () => {
    const shopper = await makeShopper(ctx.app, 'Mallory');
    const id = 'b'.repeat(24);
    for (const [method, url] of [
      ['GET', '/api/staff/bundles'],
      ['GET', `/api/staff/bundles/${id}`],
      ['POST', '/api/staff/bundles'],
      ['PUT', `/api/staff/bundles/${id}`],
      ['POST', `/api/staff/bundles/${id}/cancel`],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await send(method, url, method === 'GET' ? undefined : BUNDLE, shopper.token)).statusCode, url).toBe(403);
    }
  });

  it('are created, edited and cancelled, with the store showing each change at once and an audit row each', async () => {
    const created = await postJson(ctx.app, '/api/staff/bundles', BUNDLE, ctx.staff.token);
    expect(created.statusCode, created.body).toBe(201);
    const bundle = created.json().bundle as Bundle;
    expect(bundle).toMatchObject({ title: 'Desk Trio', price: 45.5, products: [TP.plain, TP.sale], cancelled: false, images: BUNDLE.images });
    expect((await shopperBundles()).find((b) => b._id === bundle._id)).toMatchObject({ title: 'Desk Trio' });

    const edited = await send('PUT', `/api/staff/bundles/${bundle._id}`, { ...BUNDLE, price: 39, products: [TP.plain] });
    expect(edited.json().bundle).toMatchObject({ price: 39, products: [TP.plain] });
    expect((await shopperBundles()).find((b) => b._id === bundle._id)?.price).toBe(39);

    expect((await postJson(ctx.app, `/api/staff/bundles/${bundle._id}/cancel`, {}, ctx.staff.token)).json().bundle.cancelled).toBe(true);
    expect((await shopperBundles()).find((b) => b._id === bundle._id)?.cancelled).toBe(true);

    const detail = (await send('GET', `/api/staff/bundles/${bundle._id}`)).json() as StaffBundleDetailResponse;
    expect(detail.audit.map((a) => a.action)).toEqual(['cancel', 'update', 'create']);
    expect(detail.audit[1]!.changes).toEqual({ price: { from: 45.5, to: 39 }, products: { from: [TP.plain, TP.sale], to: [TP.plain] } });
  });

  it('refuses an id that is taken, keeping the first bundle and its one audit row', async () => {
    const id = 'c'.repeat(24);
    expect((await send('POST', '/api/staff/bundles', { ...BUNDLE, _id: id })).statusCode).toBe(201);
    const again = await send('POST', '/api/staff/bundles', { ...BUNDLE, _id: id, title: 'Twin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A bundle with the id ${id} already exists`);
    const detail = (await send('GET', `/api/staff/bundles/${id}`)).json() as StaffBundleDetailResponse;
    expect(detail.bundle.title).toBe('Desk Trio');
    expect(detail.audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses bad fields and unknown products with a message for each', async () => {
    const res = await postJson(ctx.app, '/api/staff/bundles', { ...BUNDLE, title: '', price: -3, endDate: BUNDLE.startDate, images: ['http://x/y.png'] }, ctx.staff.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ title: 'must not be empty', price: 'must be 0 or more', 'images[0]': 'must be a local path starting with "/" (remote URLs are not allowed)' });
    const endBeforeStart = await postJson(ctx.app, '/api/staff/bundles', { ...BUNDLE, endDate: BUNDLE.startDate }, ctx.staff.token);
    expect(endBeforeStart.json().fields).toEqual({ endDate: 'must be after the start date' });
    const unknown = await postJson(ctx.app, '/api/staff/bundles', { ...BUNDLE, products: [TP.plain, 'c'.repeat(24)] }, ctx.staff.token);
    expect(unknown.json()).toMatchObject({ success: false, fields: { 'products[1]': `unknown product id ${'c'.repeat(24)}` } });
    expect((await send('PUT', `/api/staff/bundles/${'d'.repeat(24)}`, BUNDLE)).statusCode).toBe(404);
  });
});
