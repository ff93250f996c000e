-- A refund row is written 'requested' before the provider is asked. If the answer never came back
-- (the process died, the network dropped), the payment sweep asks the provider again under the
-- very key of the first request, so the provider answers the refund it made (or makes it once):
-- that key is kept with the row. The partial index finds the few left waiting.
ALTER TABLE "order_refunds" ADD COLUMN "provider_key" text;
--> statement-breakpoint
CREATE INDEX "order_refunds_requested_idx" ON "order_refunds" USING btree ("created_at") WHERE "status" = 'requested';
