import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { discountRecordSchema } from '../db/catalogImport';
import { HttpError } from '../lib/errors';
import { parseFields } from '../lib/fieldErrors';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import type { AuditEntry } from '../../src/domain/audit';
import type { StaffDiscount } from '../../src/domain/staffCatalog';
import { DuplicateError } from '../repositories/staffCatalog';

export interface StaffDiscountsResponse {
  success: true;
  discounts: StaffDiscount[];
}
export interface StaffDiscountResponse {
  success: true;
  discount: StaffDiscount;
}
export interface StaffDiscountDetailResponse extends StaffDiscountResponse {
  audit: AuditEntry[];
}

export const DISCOUNT_MESSAGES = { notFound: 'Discount code not found' } as const;

const codeParams = z.object({
  code: z
    .string()
    .max(64, { message: 'must be 3–32 letters, digits or dashes', abort: true })
    .trim()
    .regex(/^[A-Z0-9-]{3,32}$/i, 'must be 3–32 letters, digits or dashes')
    .transform((c) => c.toUpperCase()),
});
/** An edit sends the same fields as a new code, without the code (it is the address). */
const editBody = discountRecordSchema.omit({ code: true });
const activeBody = z.strictObject({ active: z.boolean({ message: 'must be true or false' }) });
const toDate = (d: string | number | null | undefined) => (d == null ? null : new Date(d));

/** Discount codes for staff: code, percentage, optional expiry, enable/disable, times used. */
const staffDiscountRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: app.requireStaff };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/staff/discounts', staff, async (): Promise<StaffDiscountsResponse> => ({ success: true, discounts: await app.staffCatalog.listDiscounts() }));

  app.get('/api/staff/discounts/:code', staff, async (request): Promise<StaffDiscountDetailResponse> => {
    const { code } = parseOr400(codeParams, request.params, 'discount code');
    const discount = await app.staffCatalog.findDiscount(code);
    if (!discount) throw new HttpError(404, DISCOUNT_MESSAGES.notFound);
    return { success: true, discount, audit: await app.audit.list('discount', code) };
  });

  app.post('/api/staff/discounts', staff, async (request, reply): Promise<StaffDiscountResponse> => {
    const d = parseFields(discountRecordSchema, request.body ?? {}, 'discount code');
    try {
      const discount = await app.staffCatalog.createDiscount({ code: d.code, percentage: d.percentage, active: d.active, expiresAt: toDate(d.expiresAt) }, currentUser(request));
      reply.code(201);
      return { success: true, discount };
    } catch (err) {
      if (err instanceof DuplicateError) throw new HttpError(409, err.message);
      throw err;
    }
  });

  app.put('/api/staff/discounts/:code', staff, async (request): Promise<StaffDiscountResponse> => {
    const { code } = parseOr400(codeParams, request.params, 'discount code');
    const d = parseFields(editBody, request.body ?? {}, 'discount code');
    const discount = await app.staffCatalog.updateDiscount(code, { percentage: d.percentage, active: d.active, expiresAt: toDate(d.expiresAt) }, currentUser(request));
    if (!discount) throw new HttpError(404, DISCOUNT_MESSAGES.notFound);
    return { success: true, discount };
  });

  /** Enables or disables a code (a disabled code is refused at checkout at once). */
  app.post('/api/staff/discounts/:code/active', staff, async (request): Promise<StaffDiscountResponse> => {
    const { code } = parseOr400(codeParams, request.params, 'discount code');
    const { active } = parseFields(activeBody, request.body ?? {}, 'request');
    const discount = await app.staffCatalog.updateDiscount(code, { active }, currentUser(request), active ? 'enable' : 'disable');
    if (!discount) throw new HttpError(404, DISCOUNT_MESSAGES.notFound);
    return { success: true, discount };
  });
};
export default staffDiscountRoutes;
