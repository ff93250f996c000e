/**
 * The whole product's tables, declared up front so later features add code, not migrations that
 * fight each other. Money is integer cents; times are timestamptz; ids are text (`_id` on the wire).
 * Product ids are 24 hex characters (Mongo-like) and never contain '_' (the cart key separator).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
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
    /** lower(name), stored (0013_figures): the customer list's name sort pages from its index alone. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['shopper', 'staff'] }).notNull().default('shopper'),
    /** Tokens issued before this instant are rejected (logout everywhere, password reset). */
    tokensValidAfter: ts('tokens_valid_after').notNull().defaultNow(),
    /** A disabled account cannot log in and its sessions are refused (staff CLI `disable-staff`). */
    disabledAt: ts('disabled_at'),
    /** Why staff disabled a shopper's account (0010_customers); null while it is enabled. */
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_shopper_name_key_idx').on(t.nameKey, t.id).where(sql`${t.role} = 'shopper'`),
  ],
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

/** One row per login (JWT `sid`): a session ends on logout, password reset, role change or by staff. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason', { enum: ['logout', 'password', 'role', 'ended'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed logins per e-mail and client source, within a window (failures only, per source). */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull(),
    windowEndsAt: ts('window_ends_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.source] }), index('login_failures_window_idx').on(t.windowEndsAt)],
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
  /** The option (cart variant) the bundle holds of each product, by product id (0011_stock). */
  productOptions: jsonb('product_options').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

/** A single row (id = 1). */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey().default(1),
  hiddenCategories: jsonb('hidden_categories').$type<string[]>().notNull().default([]),
  hiddenProductTags: jsonb('hidden_product_tags').$type<string[]>().notNull().default([]),
  showSupportInOrders: boolean('show_support_in_orders').notNull().default(true),
  /** Reviews go live without a person reading them first (held ones still wait: links, phones, blocked words). */
  publishReviewsAtOnce: boolean('publish_reviews_at_once').notNull().default(false),
  /** Words that always hold a review for a person (whole words, any case). */
  reviewBlockList: jsonb('review_block_list').$type<string[]>().notNull().default([]),
  /** The shop's calendar in SHOP_TIMEZONE (0007_operations): days it prints and ships, 0 = Sunday. */
  workingDays: jsonb('working_days').$type<number[]>().notNull().default([1, 2, 3, 4, 5]),
  /** Paid before this local time ('HH:MM') on a working day, a shelf unit ships that day. */
  shippingCutoff: text('shipping_cutoff').notNull().default('14:00'),
  /** Days the shop is closed ('YYYY-MM-DD'). */
  holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
  /** Bumped with every change of the print queue, the printers or the calendar (0012_print). */
  printQueueVersion: integer('print_queue_version').notNull().default(0),
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
  // The periodic expiry deletes by age across all users.
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
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
    /** The number people read and say (#1001), from `order_number_seq` when the order is paid (0006_shop). */
    orderNumber: bigint('order_number', { mode: 'number' }),
    /** When it ships ('YYYY-MM-DD' in the shop's zone): the latest of its lines', stored when it is paid. */
    shipBy: text('ship_by'),
    /** What the order's refunds add up to, in cents (0008_refunds; kept by the refund workflow). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The carrier of the tracking number: USPS, UPS, FedEx, DHL or Other (0008_refunds). */
    carrier: text('carrier'),
  },
  // 0003_staff also adds a generated `search` tsvector (GIN-indexed) that the staff board queries
  // with SQL; it is left out here so that no read of an order carries it.
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_payment_session_idx').on(t.paymentSessionId),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('orders_number_unique').on(t.orderNumber),
    index('orders_paid_at_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    index('orders_abandoned_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'Cancelled' and ${t.paidAt} is null`),
    index('orders_to_fulfil_idx').on(t.createdAt).where(sql`${t.status} in ('Order Placed', 'Processing')`),
    // 0010_customers: a board page's ids from the index alone.
    index('orders_board_page_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_to_fulfil_page_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.status} in ('Order Placed', 'Processing')`),
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

/**
 * E-mails about an order (confirmation, shipped, delivered, each refund) or an account (back in
 * stock), written in the same transaction as the change they announce and delivered from here with
 * retries (server/lib/emailOutbox.ts): at least once, one row per `dedupe_key` (the order e-mails use
 * '<orderId>:<kind>'), one delivery attempt at a time (`locked_until` is the lease).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').references(() => orders.id),
    /** The account an e-mail about no order is for (0007_operations). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** One e-mail per key, whoever asks twice: '<orderId>:<kind>' unless the sender names another. */
    dedupeKey: text('dedupe_key').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    sentAt: ts('sent_at'),
    gaveUpAt: ts('gave_up_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('email_outbox_dedupe_key_unique').on(t.dedupeKey),
    index('email_outbox_order_idx').on(t.orderId),
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
  ],
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
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('messages_unread_by_staff_idx').on(t.conversationId).where(sql`${t.isAdmin} = false and ${t.readAt} is null`),
  ],
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

/** Every status or tracking change of an order, written by a trigger in the change's transaction (0003_staff). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    trackingNumber: text('tracking_number'),
    /** staff, shopper (placed it), provider (paid or declined), expiry, system. */
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    /** Set on a refund's event (0008_refunds): the refund it records. */
    refundId: text('refund_id'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** One line (or part of one) a refund gave back: the order line's index, units and cents. */
export interface RefundLineRow {
  index: number;
  quantity: number;
  amountCents: number;
}

/**
 * The refunds of an order (several per order since 0008_refunds), as the payment provider answered
 * them: 'requested' while the provider is being asked (it already counts against what is left),
 * then 'succeeded' or 'pending' (Stripe, until the card network confirms).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    /** The provider's id of the refund (re_…), once it answered. */
    providerRefundId: text('provider_refund_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    actorId: text('actor_id'),
    lines: jsonb('lines').$type<RefundLineRow[]>().notNull().default([]),
    reason: text('reason'),
    /** Whether staff asked for the refunded items to go back in stock. */
    restock: boolean('restock').notNull().default(false),
    /** '<orderId>:<key of the staff request>': one refund per request, however often it is sent. */
    idempotencyKey: text('idempotency_key').unique('order_refunds_idempotency_key_unique'),
    /** The key the provider was (or will be) asked with: a retry asks again under it, never a new one. */
    providerKey: text('provider_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_refunds_created_idx').on(t.createdAt),
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    index('order_refunds_requested_idx').on(t.createdAt).where(sql`${t.status} = 'requested'`),
  ],
);

/** Who changed what in the shop (staff API): one row per change, readable per entity. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.id)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Uploaded product pictures, one row per stored width, so every instance serves them. */
export const images = pgTable(
  'images',
  {
    id: text('id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.width] })],
);

/**
 * A verified buyer's review of a product: one per account and product. Only approved reviews count
 * in `product_ratings`, which every change keeps up to date in its own transaction.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivered order that made the author a verified buyer. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    optionColor: text('option_color'),
    optionSize: text('option_size'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    /** Why it waits for a person although the shop publishes at once: link, phone, blocked word, reports. */
    heldReason: text('held_reason'),
    rejectReason: text('reject_reason'),
    shopReply: text('shop_reply'),
    shopReplyAt: ts('shop_reply_at'),
    helpfulCount: integer('helpful_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_user_product_unique').on(t.userId, t.productId),
    index('reviews_product_recent_idx').on(t.productId, t.status, t.createdAt, t.id),
    index('reviews_product_rating_idx').on(t.productId, t.status, t.rating, t.createdAt, t.id),
    // "Lowest rated": stars up, newest first within a star count (a direction the index above cannot give).
    index('reviews_product_lowest_idx').on(t.productId, t.status, t.rating, t.createdAt.desc(), t.id.desc()),
    index('reviews_product_helpful_idx').on(t.productId, t.status, t.helpfulCount, t.createdAt, t.id),
    // "Most helpful" among one star count.
    index('reviews_product_stars_helpful_idx').on(t.productId, t.status, t.rating, t.helpfulCount, t.createdAt, t.id),
    index('reviews_status_updated_idx').on(t.status, t.updatedAt, t.id),
  ],
);

/**
 * Star totals of each product's approved reviews: read per page, never recomputed per request.
 * `version` is bumped with every change a shopper sees on the product's review pages (what the
 * pages an instance keeps are tagged with).
 */
export const productRatings = pgTable('product_ratings', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
  version: integer('version').notNull().default(0),
});

/** "Helpful" votes: one per account and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: text('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** Shoppers' reports of a review: one per account, so "three reports" means three people. */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: text('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/**
 * Stock per purchasable option (0007_operations). `variant` is the cart key's variant part ('Red|M',
 * '|', 'accessory-0'). Stocked only: sells while `onHand - reserved` > 0. Made to order: sells beyond
 * it, each unit printing `printMinutes` of `material`. `reserved` = shelf units held by open payments.
 */
export const stockOptions = pgTable(
  'stock_options',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    madeToOrder: boolean('made_to_order').notNull().default(true),
    printMinutes: integer('print_minutes'),
    material: text('material'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.variant] })],
);

/**
 * Units an order holds while its payment is open, per line and option (a bundle line holds one row
 * per product inside): `fromShelf` off the shelf (counted in `stock_options.reserved` while held) and
 * `toPrint` to be printed. Paid → taken; cancelled, expired or failed → released.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineIndex: integer('line_index').notNull(),
    productId: text('product_id').notNull(),
    variant: text('variant').notNull(),
    fromShelf: integer('from_shelf').notNull(),
    toPrint: integer('to_print').notNull(),
    status: text('status', { enum: ['held', 'taken', 'released'] }).notNull().default('held'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineIndex, t.productId, t.variant] }),
    index('stock_reservations_held_idx').on(t.expiresAt).where(sql`${t.status} = 'held'`),
  ],
);

/** The shop's printers: the materials each takes and its printing hours per working day. */
export const printers = pgTable('printers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  materials: jsonb('materials').$type<string[]>().notNull().default([]),
  hoursPerDay: numeric('hours_per_day', { precision: 4, scale: 2, mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

export const PRINT_JOB_STATUSES = ['Queued', 'Printing', 'Printed', 'Passed QA', 'Failed'] as const;

/**
 * One made-to-order unit of a paid order. Jobs print first-paid-first (`queuedAt` is the order's
 * payment; a failed job keeps its place): Queued → Printing → Printed → Passed QA, Failed re-queues.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineIndex: integer('line_index').notNull(),
    unitIndex: integer('unit_index').notNull(),
    productId: text('product_id').notNull(),
    variant: text('variant').notNull(),
    material: text('material').notNull(),
    printMinutes: integer('print_minutes').notNull(),
    status: text('status', { enum: PRINT_JOB_STATUSES }).notNull().default('Queued'),
    printerId: text('printer_id').references(() => printers.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    queuedAt: ts('queued_at').notNull(),
    shipBy: text('ship_by'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('print_jobs_unit_unique').on(t.orderId, t.lineIndex, t.unitIndex),
    index('print_jobs_open_idx').on(t.queuedAt, t.id).where(sql`${t.status} in ('Queued', 'Printing', 'Failed')`),
    index('print_jobs_order_idx').on(t.orderId),
  ],
);

/** "Tell me when it's back" (0011_stock): one per account and option, e-mailed once when stock returns. */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    createdAt: createdAt(),
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    unique('back_in_stock_requests_user_option_unique').on(t.userId, t.productId, t.variant),
    index('back_in_stock_requests_waiting_idx').on(t.productId, t.variant).where(sql`${t.notifiedAt} IS NULL`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type BundleRow = typeof bundles.$inferSelect;
export type NewBundleRow = typeof bundles.$inferInsert;
export type SettingsRow = typeof settings.$inferSelect;

/**
 * A customer's figures for the staff list (0010_customers): paid orders, what they paid, what was
 * refunded, and the last paid order's placing time. Kept in step by triggers on users, orders and
 * order_refunds in the change's own transaction; code only reads it.
 */
export const customerStats = pgTable(
  'customer_stats',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderCount: integer('order_count').notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    spendCents: bigint('spend_cents', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`paid_cents - refunded_cents`),
    lastOrderAt: ts('last_order_at'),
    /** The account is a shopper's: the list's partial indexes hold only these rows. */
    shopper: boolean('shopper').notNull().default(true),
  },
  (t) => [
    index('customer_stats_spend_idx').on(t.spendCents.desc(), t.userId.desc()).where(sql`${t.shopper}`),
    index('customer_stats_orders_idx').on(t.orderCount.desc(), t.userId.desc()).where(sql`${t.shopper}`),
    index('customer_stats_last_order_idx').on(t.lastOrderAt.desc().nullsLast(), t.userId.desc()).where(sql`${t.shopper}`),
  ],
);

/**
 * Pre-summed sales per UTC hour (0013_figures): paid orders and their amount by the hour of
 * paid_at, refunds (not failed) by the hour they were made. Kept by triggers on orders and
 * order_refunds in the change's own transaction; code only reads it (the dashboard).
 */
export const salesSlots = pgTable(
  'sales_slots',
  {
    slot: ts('slot').notNull(),
    /** One of up to 16 rows a slot is split into (the writer's backend pid modulo 16), so concurrent writers rarely wait on one row; readers sum them. */
    shard: smallint('shard').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sales_slots_pkey', columns: [t.slot, t.shard] })],
);

/** Units paid per order line's product, kind and name and UTC day of paid_at (0013_figures; triggers keep it). */
export const productSalesSlots = pgTable(
  'product_sales_slots',
  {
    slot: ts('slot').notNull(),
    shard: smallint('shard').notNull().default(0),
    productId: text('product_id'),
    kind: text('kind'),
    name: text('name'),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('product_sales_slots_key').on(t.slot, t.shard, t.productId, t.kind, t.name).nullsNotDistinct()],
);

/**
 * Orders and their amount per UTC day of created_at, status and payment (0013_figures; triggers
 * keep it): the order board's totals and the day a deep page starts in, without counting 100,000 rows.
 */
export const orderBoardDays = pgTable(
  'order_board_days',
  {
    day: ts('day').notNull(),
    status: text('status').notNull(),
    paid: boolean('paid').notNull(),
    shard: smallint('shard').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_board_days_pkey', columns: [t.day, t.status, t.paid, t.shard] })],
);

/** A staff-only note on an order (0009_fulfilment): never in a shopper's answer or e-mail. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt), index('order_notes_search_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${t.body})`)],
);

/** A staff tag on an order (lowercase words: 'gift', 'rush'), found by the board's search. */
export const orderTags = pgTable(
  'order_tags',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.tag] }), index('order_tags_tag_idx').on(sql`${t.tag} text_pattern_ops`)],
);
