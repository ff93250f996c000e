-- Issue 18 (staff console, server side): disabled staff accounts, the history of every order's
-- status, refunds, the audit log, uploaded pictures, and the indexes of the staff order board.
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"order_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"tracking_number" text,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Every status or tracking change of an order is recorded in the statement's own transaction,
-- whoever makes it (staff routes, the payment provider, the expiry sweep, code written later).
-- Staff set `layerloft.actor` to 'staff:<user id>' for their transaction; otherwise the change
-- is attributed from what it is: creation by the shopper, payment or decline by the provider,
-- any other cancellation of an unpaid order by its expiry.
CREATE FUNCTION "order_events_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor text := nullif(current_setting('layerloft.actor', true), '');
	kind text;
	who text;
	session_status text;
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.tracking_number IS NOT DISTINCT FROM OLD.tracking_number THEN
		RETURN NULL;
	END IF;
	IF actor IS NOT NULL THEN
		kind := split_part(actor, ':', 1);
		who := nullif(split_part(actor, ':', 2), '');
	ELSIF TG_OP = 'INSERT' THEN
		kind := 'shopper';
		who := NEW.user_id;
	ELSIF NEW.status = 'Order Placed' AND OLD.status = 'Payment Pending' THEN
		kind := 'provider';
	ELSIF NEW.status = 'Cancelled' AND OLD.status = 'Payment Pending' THEN
		SELECT status INTO session_status FROM payment_sessions WHERE id = NEW.payment_session_id;
		kind := CASE WHEN session_status = 'declined' THEN 'provider' ELSE 'expiry' END;
	ELSE
		kind := 'system';
	END IF;
	INSERT INTO order_events (order_id, from_status, to_status, tracking_number, actor_kind, actor_id)
	VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status, NEW.tracking_number, kind, who);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_record_events" AFTER INSERT OR UPDATE OF "status", "tracking_number" ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_events_record"();
--> statement-breakpoint
-- Orders placed before this migration get their current status as their first event.
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "tracking_number", "actor_kind", "created_at")
SELECT "id", NULL, "status", "tracking_number", 'system', "updated_at" FROM "orders";
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_order_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"data" bytea NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_id_width_pk" PRIMARY KEY("id","width")
);
--> statement-breakpoint
-- The staff order board: newest first (optionally by status), prefix search on the order id, and
-- word-prefix search over the order id, the delivery e-mail and name, and the product names.
ALTER TABLE "orders" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
	"id" || ' ' || coalesce("address"->>'email', '') || ' ' || coalesce("address"->>'firstName', '') || ' ' || coalesce("address"->>'lastName', '') || ' ' ||
	coalesce(jsonb_path_query_array("items", '$[*].name')::text, ''))) STORED;
--> statement-breakpoint
-- fastupdate off: orders arrive one at a time, and a pending list (emptied only by vacuum) makes
-- the planner price the index out of searches until then.
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search") WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");
--> statement-breakpoint
CREATE INDEX "orders_id_prefix_idx" ON "orders" USING btree ("id" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "orders_discount_code_idx" ON "orders" USING btree ("discount_code") WHERE "discount_code" IS NOT NULL;
