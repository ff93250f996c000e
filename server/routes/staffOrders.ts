import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../src/domain/orderStatus';
import type { OrderStatus } from '../../src/domain/types';
import { HttpError } from '../lib/errors';
import { parseOr400 } from '../lib/validate';
import type { AuditEntry } from '../../src/domain/audit';
import type { OrderBoardPage, StaffOrderDetail } from '../../src/domain/staffOrders';

export interface StaffOrderBoardResponse extends OrderBoardPage {
  success: true;
}
export interface StaffOrderDetailResponse {
  success: true;
  order: StaffOrderDetail;
  /** Staff changes to this order (status, tracking, refund), newest first. */
  audit: AuditEntry[];
}

export const BOARD_MAX_PAGE_SIZE = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A day (YYYY-MM-DD, UTC) or an ISO 8601 date-time; `endOfDay` makes a bare day include its whole day. */
const when = (endOfDay: boolean) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
      const ok = day || z.iso.datetime({ offset: true }).safeParse(v).success;
      const d = new Date(day ? `${v}T00:00:00Z` : v);
      if (!ok || Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'must be a date (2025-01-31) or an ISO 8601 date-time' });
        return z.NEVER;
      }
      return day && endOfDay ? new Date(d.getTime() + DAY_MS) : d;
    });

const boardQuery = z
  .object({
    q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    status: z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (v === '' || v.toLowerCase() === 'all') return undefined;
        const found = ORDER_STATUSES.find((s) => s.toLowerCase() === v.toLowerCase());
        if (!found) ctx.addIssue({ code: 'custom', message: `must be one of ${ORDER_STATUSES.join(', ')} (or All)` });
        return found as OrderStatus;
      })
      .optional(),
    from: when(false).optional(),
    to: when(true).optional(),
    page: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(100_000, 'must be at most 100000').default(1),
    pageSize: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(BOARD_MAX_PAGE_SIZE, `must be at most ${BOARD_MAX_PAGE_SIZE}`)
      .default(25),
  })
  .refine((f) => !f.from || !f.to || f.from.getTime() < f.to.getTime(), { path: ['to'], message: 'must be after from' });

const idParams = z.object({ id: z.string().trim().toLowerCase().pipe(z.string().regex(/^[0-9a-f]{24}$/, 'must be an order id (24 hexadecimal characters)')) });

/** The staff order board and order page (issue 18). Status moves: POST /api/staff/order-status (staff.ts). */
const staffOrderRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: app.requireStaff };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/staff/orders/search', staff, async (request): Promise<StaffOrderBoardResponse> => {
    const f = parseOr400(boardQuery, request.query ?? {}, 'order search');
    return { success: true, ...(await app.staffOrders.board(f)) };
  });

  app.get('/api/staff/orders/:id', staff, async (request): Promise<StaffOrderDetailResponse> => {
    const { id } = parseOr400(idParams, request.params, 'order');
    const order = await app.staffOrders.detail(id);
    if (!order) throw new HttpError(404, 'Order not found');
    return { success: true, order, audit: await app.audit.list('order', id) };
  });
};
export default staffOrderRoutes;
