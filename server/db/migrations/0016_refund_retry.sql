-- A refund row is written 'requested' before the provider is asked. If the answer never came back
-- (the process died, the network dropped), the payment sweep asks the provider again under the
-- very key of the first request, so the provider answers the refund it made (or makes it once):
-- that key is kept with the row. The partial index finds the few left waiting.
ALTER TABLE "order_refunds" ADD COLUMN "provider_key" text;
--> statement-breakpoint
CREATE INDEX "order_refunds_requested_idx" ON "order_refunds" USING btree ("created_at") WHERE "status" = 'requested';
--> statement-breakpoint
-- The keys earlier refunds were asked with (services/orderWorkflow.ts): a whole order's first
-- refund under the order's own key, any other under its refund id.
UPDATE "order_refunds" SET "provider_key" = CASE WHEN "idempotency_key" = "order_id" || ':order-' || "order_id" || '-refund' THEN 'order-' || "order_id" || '-refund' ELSE 'refund-' || "id" END;
