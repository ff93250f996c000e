import { describe, expect, it } from 'vitest';
import type { StaffDiscountDetailResponse } from '../../../server/routes/staffDiscounts';
import type { StaffDiscount } from '../../../src/domain/staffCatalog';
import { useStaffApp } from './staff-helpers';
import { makeShopper, openSession, payForm, postJson, TP } from '../checkout-helpers';

const ctx = useStaffApp({ config: { publicUrl: 'http://shop.test' }, catalog: true });
const { send } = ctx;

const validate = async (code: string) => (await postJson(ctx.app, '/api/discounts/validate', { code })).json() as { success: boolean };

describe('staff discount codes', () => {
  it('are for staff only', async () => {
    const shopper = await makeShopper(ctx.app, 'Mallory');
    for (const [method, url] of [
      ['GET', '/api/staff/discounts'],
      ['GET', '/api/staff/discounts/SAVE10'],
      ['POST', '/api/staff/discounts'],
      ['PUT', '/api/staff/discounts/SAVE10'],
      ['POST', '/api/staff/discounts/SAVE10/active'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await send(method, url, method === 'GET' ? undefined : { code: 'X', percentage: 1 }, shopper.token)).statusCode, url).toBe(403);
    }
  });

  it('are created, edited, disabled and enabled (taking effect at checkout at once), count their uses, and are audited', async () => {
    const created = await postJson(ctx.app, '/api/staff/discounts', { code: ' spring-10 ', percentage: 10 }, ctx.staff.token);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().discount).toMatchObject({ code: 'SPRING-10', percentage: 10, active: true, expiresAt: null, timesUsed: 0 });
    expect((await postJson(ctx.app, '/api/staff/discounts', { code: 'SPRING-10', percentage: 5 }, ctx.staff.token)).statusCode).toBe(409);
    expect((await validate('spring-10')).success).toBe(true);

    const shopper = await makeShopper(ctx.app, 'Saver');
    const s = await openSession(ctx.app, shopper.token, [{ productId: TP.plain, color: '|', quantity: 3 }], 63, { discountCode: 'SPRING-10' });
    await payForm(ctx.app, s.sessionId);
    const list = (await send('GET', '/api/staff/discounts')).json().discounts as StaffDiscount[];
    expect(list.find((d) => d.code === 'SPRING-10')?.timesUsed).toBe(1);

    const expiry = new Date(Date.now() + 86_400_000).toISOString();
    const edited = await send('PUT', '/api/staff/discounts/spring-10', { percentage: 15, expiresAt: expiry });
    expect(edited.json().discount).toMatchObject({ percentage: 15, expiresAt: expiry, timesUsed: 1 });

    expect((await postJson(ctx.app, '/api/staff/discounts/SPRING-10/active', { active: false }, ctx.staff.token)).json().discount.active).toBe(false);
    expect((await validate('SPRING-10')).success).toBe(false);
    expect((await postJson(ctx.app, '/api/staff/discounts/SPRING-10/active', { active: true }, ctx.staff.token)).json().discount.active).toBe(true);
    expect((await validate('SPRING-10')).success).toBe(true);

    const detail = (await send('GET', '/api/staff/discounts/SPRING-10')).json() as StaffDiscountDetailResponse;
    expect(detail.audit.map((a) => [a.action, a.actor.email])).toEqual([
      ['enable', ctx.staff.email],
      ['disable', ctx.staff.email],
      ['update', ctx.staff.email],
      ['create', ctx.staff.email],
    ]);
    expect(detail.audit[2]!.changes).toEqual({ percentage: { from: 10, to: 15 }, expiresAt: { from: null, to: expiry } });
    const viaAudit = await send('GET', '/api/staff/audit?entity=discount&id=spring-10');
    expect(viaAudit.json().entries).toHaveLength(4);
  });

  it('refuses bad fields with a message for each', async () => {
    const res = await postJson(ctx.app, '/api/staff/discounts', { code: 'a!', percentage: 0, expiresAt: 'soon' }, ctx.staff.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ code: 'must be 3–32 letters, digits or dashes', percentage: 'must be 1–100' });
    expect(res.json().fields.expiresAt).toContain('must be an ISO 8601 date-time');
    expect((await send('PUT', '/api/staff/discounts/NOPE-NOPE', { percentage: 5 })).statusCode).toBe(404);
    expect((await postJson(ctx.app, '/api/staff/discounts/NOPE-NOPE/active', { active: 'no' }, ctx.staff.token)).json().fields).toEqual({ active: 'must be true or false' });
    expect((await send('GET', '/api/staff/audit?entity=planet&id=x')).json().message).toContain('Entity must be one of product, bundle');
  });
});

describe('staff settings', () => {
  it('change hidden categories, hidden tags and the support button, for shoppers at once, audited', async () => {
    const res = await postJson(ctx.app, '/api/staff/settings', { hiddenCategories: ['marvel', 'Wall_Art', 'MARVEL'], hiddenProductTags: ['Out of Stock', 'vaulted'] }, ctx.staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({ hiddenCategories: ['MARVEL', 'Wall_Art'], hiddenProductTags: ['Out of Stock', 'vaulted'], showSupportInOrders: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).json().settings).toMatchObject({ hiddenCategories: ['MARVEL', 'Wall_Art'], hiddenProductTags: ['Out of Stock', 'vaulted'] });

    const bad = await postJson(ctx.app, '/api/staff/settings', { hiddenCategories: ['Planets'], hiddenProductTags: ['shiny'], showSupportInOrders: 'yes' }, ctx.staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'hiddenCategories[0]': expect.stringContaining('must be a category of the taxonomy'),
      'hiddenProductTags[0]': expect.stringContaining('must be one of outofstock'),
      showSupportInOrders: 'must be true or false',
    });
    expect((await postJson(ctx.app, '/api/staff/settings', {}, ctx.staff.token)).json().message).toContain('Choose a setting to change: the support button in My Orders, hidden categories or hidden product tags');

    const audit = (await send('GET', '/api/staff/audit?entity=settings&id=shop')).json().entries;
    expect(audit[0]).toMatchObject({ action: 'update', actor: { email: ctx.staff.email }, changes: { hiddenCategories: { from: [], to: ['MARVEL', 'Wall_Art'] } } });
    await postJson(ctx.app, '/api/staff/settings', { hiddenCategories: [], hiddenProductTags: [] }, ctx.staff.token);
  });
});
