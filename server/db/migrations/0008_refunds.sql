-- Partial refunds: an order may be refunded several times (chosen lines, or an amount), each refund
-- with the lines it gave back, a reason, whether its items go back in stock, and the key of the
-- staff request that made it (a retried request finds its refund instead of making a second one).
-- A refund row is written ('requested') before the provider is asked, under a lock on the order, so
-- concurrent refunds never add up to more than the order took; the provider's own refund id is kept
-- beside ours.
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_order_unique";
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "provider_refund_id" text;
--> statement-breakpoint
UPDATE "order_refunds" SET "provider_refund_id" = "id";
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "reason" text;
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "restock" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "idempotency_key" text;
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_idempotency_key_unique" UNIQUE("idempotency_key");
--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");
--> statement-breakpoint
-- What the order's refunds add up to (kept by the refund workflow in the refund's transaction), so
-- every read of an order can say "Partly refunded $X" without a join.
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "orders" o SET "refunded_cents" = r."cents" FROM (
	SELECT "order_id", sum("amount_cents")::integer AS "cents" FROM "order_refunds" WHERE "status" <> 'failed' GROUP BY "order_id"
) r WHERE r."order_id" = o."id";
--> statement-breakpoint
-- The carrier staff chose with the tracking number (USPS, UPS, FedEx, DHL, Other): the shopper's
-- tracking link is built from it (src/domain/tracking.ts).
ALTER TABLE "orders" ADD COLUMN "carrier" text;
--> statement-breakpoint
-- A refund in the order's timeline: an event that names its refund (the status stays as it was
-- unless the refund gives back what was left).
ALTER TABLE "order_events" ADD COLUMN "refund_id" text;
