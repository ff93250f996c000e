/**
 * The whole product's tables, declared up front so later features add code, not migrations that
 * fight each other. Money is integer cents; times are timestamptz; ids are text (`_id` on the wire).
 * Product ids are 24 hex characters (Mongo-like) and never contain '_' (the cart key separator).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** An accessory as stored (cents inside); the wire shape is `Accessory` of src/domain/types.ts. */
export interface StoredAccessory {
  name: string;
  priceCents: number;
  images: string[];
  description: string;
  outOfStock?: boolean;
  comingSoon?: boolean;
  preOrder?: boolean;
  isNew?: boolean;
  limitedEdition?: boolean;
  notAvailableYet?: boolean;
}

export interface StoredColorVariant {
  color: string;
  image: string;
}

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['shopper', 'staff'] }).notNull().default('shopper'),
    /** Tokens issued before this instant are rejected (logout everywhere, password reset). */
    tokensValidAfter: ts('tokens_valid_after').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    discount: integer('discount').notNull().default(0),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    mainCategory: text('main_category').notNull(),
    subCategory: text('sub_category').notNull(),
    subSubCategory: text('sub_sub_category'),
    colorVariants: jsonb('color_variants').$type<StoredColorVariant[]>().notNull().default([]),
    clothingSizes: jsonb('clothing_sizes').$type<string[]>().notNull().default([]),
    canvasSizes: jsonb('canvas_sizes').$type<string[]>().notNull().default([]),
    accessories: jsonb('accessories').$type<StoredAccessory[]>().notNull().default([]),
    outOfStock: boolean('out_of_stock').notNull().default(false),
    comingSoon: boolean('coming_soon').notNull().default(false),
    preOrder: boolean('pre_order').notNull().default(false),
    isNewProduct: boolean('is_new_product').notNull().default(false),
    limitedEdition: boolean('limited_edition').notNull().default(false),
    vaulted: boolean('vaulted').notNull().default(false),
    notAvailableYet: boolean('not_available_yet').notNull().default(false),
    bestseller: boolean('bestseller').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('products_category_idx').on(t.mainCategory, t.subCategory)],
);

export const bundles = pgTable('bundles', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  startDate: ts('start_date').notNull(),
  endDate: ts('end_date').notNull(),
  cancelled: boolean('cancelled').notNull().default(false),
  productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

/** A single row (id = 1). */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey().default(1),
  hiddenCategories: jsonb('hidden_categories').$type<string[]>().notNull().default([]),
  hiddenProductTags: jsonb('hidden_product_tags').$type<string[]>().notNull().default([]),
  showSupportInOrders: boolean('show_support_in_orders').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    /** What the first request answered, replayed to a retry. */
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const discounts = pgTable('discounts', {
  code: text('code').primaryKey(),
  percentage: integer('percentage').notNull(),
  active: boolean('active').notNull().default(true),
  expiresAt: ts('expires_at'),
  createdAt: createdAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', {
      enum: ['Payment Pending', 'Order Placed', 'Processing', 'Delivered', 'Cancelled', 'Refunded'],
    })
      .notNull()
      .default('Payment Pending'),
    address: jsonb('address').$type<Record<string, unknown>>().notNull(),
    items: jsonb('items').$type<Record<string, unknown>[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    discountCode: text('discount_code'),
    paymentMethod: text('payment_method').notNull().default('Stripe'),
    paymentSessionId: text('payment_session_id'),
    trackingNumber: text('tracking_number'),
    isBuyNow: boolean('is_buy_now').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_payment_session_idx').on(t.paymentSessionId),
  ],
);

export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    userId: text('user_id').notNull(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'declined', 'cancelled', 'expired'] })
      .notNull()
      .default('open'),
    amountCents: integer('amount_cents').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_sessions_order_idx').on(t.orderId), index('payment_sessions_status_idx').on(t.status, t.expiresAt)],
);

export const conversations = pgTable('conversations', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique('conversations_user_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').notNull(),
    body: text('body').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_created_idx').on(t.conversationId, t.createdAt)],
);

export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

/** Small key/value facts shared by every instance, e.g. `catalog_version`. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type BundleRow = typeof bundles.$inferSelect;
export type NewBundleRow = typeof bundles.$inferInsert;
export type SettingsRow = typeof settings.$inferSelect;
