import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TRANSITIONS, canTransition } from '../../src/domain/orderStatus';
import type { Conversation, Message, Order, OrderStatus, Settings } from '../../src/domain/types';
import type { DbOrTx } from '../db/client';
import { HttpError } from '../lib/errors';
import { CONTROL_MESSAGES, hasControlChars } from '../lib/inputGuards';
import { orderUpdateEmail, orderUpdateKind } from '../lib/orderUpdateEmail';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import { conversationToWire, MESSAGE_MAX_LENGTH, messageToWire, type ConversationRow, type StaffConversation } from '../repositories/conversations';
import { orderToWire, type AfterChange, type OrderRow } from '../repositories/orders';
import { publicOrigin } from '../lib/publicOrigin';
import { toDollars } from '../../src/domain/money';
import { AuditRepository, changedFields } from '../repositories/audit';
import { StaffOrdersRepository, type StaffOrderSummary } from '../repositories/staffOrders';
import { StaffCatalogRepository } from '../repositories/staffCatalog';
import { parseFields } from '../lib/fieldErrors';
import { FIGURE_GENDERS, MAIN_CATEGORIES, TAXONOMY } from '../../src/domain/taxonomy';
import { normaliseTag } from '../../src/features/catalog/rules';

/** Answers of the staff API (the staff CLI, scripts/staff.ts, reads them). */
export interface StaffConversationsResponse {
  success: true;
  conversations: StaffConversation[];
}
export interface StaffThreadResponse {
  success: true;
  customer: { _id: string; name: string; email: string };
  conversation: Conversation;
  messages: Message[];
  /** That shopper's orders, newest first (shown beside the thread). */
  orders: StaffOrderSummary[];
}
export interface StaffMarkReadResponse {
  success: true;
  conversationId: string;
  /** How many shopper messages were newly marked read. */
  marked: number;
}
export interface StaffReplyResponse {
  success: true;
  conversationId: string;
  message: Message;
}
export interface StaffOrder extends Order {
  customer: { _id: string; name: string; email: string } | null;
}
export interface StaffOrdersResponse {
  success: true;
  orders: StaffOrder[];
}
export interface StaffOrderStatusResponse {
  success: true;
  order: Order;
  /** Whether an e-mail to the shopper was queued (tracking number set, or Delivered); the outbox delivers it. */
  emailed: boolean;
  /** The refund made through the payment provider (Refunded, or a paid order Cancelled). */
  refund?: { _id: string; provider: string; amount: number; status: string };
}
export interface StaffSettingsResponse {
  success: true;
  settings: Settings;
}

export const STAFF_MESSAGES = {
  noCustomer: (email: string) => `No customer account with the e-mail ${email}`,
  orderNotFound: 'Order not found',
  conversationNotFound: 'Conversation not found',
  nothingToDo: 'Give a new status, a tracking number, or both',
  alreadyInStatus: (status: string) => `The order is already ${status}`,
  notAllowed: (id: string, from: OrderStatus, to: OrderStatus) => {
    const allowed = ORDER_TRANSITIONS[from];
    return `Cannot move order ${id} from ${from} to ${to}. ${allowed.length ? `From ${from} it can go to: ${allowed.join(', ')}.` : `${from} is final.`}`;
  },
  movedMeanwhile: 'The order changed meanwhile; read it again and retry',
  trackingOnUnpaid: (status: string) => `A tracking number can only be set on a paid order (this one is ${status})`,
  noPayment: (id: string) => `Order ${id} has no recorded payment to refund`,
  otherProvider: (provider: string) => `This order was paid through the ${provider} provider, which this server is not configured for: refund it there`,
  refundFailed: (reason: string) => `The payment provider did not refund the order, so it was not changed: ${reason}`,
  paidByProviderOnly: 'An order becomes Order Placed only when its payment is confirmed by the payment provider; staff cannot mark it paid.',
} as const;

const email = z.string({ message: 'is required' }).max(254, 'must be at most 254 characters').trim().toLowerCase().pipe(z.email({ message: 'must be an e-mail address' }));
const text = z
  .string({ message: 'is required' })
  .trim()
  .pipe(z.string().min(1, 'Message cannot be empty').max(MESSAGE_MAX_LENGTH, { message: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`, abort: true }))
  .refine((body) => !hasControlChars(body, true), CONTROL_MESSAGES.message);
const orderId = z
  .string({ message: 'is required' })
  .max(64, 'must be an order id (24 hexadecimal characters)')
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(/^[0-9a-f]{24}$/, 'must be an order id (24 hexadecimal characters)'));
const status = z
  .string()
  .max(40, `must be one of ${ORDER_STATUSES.join(', ')}`)
  .trim()
  .transform((v, ctx) => {
    const found = ORDER_STATUSES.find((s) => s.toLowerCase() === v.toLowerCase());
    if (!found) ctx.addIssue({ code: 'custom', message: `must be one of ${ORDER_STATUSES.join(', ')}` });
    return found as OrderStatus;
  });
const trackingNumber = z
  .string()
  .max(200, 'must be at most 64 characters')
  .trim()
  .pipe(z.string().min(1, 'must not be empty').max(64, { message: 'must be at most 64 characters', abort: true }).regex(/^[A-Z0-9][\w .-]*$/i, 'may hold letters, digits, spaces, dots, dashes and underscores'));

const replyBody = z.object({ email, text });
const threadQuery = z.object({ email });
const conversationsQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  limit: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(500, 'must be at most 500').default(200),
});
const conversationParams = z.object({ id: z.string().max(64, 'must be a conversation id (24 hexadecimal characters)').trim().toLowerCase().pipe(z.string().regex(/^[0-9a-f]{24}$/, 'must be a conversation id (24 hexadecimal characters)')) });
const ordersQuery = z.object({ email: email.optional(), limit: z.coerce.number().int().min(1).max(500).default(50) });
const statusBody = z.object({ orderId, status: status.optional(), trackingNumber: trackingNumber.optional() });
/** Every category of the taxonomy at any level (main, sub, figure gender), as the store compares them. */
const CATEGORY_NAMES = [...new Set([...MAIN_CATEGORIES, ...Object.values(TAXONOMY).flat(), ...FIGURE_GENDERS])] as string[];
/** The tags `hiddenProductTags` can hide (src/features/catalog/rules.ts productTags), normalised. */
const PRODUCT_TAGS = ['outofstock', 'comingsoon', 'preorder', 'new', 'isnewproduct', 'limitededition', 'limited', 'vaulted', 'bestseller', 'bestsellers', 'sale', 'onsale'];
const settingsBody = z
  .strictObject({
    showSupportInOrders: z.boolean({ message: 'must be true or false' }).optional(),
    hiddenCategories: z
      .array(
        z.string({ message: 'must be a string' }).max(40, { message: 'must be a category of the taxonomy', abort: true }).transform((v, ctx) => {
          const found = CATEGORY_NAMES.find((c) => c.toLowerCase() === v.trim().toLowerCase());
          if (!found) ctx.addIssue({ code: 'custom', message: `must be a category of the taxonomy (e.g. ${CATEGORY_NAMES.slice(0, 4).join(', ')})` });
          return found!;
        }),
        { message: 'must be a list of categories' },
      )
      .max(64, 'at most 64 categories')
      .transform((list) => [...new Set(list)])
      .optional(),
    hiddenProductTags: z
      .array(
        z.string({ message: 'must be a string' }).max(40, { message: `must be one of ${PRODUCT_TAGS.join(', ')}`, abort: true }).refine((v) => PRODUCT_TAGS.includes(normaliseTag(v)), `must be one of ${PRODUCT_TAGS.join(', ')}`),
        { message: 'must be a list of tags' },
      )
      .max(32, 'at most 32 tags')
      .transform((list) => [...new Set(list.map((t) => t.trim()))])
      .optional(),
  })
  .refine((b) => b.showSupportInOrders !== undefined || b.hiddenCategories !== undefined || b.hiddenProductTags !== undefined, {
    message: 'give showSupportInOrders, hiddenCategories or hiddenProductTags',
  });

const PAID: readonly OrderStatus[] = ['Order Placed', 'Processing', 'Delivered'];

/** The order's payment given back through the provider that took it, or the refund already made. */
async function refundOrder(app: FastifyInstance, staffOrders: StaffOrdersRepository, orderId: string, log: FastifyBaseLogger) {
  const existing = await staffOrders.refundOf(orderId);
  if (existing) return { id: existing.id, provider: existing.provider, amountCents: existing.amountCents, status: existing.status };
  const session = await staffOrders.paidSession(orderId);
  if (!session) throw new HttpError(409, STAFF_MESSAGES.noPayment(orderId));
  const provider = app.checkout.provider;
  if (session.provider !== provider.kind) throw new HttpError(409, STAFF_MESSAGES.otherProvider(session.provider));
  try {
    const r = await provider.refund({ orderId, sessionId: session.id, amountCents: session.amountCents });
    log.info({ orderId, refundId: r.id, amountCents: r.amountCents }, 'order refunded');
    return { id: r.id, provider: provider.kind, amountCents: r.amountCents, status: r.status };
  } catch (err) {
    log.error({ err, orderId }, 'refund failed');
    throw new HttpError(502, STAFF_MESSAGES.refundFailed((err as Error).message));
  }
}

async function customerByEmail(app: FastifyInstance, address: string) {
  const user = await app.users.findByEmail(address);
  if (!user || user.role !== 'shopper') throw new HttpError(404, STAFF_MESSAGES.noCustomer(address));
  return user;
}

/**
 * The staff API (issue 7): what the staff CLI (`npm run staff`) calls. Every route requires a
 * staff session (403 for shoppers). Order moves go through `app.orders.setStatus`, which follows
 * only the arrows of src/domain/orderStatus.ts; the check here only words the refusal.
 */
const staffRoutes: FastifyPluginAsync = async (app) => {
  const staffOrders = new StaffOrdersRepository(app.db);
  const staffCatalog = new StaffCatalogRepository(app.db);
  const audit = new AuditRepository(app.db);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const staff = { preHandler: app.requireStaff };

  /** Conversations, most recent activity first; `q` searches the shopper's name and e-mail. */
  app.get('/api/staff/conversations', staff, async (request): Promise<StaffConversationsResponse> => {
    const q = parseOr400(conversationsQuery, request.query ?? {}, 'query');
    return { success: true, conversations: await app.conversations.listForStaff(q.limit, q.q) };
  });

  const thread = async (customer: { id: string; name: string; email: string }, conversation: ConversationRow): Promise<StaffThreadResponse> => {
    const [messages, orders] = await Promise.all([app.conversations.messages(conversation.id), staffOrders.forCustomer(customer.id)]);
    await app.conversations.markRead(conversation.id, false);
    return {
      success: true,
      customer: { _id: customer.id, name: customer.name, email: customer.email },
      conversation: conversationToWire(conversation, customer),
      messages: messages.map(messageToWire),
      orders,
    };
  };

  /** One customer's thread; reading it marks the customer's messages read by staff. */
  app.get('/api/staff/conversations/thread', staff, async (request): Promise<StaffThreadResponse> => {
    const q = parseOr400(threadQuery, request.query ?? {}, 'query');
    const customer = await customerByEmail(app, q.email);
    return thread(customer, await app.conversations.getOrCreateForUser(customer.id));
  });

  /** The same, by conversation id (the console's links). */
  app.get('/api/staff/conversations/:id', staff, async (request): Promise<StaffThreadResponse> => {
    const { id } = parseOr400(conversationParams, request.params, 'conversation');
    const conversation = await app.conversations.findById(id);
    const customer = conversation ? await app.users.findById(conversation.userId) : null;
    if (!conversation || !customer) throw new HttpError(404, STAFF_MESSAGES.conversationNotFound);
    return thread(customer, conversation);
  });

  /** Marks the shopper's messages of a conversation read by staff (without reading the thread). */
  app.post('/api/staff/conversations/:id/read', staff, async (request): Promise<StaffMarkReadResponse> => {
    const { id } = parseOr400(conversationParams, request.params, 'conversation');
    if (!(await app.conversations.findById(id))) throw new HttpError(404, STAFF_MESSAGES.conversationNotFound);
    return { success: true, conversationId: id, marked: await app.conversations.markRead(id, false) };
  });

  /**
   * Two queries on the usual path (issue 9: this is the chat benchmark's hot path): the customer
   * with their thread's id, then the message saved together with "staff read the thread".
   */
  app.post('/api/staff/reply', staff, async (request): Promise<StaffReplyResponse> => {
    const body = parseOr400(replyBody, request.body ?? {}, 'reply');
    const found = await app.conversations.accountThread(body.email);
    if (!found || found.user.role !== 'shopper') throw new HttpError(404, STAFF_MESSAGES.noCustomer(body.email));
    const conversationId = found.conversationId ?? (await app.conversations.getOrCreateForUser(found.user.id)).id;
    const row = await app.conversations.addMessage({ conversationId, senderId: currentUser(request).id, body: body.text, isAdmin: true });
    const message = messageToWire(row);
    app.realtime.messageSaved(message);
    return { success: true, conversationId, message };
  });

  app.get('/api/staff/orders', staff, async (request): Promise<StaffOrdersResponse> => {
    const q = parseOr400(ordersQuery, request.query ?? {}, 'query');
    let rows: OrderRow[];
    if (q.email) {
      const customer = await customerByEmail(app, q.email);
      rows = (await app.orders.listForUser(customer.id)).reverse().slice(0, q.limit);
    } else {
      rows = await app.orders.listRecent(q.limit);
    }
    const owners = new Map<string, { _id: string; name: string; email: string } | null>();
    for (const id of new Set(rows.map((r) => r.userId))) {
      const u = await app.users.findById(id);
      owners.set(id, u ? { _id: u.id, name: u.name, email: u.email } : null);
    }
    return { success: true, orders: rows.map((r) => ({ ...orderToWire(r), customer: owners.get(r.userId) ?? null })) };
  });

  app.post('/api/staff/order-status', staff, async (request): Promise<StaffOrderStatusResponse> => {
    const body = parseOr400(statusBody, request.body ?? {}, 'order update');
    const order = await app.orders.findById(body.orderId);
    if (!order) throw new HttpError(404, STAFF_MESSAGES.orderNotFound);
    const to = body.status;
    const moves = to !== undefined && to !== order.status;
    if (!moves && body.trackingNumber === undefined) {
      throw new HttpError(409, to ? STAFF_MESSAGES.alreadyInStatus(to) : STAFF_MESSAGES.nothingToDo);
    }
    if (moves && to === 'Order Placed') throw new HttpError(409, STAFF_MESSAGES.paidByProviderOnly);
    if (moves && !canTransition(order.status, to)) throw new HttpError(409, STAFF_MESSAGES.notAllowed(order.id, order.status, to));
    const finalStatus = moves ? to : order.status;
    if (body.trackingNumber !== undefined && !PAID.includes(finalStatus)) throw new HttpError(409, STAFF_MESSAGES.trackingOnUnpaid(finalStatus));

    const trackingAdded = body.trackingNumber !== undefined && body.trackingNumber !== order.trackingNumber;
    const delivered = moves && to === 'Delivered';
    const emailed = trackingAdded || delivered;
    // The e-mail is queued in the transaction of the change, then delivered from the outbox.
    const queueEmail: AfterChange | undefined = emailed
      ? (tx, row) =>
          app.emailOutbox.enqueue(tx, row, orderUpdateKind({ delivered }, row.trackingNumber), (accountEmail) =>
            orderUpdateEmail(row, { trackingAdded, delivered }, { name: app.config.shopName, url: publicOrigin(app) }, accountEmail),
          )
      : undefined;
    const me = currentUser(request);
    const audited = async (tx: DbOrTx, row: OrderRow, action: string) => {
      const changes = changedFields({ status: order.status, trackingNumber: order.trackingNumber }, { status: row.status, trackingNumber: row.trackingNumber });
      await audit.record(tx, { entity: 'order', entityId: row.id, action, actor: me, changes });
    };
    let updated: OrderRow | null;
    let refund: Awaited<ReturnType<typeof refundOrder>> | null = null;
    if (moves && to === 'Cancelled' && order.status === 'Payment Pending') {
      // Its payment session is expired at the provider first: nobody can pay a cancelled order.
      updated = await app.checkout.cancelPending(order.id);
      if (updated) await audited(app.db, updated, 'status');
    } else {
      // A paid order's money goes back first (the provider call is idempotent per order); only then
      // does the order move, so an order is never Refunded or Cancelled without its refund.
      refund = moves && (to === 'Refunded' || (to === 'Cancelled' && order.paidAt)) ? await refundOrder(app, staffOrders, order.id, request.log) : null;
      updated = await staffOrders.asActor(me.id, async (tx) => {
        if (refund) await staffOrders.recordRefund(tx, { ...refund, orderId: order.id, actorId: me.id });
        let row = moves
          ? await app.orders.setStatus(order.id, to, { from: order.status, db: tx, trackingNumber: body.trackingNumber, then: queueEmail })
          : await staffOrders.setTrackingNumber(tx, order.id, body.trackingNumber!);
        if (row && !moves && queueEmail) await queueEmail(tx, row);
        // Moved meanwhile (say, Delivered) after its money went back: it is Refunded whatever it was.
        if (!row && refund) row = await app.orders.setStatus(order.id, 'Refunded', { db: tx, trackingNumber: body.trackingNumber });
        if (row) await audited(tx, row, refund ? 'refund' : moves ? 'status' : 'tracking');
        return row;
      });
      // Inside our transaction the repository does not announce the change: the owner's sockets hear it here.
      if (updated) app.realtime.orderChanged(updated.userId, orderToWire(updated));
    }
    if (!updated) throw new HttpError(409, STAFF_MESSAGES.movedMeanwhile);
    if (emailed) await app.emailOutbox.deliverDue({ orderId: updated.id }).catch((err: unknown) => request.log.warn({ err, orderId: updated.id }, 'order update e-mail deferred to the outbox'));
    request.log.info({ orderId: updated.id, from: order.status, to: updated.status, tracking: updated.trackingNumber }, 'order updated by staff');
    return {
      success: true,
      order: orderToWire(updated),
      emailed,
      ...(refund ? { refund: { _id: refund.id, provider: refund.provider, amount: toDollars(refund.amountCents), status: refund.status } } : {}),
    };
  });

  app.get('/api/staff/settings', staff, async (): Promise<StaffSettingsResponse> => {
    return { success: true, settings: await app.settings.get() };
  });

  /** Changes any of the staff-controlled settings (audited); shoppers read them fresh (nothing caches them). */
  app.post('/api/staff/settings', staff, async (request): Promise<StaffSettingsResponse> => {
    const body = parseFields(settingsBody, request.body ?? {}, 'settings');
    await staffCatalog.updateSettings(await app.settings.get(), body, currentUser(request));
    return { success: true, settings: await app.settings.get() };
  });
};
export default staffRoutes;
