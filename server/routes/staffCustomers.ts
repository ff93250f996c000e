import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { CUSTOMER_SORTS, defaultDirection, type CustomerDetailResponse, type CustomerListResponse, type CustomerSort } from '../../src/domain/customers';
import { csvMoney, csvRow } from '../lib/csv';
import { HttpError } from '../lib/errors';
import { hasControlChars } from '../lib/inputGuards';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';

const CUSTOMERS_MAX_PAGE_SIZE = 100;
/** The customer export's columns. */
export const CUSTOMER_CSV_COLUMNS = ['name', 'e-mail', 'orders', 'paid', 'refunded', 'spend', 'last order', 'joined', 'state'];
export const CUSTOMER_MESSAGES = {
  notFound: 'Customer not found',
  reasonRequired: 'Please give a reason for disabling the account (the shopper is told to contact the shop).',
  alreadyDisabled: 'This account is disabled already.',
  alreadyEnabled: 'This account is enabled already.',
} as const;

const listQuery = z.object({
  q: z.string().trim().max(100, 'The search can be at most 100 characters long').optional(),
  sort: z.enum(CUSTOMER_SORTS, { message: `Sort by one of: ${CUSTOMER_SORTS.join(', ')}` }).default('name'),
  dir: z.enum(['asc', 'desc'], { message: 'The sort direction must be asc or desc' }).optional(),
  page: z.coerce.number({ message: 'The page must be a number' }).int('The page must be a whole number').min(1, 'The page must be 1 or more').max(100_000, 'The page can be at most 100000').default(1),
  pageSize: z.coerce
    .number({ message: 'The page size must be a number' })
    .int('The page size must be a whole number')
    .min(1, 'The page size must be 1 or more')
    .max(CUSTOMERS_MAX_PAGE_SIZE, `The page size can be at most ${CUSTOMERS_MAX_PAGE_SIZE}`)
    .default(25),
});
const withDirection = <T extends { sort: CustomerSort; dir?: 'asc' | 'desc' }>(f: T) => ({ ...f, dir: f.dir ?? defaultDirection(f.sort) });

const idParams = z.object({ id: z.string().max(64, 'No customer has this id').trim().min(1, 'No customer has this id') });
const disableBody = z.strictObject({
  reason: z
    .string({ message: CUSTOMER_MESSAGES.reasonRequired })
    .trim()
    .min(1, CUSTOMER_MESSAGES.reasonRequired)
    .max(500, { message: 'The reason can be at most 500 characters long', abort: true })
    .refine((r) => !hasControlChars(r, false), 'The reason must not contain control characters or text-direction marks'),
});

/**
 * The staff customer list, a customer's page, disabling and enabling a shopper's account, and the
 * list as a spreadsheet. Disabling ends the account's sessions at once (their sockets too, on
 * every instance) and login is refused with a message that says so.
 */
const staffCustomerRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: app.requireStaff };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/staff/customers', staff, async (request): Promise<CustomerListResponse> => {
    const f = withDirection(parseOr400(listQuery, request.query ?? {}, 'customer search'));
    return { success: true, ...(await app.customers.list(f)) };
  });

  // Every customer the search finds, in the list's order, streamed row by row.
  app.get('/api/staff/customers/export.csv', staff, async (request, reply) => {
    const { q, sort, dir } = withDirection(parseOr400(listQuery, request.query ?? {}, 'customer export'));
    const rows = app.customers.exportRows({ q, sort, dir });
    async function* lines() {
      yield csvRow(CUSTOMER_CSV_COLUMNS);
      for await (const c of rows) {
        yield csvRow([
          c.name,
          c.email,
          c.orderCount,
          csvMoney(c.paidCents),
          csvMoney(c.refundedCents),
          csvMoney(c.spendCents),
          c.lastOrderAt ?? '',
          c.createdAt,
          c.disabled ? 'disabled' : 'active',
        ]);
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="customers-${day}.csv"`)
      .send(Readable.from(lines()));
  });

  app.get('/api/staff/customers/:id', staff, async (request): Promise<CustomerDetailResponse> => {
    const { id } = parseOr400(idParams, request.params, 'customer');
    const customer = await app.customers.detail(id);
    if (!customer) throw new HttpError(404, CUSTOMER_MESSAGES.notFound);
    return { success: true, customer };
  });

  app.post('/api/staff/customers/:id/disable', staff, async (request): Promise<CustomerDetailResponse> => {
    const { id } = parseOr400(idParams, request.params, 'customer');
    const { reason } = parseOr400(disableBody, request.body ?? {}, 'reason');
    const me = currentUser(request);
    const done = await app.customers.disable(id, reason, me);
    if (done === null) throw new HttpError(404, CUSTOMER_MESSAGES.notFound);
    if (!done) throw new HttpError(409, CUSTOMER_MESSAGES.alreadyDisabled);
    // Its sessions end now and their sockets leave on every instance (the one session-ending path).
    await app.endSessions(id);
    request.log.info({ customerId: id, by: me.id }, 'customer account disabled');
    return { success: true, customer: (await app.customers.detail(id))! };
  });

  app.post('/api/staff/customers/:id/enable', staff, async (request): Promise<CustomerDetailResponse> => {
    const { id } = parseOr400(idParams, request.params, 'customer');
    const me = currentUser(request);
    const done = await app.customers.enable(id, me);
    if (done === null) throw new HttpError(404, CUSTOMER_MESSAGES.notFound);
    if (!done) throw new HttpError(409, CUSTOMER_MESSAGES.alreadyEnabled);
    request.log.info({ customerId: id, by: me.id }, 'customer account enabled');
    return { success: true, customer: (await app.customers.detail(id))! };
  });
};
export default staffCustomerRoutes;
