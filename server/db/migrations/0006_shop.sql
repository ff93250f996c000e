-- Issue 27 (running the shop): order numbers, and the indexes of the dashboard, the abandoned
-- checkouts view and the customer list.
--
-- Order numbers come from a sequence, taken when an order is paid (server/repositories/orders.ts):
-- unique across instances without a lock; a rolled-back payment leaves a gap, which is allowed.
CREATE SEQUENCE "order_number_seq" AS bigint START WITH 1001 MINVALUE 1001;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" bigint;
--> statement-breakpoint
-- Orders paid before this migration are numbered in the order they were paid.
UPDATE "orders" SET "order_number" = n."num"
FROM (SELECT "id", nextval('order_number_seq') AS "num" FROM (SELECT "id" FROM "orders" WHERE "paid_at" IS NOT NULL ORDER BY "paid_at", "id") p) n
WHERE "orders"."id" = n."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("order_number");
--> statement-breakpoint
-- Sales by the day they were paid (dashboard tiles and chart); only paid orders have a paid_at.
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") INCLUDE ("amount_cents", "status") WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
-- Abandoned checkouts (cancelled before any payment), newest first.
CREATE INDEX "orders_abandoned_idx" ON "orders" USING btree ("created_at", "id") WHERE "status" = 'Cancelled' AND "paid_at" IS NULL;
--> statement-breakpoint
-- Orders waiting to be fulfilled (paid, not delivered).
CREATE INDEX "orders_to_fulfil_idx" ON "orders" USING btree ("created_at") WHERE "status" IN ('Order Placed', 'Processing');
--> statement-breakpoint
-- Refunds lower the day they were made.
CREATE INDEX "order_refunds_created_idx" ON "order_refunds" USING btree ("created_at") INCLUDE ("amount_cents");
--> statement-breakpoint
-- Conversations with shopper messages staff have not read (the dashboard's unread tile).
CREATE INDEX "messages_unread_by_staff_idx" ON "messages" USING btree ("conversation_id") WHERE "is_admin" = false AND "read_at" IS NULL;
