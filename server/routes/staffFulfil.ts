import type { FastifyPluginAsync } from 'fastify';
import { BULK_MAX, normaliseOrderTag, orderNoteError, orderTagError, TAGS_PER_ORDER_MAX, type BulkMoveResult, type BulkSkipped, type OrderFulfilment, type OrderNote, type PackingSlips } from '../../src/domain/fulfilment';
import { formatOrderNumber } from '../../src/domain/orderNumber';
import { HttpError } from '../lib/errors';
import { CONTROL_MESSAGES, hasControlChars } from '../lib/inputGuards';
import { currentUser } from '../plugins/users';

export interface OrderFulfilmentResponse extends OrderFulfilment {
  success: true;
}
export interface OrderNoteResponse {
  success: true;
  note: OrderNote;
}
export interface OrderTagsResponse {
  success: true;
  tags: string[];
}
export interface PackingSlipsResponse extends PackingSlips {
  success: true;
}
export interface BulkMoveResponse extends BulkMoveResult {
  success: true;
}

const ORDER_ID = /^[0-9a-f]{24}$/;
const MESSAGES = {
  badId: 'This is not an order id (24 hexadecimal characters).',
  notFound: 'Order not found',
  tooManyTags: `An order has at most ${TAGS_PER_ORDER_MAX} tags: remove one first.`,
  noIds: 'Choose at least one order.',
  tooManyIds: `Choose at most ${BULK_MAX} orders at a time.`,
  badIds: (n: number) => `${n === 1 ? 'One of the chosen orders is' : `${n} of the chosen orders are`} not an order id.`,
  bulkTarget: 'Orders can be moved together to Processing only.',
  notPaid: 'Not paid yet: it can be moved once its payment is confirmed.',
  already: 'Already Processing.',
  final: (status: string) => `It is ${status}: it cannot go back to Processing.`,
} as const;

function orderIdOf(params: unknown): string {
  const id = String((params as { id?: unknown })?.id ?? '').trim().toLowerCase();
  if (!ORDER_ID.test(id)) throw new HttpError(400, MESSAGES.badId);
  return id;
}

/** A list of order ids, as a JSON array or comma-separated text: deduplicated, at most BULK_MAX, each checked. */
function orderIds(raw: unknown): string[] {
  const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [])
    .map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : ''))
    .filter((v) => v !== '');
  const ids = [...new Set(list)];
  if (ids.length === 0) throw new HttpError(400, MESSAGES.noIds);
  if (ids.length > BULK_MAX) throw new HttpError(400, MESSAGES.tooManyIds);
  const bad = ids.filter((id) => !ORDER_ID.test(id)).length;
  if (bad) throw new HttpError(400, MESSAGES.badIds(bad));
  return ids;
}

/** A text field of a JSON body, or '' when it is missing or not text (the rules then word the refusal). */
const textField = (body: unknown, field: string): string => {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return typeof v === 'string' ? v : '';
};

/**
 * Fulfilment on the staff API: an order's notes, tags and timeline, packing slips, and the board's
 * bulk move. Notes and tags are staff-only (no shopper route reads their tables); every change is
 * audited; a bulk move moves each order through the order workflow, as a single move does.
 */
const staffFulfilRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: app.requireStaff };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  const existing = async (params: unknown) => {
    const id = orderIdOf(params);
    const order = await app.fulfilment.order(id);
    if (!order) throw new HttpError(404, MESSAGES.notFound);
    return order;
  };

  app.get('/api/staff/orders/:id/fulfilment', staff, async (request): Promise<OrderFulfilmentResponse> => {
    const order = await existing(request.params);
    const [notes, tags, timeline, bundleContents] = await Promise.all([
      app.fulfilment.notes(order.id),
      app.fulfilment.tags(order.id),
      app.fulfilment.timeline(order),
      app.fulfilment.bundleContents(order.items as never),
    ]);
    return { success: true, notes, tags, timeline, bundleContents };
  });

  app.post('/api/staff/orders/:id/notes', staff, async (request): Promise<OrderNoteResponse> => {
    const order = await existing(request.params);
    const body = textField(request.body, 'body');
    const problem = orderNoteError(body);
    if (problem) throw new HttpError(400, problem);
    if (hasControlChars(body, true)) throw new HttpError(400, `A note ${CONTROL_MESSAGES.text} (line breaks and tabs are fine).`);
    const user = currentUser(request);
    return { success: true, note: await app.fulfilment.addNote(order.id, { id: user.id, email: user.email, name: user.name }, body.trim()) };
  });

  app.post('/api/staff/orders/:id/tags', staff, async (request): Promise<OrderTagsResponse> => {
    const order = await existing(request.params);
    const raw = textField(request.body, 'tag');
    const problem = orderTagError(raw);
    if (problem) throw new HttpError(400, problem);
    const tag = normaliseOrderTag(raw);
    const tags = await app.fulfilment.tags(order.id);
    if (!tags.includes(tag) && tags.length >= TAGS_PER_ORDER_MAX) throw new HttpError(409, MESSAGES.tooManyTags);
    await app.fulfilment.addTag(order.id, tag, currentUser(request));
    return { success: true, tags: await app.fulfilment.tags(order.id) };
  });

  app.delete('/api/staff/orders/:id/tags/:tag', staff, async (request): Promise<OrderTagsResponse> => {
    const order = await existing(request.params);
    const tag = normaliseOrderTag(String((request.params as { tag?: unknown }).tag ?? ''));
    await app.fulfilment.removeTag(order.id, tag, currentUser(request));
    return { success: true, tags: await app.fulfilment.tags(order.id) };
  });

  app.get('/api/staff/order-tags', staff, async (request): Promise<OrderTagsResponse> => {
    const prefix = String((request.query as { prefix?: unknown })?.prefix ?? '').slice(0, 30);
    return { success: true, tags: await app.fulfilment.tagSuggestions(prefix) };
  });

  app.get('/api/staff/slips', staff, async (request): Promise<PackingSlipsResponse> => {
    const ids = orderIds((request.query as { ids?: unknown })?.ids);
    return { success: true, shopName: app.config.shopName, ...(await app.fulfilment.slips(ids)) };
  });

  // Each order moves on its own (its transaction, audit row, announcement); one that cannot is listed with why.
  app.post('/api/staff/orders/bulk-status', staff, async (request): Promise<BulkMoveResponse> => {
    if (textField(request.body, 'status') !== 'Processing') throw new HttpError(400, MESSAGES.bulkTarget);
    const ids = orderIds((request.body as { ids?: unknown } | undefined)?.ids);
    const actor = currentUser(request);
    const known = await app.fulfilment.statuses(ids);
    const moved: BulkMoveResult['moved'] = [];
    const skipped: BulkSkipped[] = [];
    for (const id of ids) {
      const found = known.get(id);
      const skip = (reason: string) => skipped.push({ _id: id, orderNumber: found?.orderNumber ?? null, reason });
      if (!found) skip(MESSAGES.notFound);
      else if (found.status === 'Processing') skip(MESSAGES.already);
      else if (found.status === 'Payment Pending') skip(MESSAGES.notPaid);
      else if (found.status !== 'Order Placed') skip(MESSAGES.final(found.status));
      else {
        try {
          const change = await app.orderWorkflow.staffChange({ orderId: id, status: 'Processing' }, actor, request.log);
          moved.push({ _id: id, orderNumber: change.order.orderNumber ?? null });
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          skip(err.message);
        }
      }
    }
    request.log.info({ moved: moved.length, skipped: skipped.length, numbers: moved.map((m) => (m.orderNumber ? formatOrderNumber(m.orderNumber) : m._id)) }, 'bulk move to Processing');
    return { success: true, moved, skipped };
  });
};
export default staffFulfilRoutes;
