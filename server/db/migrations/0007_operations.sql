-- The shared ground of the shop's operating side: e-mails beyond one per order and kind (refunds,
-- back in stock, review invitations), and the made-to-order model (stock per purchasable option,
-- printers, the shop's calendar, print jobs). Each feature adds its own columns in its own migration.
--
-- E-mails: deduplicated by a key the sender chooses ('<orderId>:<kind>' for the order e-mails, as
-- before; '<orderId>:refund:<refundId>' for each refund), and an e-mail about no order (back in stock)
-- names its account instead.
ALTER TABLE "email_outbox" ALTER COLUMN "order_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "user_id" text;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "dedupe_key" text;
--> statement-breakpoint
UPDATE "email_outbox" SET "dedupe_key" = "order_id" || ':' || "kind";
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "dedupe_key" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_order_kind_unique";
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_dedupe_key_unique" UNIQUE("dedupe_key");
--> statement-breakpoint
CREATE INDEX "email_outbox_order_idx" ON "email_outbox" USING btree ("order_id");
--> statement-breakpoint
-- Stock per purchasable option. `variant` is the cart key's variant part (ARCHITECTURE.md):
-- 'Red|M', 'Red|', '|M', '|' for a product without options, 'accessory-<index>' for an accessory.
-- A stocked-only option sells while `on_hand - reserved` > 0; a made-to-order one sells beyond it,
-- printing `print_minutes` of `material` per unit. `reserved` counts shelf units held by open payment
-- sessions (never more than on hand).
CREATE TABLE "stock_options" (
	"product_id" text NOT NULL,
	"variant" text NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"made_to_order" boolean DEFAULT true NOT NULL,
	"print_minutes" integer,
	"material" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_options_product_id_variant_pk" PRIMARY KEY("product_id","variant"),
	CONSTRAINT "stock_options_on_hand_check" CHECK ("on_hand" >= 0),
	CONSTRAINT "stock_options_reserved_check" CHECK ("reserved" >= 0 AND "reserved" <= "on_hand"),
	CONSTRAINT "stock_options_print_check" CHECK ("print_minutes" IS NULL OR "print_minutes" > 0),
	CONSTRAINT "stock_options_made_to_order_check" CHECK (NOT "made_to_order" OR ("print_minutes" IS NOT NULL AND "material" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "stock_options" ADD CONSTRAINT "stock_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Units an order holds while its payment is open (30 minutes), per line: `from_shelf` of them off
-- the shelf (counted in stock_options.reserved while held) and `to_print` to be printed. Paid →
-- taken (shelf units leave on_hand, print jobs are made for to_print); cancelled, expired or failed →
-- released.
CREATE TABLE "stock_reservations" (
	"order_id" text NOT NULL,
	"line_index" integer NOT NULL,
	"product_id" text NOT NULL,
	"variant" text NOT NULL,
	"from_shelf" integer NOT NULL,
	"to_print" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_order_id_line_index_product_id_variant_pk" PRIMARY KEY("order_id","line_index","product_id","variant"),
	CONSTRAINT "stock_reservations_units_check" CHECK ("from_shelf" >= 0 AND "to_print" >= 0),
	CONSTRAINT "stock_reservations_status_check" CHECK ("status" IN ('held', 'taken', 'released'))
);
--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stock_reservations_held_idx" ON "stock_reservations" USING btree ("expires_at") WHERE "status" = 'held';
--> statement-breakpoint
-- The shop's printers: which materials each takes and its printing hours per working day.
CREATE TABLE "printers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hours_per_day" numeric(4, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_hours_check" CHECK ("hours_per_day" >= 0 AND "hours_per_day" <= 24)
);
--> statement-breakpoint
-- The shop's calendar (in SHOP_TIMEZONE): days it prints and ships (0 = Sunday), the daily cut-off
-- for same-day shelf shipping, holidays ('YYYY-MM-DD').
ALTER TABLE "settings" ADD COLUMN "working_days" jsonb DEFAULT '[1,2,3,4,5]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "shipping_cutoff" text DEFAULT '14:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "holidays" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- One made-to-order unit of a paid order. Jobs print first-paid-first (`queued_at`, the order's
-- payment; a failed job keeps its place); Queued → Printing → Printed → Passed QA, Failed re-queues.
CREATE TABLE "print_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"line_index" integer NOT NULL,
	"unit_index" integer NOT NULL,
	"product_id" text NOT NULL,
	"variant" text NOT NULL,
	"material" text NOT NULL,
	"print_minutes" integer NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"printer_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"ship_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_jobs_unit_unique" UNIQUE("order_id","line_index","unit_index"),
	CONSTRAINT "print_jobs_status_check" CHECK ("status" IN ('Queued', 'Printing', 'Printed', 'Passed QA', 'Failed'))
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The queue still to print (the ship-by schedule's load), in print order.
CREATE INDEX "print_jobs_open_idx" ON "print_jobs" USING btree ("queued_at", "id") INCLUDE ("material", "print_minutes") WHERE "status" IN ('Queued', 'Printing', 'Failed');
--> statement-breakpoint
CREATE INDEX "print_jobs_order_idx" ON "print_jobs" USING btree ("order_id");
--> statement-breakpoint
-- When an order will ship ('YYYY-MM-DD' in the shop's zone), stored when it is paid.
ALTER TABLE "orders" ADD COLUMN "ship_by" text;
