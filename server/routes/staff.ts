import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TRANSITIONS, canTransition } from '../../src/domain/orderStatus';
import type { Conversation, Message, Order, OrderStatus, Settings } from '../../src/domain/types';
import { HttpError } from '../lib/errors';
import { orderUpdateEmail } from '../lib/orderUpdateEmail';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import { conversationToWire, MESSAGE_MAX_LENGTH, messageToWire, type StaffConversation } from '../repositories/conversations';
import { orderToWire, type OrderRow } from '../repositories/orders';

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
  /** Whether the shopper was e-mailed (tracking number set, or Delivered). */
  emailed: boolean;
}
export interface StaffSettingsResponse {
  success: true;
  settings: Settings;
}

export const STAFF_MESSAGES = {
  noCustomer: (email: string) => `No customer account with the e-mail ${email}`,
  orderNotFound: 'Order not found',
  nothingToDo: 'Give a new status, a tracking number, or both',
  alreadyInStatus: (status: string) => `The order is already ${status}`,
  notAllowed: (id: string, from: OrderStatus, to: OrderStatus) => {
    const allowed = ORDER_TRANSITIONS[from];
    return `Cannot move order ${id} from ${from} to ${to}. ${allowed.length ? `From ${from} it can go to: ${allowed.join(', ')}.` : `${from} is final.`}`;
  },
  movedMeanwhile: 'The order changed meanwhile; read it again and retry',
  trackingOnUnpaid: (status: string) => `A tracking number can only be set on a paid order (this one is ${status})`,
} as const;

const email = z.string({ message: 'is required' }).trim().toLowerCase().pipe(z.email({ message: 'must be an e-mail address' }));
const text = z
  .string({ message: 'is required' })
  .trim()
  .pipe(z.string().min(1, 'Message cannot be empty').max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`));
const orderId = z
  .string({ message: 'is required' })
  .trim()
  .toLowerCase()
  .pipe(z.string().regex(/^[0-9a-f]{24}$/, 'must be an order id (24 hexadecimal characters)'));
const status = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const found = ORDER_STATUSES.find((s) => s.toLowerCase() === v.toLowerCase());
    if (!found) ctx.addIssue({ code: 'custom', message: `must be one of ${ORDER_STATUSES.join(', ')}` });
    return found as OrderStatus;
  });
const trackingNumber = z
  .string()
  .trim()
  .pipe(z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters').regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'may hold letters, digits, spaces, dots, dashes and underscores'));

const replyBody = z.object({ email, text });
const threadQuery = z.object({ email });
const ordersQuery = z.object({ email: email.optional(), limit: z.coerce.number().int().min(1).max(500).default(50) });
const statusBody = z.object({ orderId, status: status.optional(), trackingNumber: trackingNumber.optional() });
const settingsBody = z.object({ showSupportInOrders: z.boolean({ message: 'must be true or false' }) });

const PAID: readonly OrderStatus[] = ['Order Placed', 'Processing', 'Delivered'];

function shopUrl(app: FastifyInstance): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : app.config.port;
  return `http://localhost:${port}`;
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
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const staff = { preHandler: app.requireStaff };

  app.get('/api/staff/conversations', staff, async (): Promise<StaffConversationsResponse> => {
    return { success: true, conversations: await app.conversations.listForStaff() };
  });

  /** One customer's thread; reading it marks the customer's messages read by staff. */
  app.get('/api/staff/conversations/thread', staff, async (request): Promise<StaffThreadResponse> => {
    const q = parseOr400(threadQuery, request.query ?? {}, 'query');
    const customer = await customerByEmail(app, q.email);
    const conversation = await app.conversations.getOrCreateForUser(customer.id);
    const messages = await app.conversations.messages(conversation.id);
    await app.conversations.markRead(conversation.id, false);
    return {
      success: true,
      customer: { _id: customer.id, name: customer.name, email: customer.email },
      conversation: conversationToWire(conversation, customer),
      messages: messages.map(messageToWire),
    };
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
    if (moves && !canTransition(order.status, to)) throw new HttpError(409, STAFF_MESSAGES.notAllowed(order.id, order.status, to));
    const finalStatus = moves ? to : order.status;
    if (body.trackingNumber !== undefined && !PAID.includes(finalStatus)) throw new HttpError(409, STAFF_MESSAGES.trackingOnUnpaid(finalStatus));

    const updated = moves
      ? await app.orders.setStatus(order.id, to, { from: order.status, trackingNumber: body.trackingNumber })
      : await app.orders.setTrackingNumber(order.id, body.trackingNumber!);
    if (!updated) throw new HttpError(409, STAFF_MESSAGES.movedMeanwhile);

    const trackingAdded = body.trackingNumber !== undefined && body.trackingNumber !== order.trackingNumber;
    const delivered = moves && to === 'Delivered';
    let emailed = false;
    if (trackingAdded || delivered) {
      const owner = await app.users.findById(updated.userId);
      try {
        await app.mailer.send(orderUpdateEmail(updated, { trackingAdded, delivered }, { name: app.config.shopName, url: shopUrl(app) }, owner?.email ?? ''));
        emailed = true;
      } catch (err) {
        // The order moved; a lost e-mail must not undo it. Logged for staff.
        request.log.error({ err, orderId: updated.id }, 'order update e-mail failed');
      }
    }
    request.log.info({ orderId: updated.id, from: order.status, to: updated.status, tracking: updated.trackingNumber }, 'order updated by staff');
    return { success: true, order: orderToWire(updated), emailed };
  });

  app.get('/api/staff/settings', staff, async (): Promise<StaffSettingsResponse> => {
    return { success: true, settings: await app.settings.get() };
  });

  app.post('/api/staff/settings', staff, async (request): Promise<StaffSettingsResponse> => {
    const body = parseOr400(settingsBody, request.body ?? {}, 'settings');
    return { success: true, settings: await app.settings.update(body) };
  });
};
export default staffRoutes;
