import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../src/domain/orderStatus';
import type { OrderStatus } from '../../src/domain/types';
import { AWAITING_PAYMENT, formatOrderNumber } from '../../src/domain/orderNumber';
import { csvMoney, csvRow } from '../lib/csv';
import { HttpError } from '../lib/errors';
import type { StoredOrderItem } from '../repositories/orders';
import { parseOr400 } from '../lib/validate';
import type { AuditEntry } from '../../src/domain/audit';
import { AT_RISK_VIEW, BOARD_VIEWS, type OrderBoardPage, type StaffOrderDetail } from '../../src/domain/staffOrders';
import { addDays, isCivilDate, startOfLocalDay } from '../../src/domain/shipBy';

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
/** The order export's columns. */
export const ORDER_CSV_COLUMNS = ['number', 'placed', 'paid', 'status', 'e-mail', 'items', 'subtotal', 'shipping', 'discount', 'refunded', 'total'];

/**
 * A day (YYYY-MM-DD, in the shop's time zone, as the dashboard counts days) or an ISO 8601
 * date-time; `endOfDay` makes a bare day include its whole day. A day is turned into instants by
 * `inShopDays` once the shop's zone is at hand.
 */
const when = (endOfDay: boolean) =>
  z
    .string()
    .max(40, { message: 'must be a date (2025-01-31) or an ISO 8601 date-time', abort: true })
    .trim()
    .transform((v, ctx) => {
      const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
      const ok = day || z.iso.datetime({ offset: true }).safeParse(v).success;
      const d = new Date(day ? `${v}T00:00:00Z` : v);
      if (!ok || Number.isNaN(d.getTime()) || (day && !isCivilDate(v))) {
        ctx.addIssue({ code: 'custom', message: 'must be a date (2025-01-31) or an ISO 8601 date-time' });
        return z.NEVER;
      }
      return day ? { day: endOfDay ? addDays(v, 1) : v } : d;
    });

/** The board's filters with its days as instants: a day starts at the shop's midnight. */
function inShopDays<T extends { from?: Date | { day: string }; to?: Date | { day: string } }>(f: T, timeZone: string): Omit<T, 'from' | 'to'> & { from?: Date; to?: Date } {
  const at = (w: Date | { day: string } | undefined) => (w === undefined || w instanceof Date ? w : new Date(startOfLocalDay(w.day, timeZone)));
  return { ...f, from: at(f.from), to: at(f.to) };
}

const boardQuery = z
  .object({
    q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    status: z
      .string()
      .max(40, { message: `must be one of ${ORDER_STATUSES.join(', ')} (or All)`, abort: true })
      .trim()
      .transform((v, ctx) => {
        if (v === '' || v.toLowerCase() === 'all') return undefined;
        const found = ORDER_STATUSES.find((s) => s.toLowerCase() === v.toLowerCase());
        if (!found) ctx.addIssue({ code: 'custom', message: `must be one of ${ORDER_STATUSES.join(', ')} (or All)` });
        return found as OrderStatus;
      })
      .optional(),
    ids: z
      .string()
      .max(2600, { message: 'must be at most 100 order ids', abort: true })
      .transform((v, ctx) => {
        const ids = [...new Set(v.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean))];
        if (ids.length === 0 || ids.length > 100 || ids.some((id) => !/^[0-9a-f]{24}$/.test(id))) {
          ctx.addIssue({ code: 'custom', message: 'must be 1 to 100 order ids, separated by commas' });
          return z.NEVER;
        }
        return ids;
      })
      .optional(),
    view: z.enum([...BOARD_VIEWS, AT_RISK_VIEW], { message: `must be one of ${[...BOARD_VIEWS, AT_RISK_VIEW].join(', ')}` }).default('orders'),
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
  // Days compare as days (both in the shop's zone); a date-time beside a day, near enough.
  .refine((f) => !f.from || !f.to || roughMs(f.from) < roughMs(f.to), { message: 'The end date must be after the start date' });

function roughMs(w: Date | { day: string }): number {
  return w instanceof Date ? w.getTime() : Date.parse(`${w.day}T00:00:00Z`);
}

const idParams = z.object({ id: z.string().max(64, 'must be 24 hexadecimal characters').trim().toLowerCase().pipe(z.string().regex(/^[0-9a-f]{24}$/, 'must be an order id (24 hexadecimal characters)')) });

/** The staff order board and order page. Status moves: POST /api/staff/order-status (staff.ts). */
const staffOrderRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: app.requireStaff };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  /**
   * The board's filters from a request: days in the shop's zone; the "At risk" view is the orders
   * the print queue plans past their promised date (by id; none at risk lists none).
   */
  const boardFilter = async (query: unknown, what: string) => {
    const { view, ...f } = inShopDays(parseOr400(boardQuery, query ?? {}, what), app.config.shopTimeZone);
    if (view !== AT_RISK_VIEW) return { ...f, view };
    return { ...f, view: 'orders' as const, ids: await app.printQueue.atRiskOrderIds() };
  };

  app.get('/api/staff/orders/search', staff, async (request): Promise<StaffOrderBoardResponse> => {
    return { success: true, ...(await app.staffOrders.board(await boardFilter(request.query, 'order search'))) };
  });

  // The board as a spreadsheet: the current filters, every page, streamed row by row.
  app.get('/api/staff/orders/export.csv', staff, async (request, reply) => {
    const rows = app.staffOrders.exportRows(await boardFilter(request.query, 'order export'));
    async function* lines() {
      yield csvRow(ORDER_CSV_COLUMNS);
      for await (const o of rows) {
        const address = o.address as { email?: string };
        const items = (o.items as unknown as StoredOrderItem[]).map((i) => `${i.quantity} × ${i.name}`).join('; ');
        yield csvRow([
          o.orderNumber ? formatOrderNumber(o.orderNumber) : AWAITING_PAYMENT,
          o.createdAt.toISOString(),
          o.paidAt?.toISOString() ?? '',
          o.status,
          address.email ?? '',
          items,
          csvMoney(o.subtotalCents),
          csvMoney(o.shippingCents),
          csvMoney(o.discountCents),
          csvMoney(o.refundedCents),
          csvMoney(o.amountCents),
        ]);
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="orders-${day}.csv"`)
      .send(Readable.from(lines()));
  });

  app.get('/api/staff/orders/:id', staff, async (request): Promise<StaffOrderDetailResponse> => {
    const { id } = parseOr400(idParams, request.params, 'order');
    const order = await app.staffOrders.detail(id);
    if (!order) throw new HttpError(404, 'Order not found');
    return { success: true, order, audit: await app.audit.list('order', id) };
  });
};
export default staffOrderRoutes;
