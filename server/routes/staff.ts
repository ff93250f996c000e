import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../src/domain/orderStatus';
import type { Conversation, Message, Order, OrderStatus, Settings } from '../../src/domain/types';
import { HttpError } from '../lib/errors';
import { CONTROL_MESSAGES, hasControlChars } from '../lib/inputGuards';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import { conversationToWire, MESSAGE_MAX_LENGTH, messageToWire, type ConversationRow } from '../repositories/conversations';
import type { StaffConversation, StaffOrderSummary } from '../../src/domain/staffOrders';
import { orderToWire, type OrderRow } from '../repositories/orders';
import { ORDER_WORKFLOW_MESSAGES, refundToWire } from '../services/orderWorkflow';
import { parseFields } from '../lib/fieldErrors';
import { FIGURE_GENDERS, MAIN_CATEGORIES, TAXONOMY } from '../../src/domain/taxonomy';
import { normaliseTag } from '../../src/domain/listing';

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
  ...ORDER_WORKFLOW_MESSAGES,
  noCustomer: (email: string) => `No customer account with the e-mail ${email}`,
  conversationNotFound: 'Conversation not found',
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
/** The tags `hiddenProductTags` can hide (src/domain/listing.ts productTags), normalised. */
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
    message: 'Choose a setting to change: the support button in My Orders, hidden categories or hidden product tags',
  });

async function customerByEmail(app: FastifyInstance, address: string) {
  const user = await app.users.findByEmail(address);
  if (!user || user.role !== 'shopper') throw new HttpError(404, STAFF_MESSAGES.noCustomer(address));
  return user;
}

/**
 * The staff API: what the staff console and the staff CLI (`npm run staff`) call. Every route
 * requires a staff session (403 for shoppers). Order moves go through the order workflow
 * (app.orderWorkflow), which follows only the arrows of src/domain/orderStatus.ts.
 */
const staffRoutes: FastifyPluginAsync = async (app) => {
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
    const [messages, orders] = await Promise.all([app.conversations.messages(conversation.id), app.staffOrders.forCustomer(customer.id)]);
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
   * Two queries on the usual path (this is the chat benchmark's hot path): the customer
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
      await app.orderWorkflow.expireStale({ userId: customer.id, stripe: 'leave' });
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

  /** Status moves and tracking numbers: the order workflow decides, refunds, e-mails, audits and announces. */
  app.post('/api/staff/order-status', staff, async (request): Promise<StaffOrderStatusResponse> => {
    const body = parseOr400(statusBody, request.body ?? {}, 'order update');
    const change = await app.orderWorkflow.staffChange(body, currentUser(request), request.log);
    return { success: true, order: orderToWire(change.order), emailed: change.emailed, ...(change.refund ? { refund: refundToWire(change.refund) } : {}) };
  });

  app.get('/api/staff/settings', staff, async (): Promise<StaffSettingsResponse> => {
    return { success: true, settings: await app.settings.get() };
  });

  /** Changes any of the staff-controlled settings (audited); shoppers read them fresh (nothing caches them). */
  app.post('/api/staff/settings', staff, async (request): Promise<StaffSettingsResponse> => {
    const body = parseFields(settingsBody, request.body ?? {}, 'settings');
    await app.staffCatalog.updateSettings(await app.settings.get(), body, currentUser(request));
    return { success: true, settings: await app.settings.get() };
  });
};
export default staffRoutes;
