import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { toCents, toDollars } from '../../src/domain/money';
import { refundableCents, type OrderRefundView, type RefundPanel } from '../../src/domain/refunds';
import type { Order } from '../../src/domain/types';
import { HttpError } from '../lib/errors';
import { currentUser } from '../plugins/users';
import { itemToWire, orderToWire, type StoredOrderItem } from '../repositories/orders';
import { refundRowToWire } from '../repositories/refunds';
import { ORDER_WORKFLOW_MESSAGES } from '../services/orderWorkflow';

export interface StaffRefundPanelResponse extends RefundPanel {
  success: true;
}
export interface StaffRefundResponse {
  success: true;
  refund: OrderRefundView;
  order: Order;
  /** The request was made before (same key): this is the refund it made, nothing was refunded now. */
  repeated: boolean;
}

/** Statuses of an order whose money can still go back. */
const REFUNDABLE = ['Order Placed', 'Processing', 'Delivered'];

const orderParams = z.object({ id: z.string().max(64).trim().toLowerCase().pipe(z.string().regex(/^[0-9a-f]{24}$/)) });
const refundBody = z.strictObject(
  {
    lines: z
      .array(
        z.strictObject(
          {
            index: z.number({ message: 'Choose items of this order' }).int('Choose items of this order').min(0, 'Choose items of this order').max(999, 'Choose items of this order'),
            quantity: z.number({ message: 'Quantities must be whole numbers of 1 or more' }).int('Quantities must be whole numbers of 1 or more').min(1, 'Quantities must be whole numbers of 1 or more').max(10_000, 'That quantity is more than the order holds'),
          },
          { message: 'Choose items of this order' },
        ),
        { message: 'Choose items of this order' },
      )
      .max(200, 'Refund at most 200 items at once')
      .default([]),
    amount: z
      .number({ message: 'Enter the amount as a number of dollars, such as 12.40' })
      .min(0, 'The amount cannot be negative')
      .max(1_000_000, 'That amount is more than any order took')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Enter the amount in dollars and cents, such as 12.40')
      .default(0),
    reason: z.string({ message: 'The reason must be text' }).trim().max(500, 'Keep the reason under 500 characters').optional(),
    restock: z.boolean({ message: 'Say whether the items go back in stock' }).default(false),
    idempotencyKey: z
      .string({ message: 'The refund request has no key: reload the page and try again' })
      .trim()
      .regex(/^[\w-]{8,100}$/, 'The refund request has no valid key: reload the page and try again'),
  },
  { message: 'Send the items or the amount to refund' },
);

/**
 * The staff refund panel's API: what an order can still give back (GET), and a refund of chosen
 * lines and/or an amount (POST), made by the order workflow (services/orderWorkflow.ts refundPart).
 */
const staffRefundRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const staff = { preHandler: app.requireStaff };
  const idOf = (params: unknown) => {
    const p = orderParams.safeParse(params);
    if (!p.success) throw new HttpError(404, ORDER_WORKFLOW_MESSAGES.orderNotFound);
    return p.data.id;
  };

  app.get('/api/staff/orders/:id/refunds', staff, async (request): Promise<StaffRefundPanelResponse> => {
    const id = idOf(request.params);
    const order = await app.orders.findById(id);
    if (!order) throw new HttpError(404, ORDER_WORKFLOW_MESSAGES.orderNotFound);
    const [refunds, soFar] = await Promise.all([app.refunds.forOrder(id), app.refunds.soFar(id)]);
    const items = order.items as unknown as StoredOrderItem[];
    const paid = order.paidAt ? order.amountCents : 0;
    return {
      success: true,
      orderId: id,
      status: order.status,
      paid: toDollars(paid),
      refunded: toDollars(soFar.cents),
      refundable: REFUNDABLE.includes(order.status) ? toDollars(refundableCents(paid, soFar)) : 0,
      shipping: toDollars(order.shippingCents),
      discount: toDollars(order.discountCents),
      lines: items.map((item, index) => {
        const wire = itemToWire(item);
        return { index, name: wire.name, image: item.image, color: wire.color, quantity: item.quantity, refundedQuantity: soFar.units[index] ?? 0, total: toDollars(item.lineTotalCents) };
      }),
      refunds,
    };
  });

  app.post('/api/staff/orders/:id/refunds', staff, async (request): Promise<StaffRefundResponse> => {
    const id = idOf(request.params);
    const parsed = refundBody.safeParse(request.body ?? {});
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Send the items or the amount to refund');
    const body = parsed.data;
    const done = await app.orderWorkflow.refundPart(
      { orderId: id, lines: body.lines, amountCents: toCents(body.amount), reason: body.reason || null, restock: body.restock, key: body.idempotencyKey },
      currentUser(request),
      request.log,
    );
    return { success: true, refund: refundRowToWire(done.refund), order: orderToWire(done.order), repeated: done.repeated };
  });
};
export default staffRefundRoutes;
