-- Issue 27 at shop scale (100,000 orders): the dashboard's sums and the order board's counts come
-- from pre-summed buckets instead of a scan of every order per request. Triggers keep the buckets
-- in step in the change's own transaction (the only writer; code only reads them), adding and
-- subtracting deltas (never recomputing), so concurrent payments cannot overwrite each other.
--
-- Buckets are slots of UTC time (date_bin from 2000-01-01Z), never days of the shop's zone: the
-- zone is configuration (SHOP_TIMEZONE) and may change, and a slot sums correctly in any zone.
-- The dashboard sums whole slots inside a period and reads the orders and refunds of the slivers
-- at its two ends from their indexes (server/repositories/dashboard.ts), so every figure stays
-- exactly what a scan of the orders would give.
--
--   sales_slots           per UTC hour of paid_at / a refund's created_at: paid orders, their
--                         amount (after discount, with shipping), refunds (not failed)
--   product_sales_slots   per UTC day of paid_at and order line (product, kind, name): units
--   order_board_days      per UTC day of created_at, status and paid or not: orders, amount
--
-- Each bucket is split into up to 16 shards (the writing connection's backend pid modulo 16;
-- the backfill writes shard 0), which readers sum: concurrent checkouts and payments in the same
-- hour then mostly lock different rows instead of queuing on one until each commits.
CREATE TABLE "sales_slots" (
	"slot" timestamp with time zone NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_slots_pkey" PRIMARY KEY ("slot", "shard")
);
--> statement-breakpoint
CREATE TABLE "product_sales_slots" (
	"slot" timestamp with time zone NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"product_id" text,
	"kind" text,
	"name" text,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_slots_key" UNIQUE NULLS NOT DISTINCT ("slot", "shard", "product_id", "kind", "name")
);
--> statement-breakpoint
CREATE TABLE "order_board_days" (
	"day" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"paid" boolean NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_board_days_pkey" PRIMARY KEY ("day", "status", "paid", "shard")
);
--> statement-breakpoint
-- Backfill: the orders and refunds already there (the same sums the triggers keep from now on).
INSERT INTO "sales_slots" ("slot", "orders", "paid_cents", "refunded_cents")
SELECT d."slot", sum(d."n"), sum(d."paid"), sum(d."refunded")
FROM (
	SELECT date_bin('1 hour', "paid_at", '2000-01-01 00:00:00+00') AS "slot", 1 AS "n", "amount_cents"::bigint AS "paid", 0::bigint AS "refunded"
	FROM "orders" WHERE "paid_at" IS NOT NULL
	UNION ALL
	SELECT date_bin('1 hour', "created_at", '2000-01-01 00:00:00+00'), 0, 0, "amount_cents"::bigint
	FROM "order_refunds" WHERE "status" <> 'failed'
) d
GROUP BY d."slot";
--> statement-breakpoint
INSERT INTO "product_sales_slots" ("slot", "product_id", "kind", "name", "units")
SELECT date_bin('1 day', o."paid_at", '2000-01-01 00:00:00+00'), i->>'productId', i->>'kind', i->>'name', sum((i->>'quantity')::int)
FROM "orders" o CROSS JOIN LATERAL jsonb_array_elements(o."items") i
WHERE o."paid_at" IS NOT NULL
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "order_board_days" ("day", "status", "paid", "orders", "cents")
SELECT date_bin('1 day', "created_at", '2000-01-01 00:00:00+00'), "status", "paid_at" IS NOT NULL, count(*), sum("amount_cents")
FROM "orders"
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Statement-level, over the statement's transition tables (as customer_stats in 0010): one upsert
-- per bucket per statement, however many orders it touches. An update that changes none of the
-- columns a bucket reads (a tracking number, a note) adds nothing and writes nothing; a status
-- move writes only the board's two day rows. The statement's rows come as signed deltas from the
-- transition tables it has (EXECUTE sees them, as a static query of a missing one would not plan).
CREATE FUNCTION "shop_figures_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	cols text := '"id", "paid_at", "created_at", "status", "amount_cents", "items"';
	src text;
BEGIN
	src := CASE TG_OP
		WHEN 'INSERT' THEN format('SELECT 1 AS "sign", %s FROM "new_orders"', cols)
		WHEN 'DELETE' THEN format('SELECT -1 AS "sign", %s FROM "old_orders"', cols)
		ELSE format('SELECT -1 AS "sign", %1$s FROM "old_orders" o WHERE NOT EXISTS (SELECT 1 FROM "new_orders" n WHERE n."id" = o."id"
				AND (n."paid_at", n."created_at", n."status", n."amount_cents", n."items") IS NOT DISTINCT FROM (o."paid_at", o."created_at", o."status", o."amount_cents", o."items"))
			UNION ALL
			SELECT 1 AS "sign", %1$s FROM "new_orders" n WHERE NOT EXISTS (SELECT 1 FROM "old_orders" o WHERE o."id" = n."id"
				AND (n."paid_at", n."created_at", n."status", n."amount_cents", n."items") IS NOT DISTINCT FROM (o."paid_at", o."created_at", o."status", o."amount_cents", o."items"))', cols)
	END;
	EXECUTE format($q$
		WITH d AS MATERIALIZED (%s),
		sales AS (
			INSERT INTO "sales_slots" AS s ("slot", "shard", "orders", "paid_cents")
			SELECT date_bin('1 hour', d."paid_at", '2000-01-01 00:00:00+00'), pg_backend_pid() %% 16, sum(d."sign"), sum(d."sign" * d."amount_cents"::bigint)
			FROM d WHERE d."paid_at" IS NOT NULL
			GROUP BY 1 HAVING sum(d."sign") <> 0 OR sum(d."sign" * d."amount_cents"::bigint) <> 0
			ORDER BY 1
			ON CONFLICT ("slot", "shard") DO UPDATE SET "orders" = s."orders" + excluded."orders", "paid_cents" = s."paid_cents" + excluded."paid_cents"
			RETURNING 1
		),
		units AS (
			INSERT INTO "product_sales_slots" AS p ("slot", "shard", "product_id", "kind", "name", "units")
			SELECT date_bin('1 day', d."paid_at", '2000-01-01 00:00:00+00'), pg_backend_pid() %% 16, i->>'productId', i->>'kind', i->>'name', sum(d."sign" * (i->>'quantity')::int)
			FROM d CROSS JOIN LATERAL jsonb_array_elements(d."items") i WHERE d."paid_at" IS NOT NULL
			GROUP BY 1, 3, 4, 5 HAVING sum(d."sign" * (i->>'quantity')::int) <> 0
			ORDER BY 1, 3, 4, 5
			ON CONFLICT ON CONSTRAINT "product_sales_slots_key" DO UPDATE SET "units" = p."units" + excluded."units"
			RETURNING 1
		)
		INSERT INTO "order_board_days" AS b ("day", "status", "paid", "shard", "orders", "cents")
		SELECT date_bin('1 day', d."created_at", '2000-01-01 00:00:00+00'), d."status", d."paid_at" IS NOT NULL, pg_backend_pid() %% 16, sum(d."sign"), sum(d."sign" * d."amount_cents"::bigint)
		FROM d
		GROUP BY 1, 2, 3 HAVING sum(d."sign") <> 0 OR sum(d."sign" * d."amount_cents"::bigint) <> 0
		ORDER BY 1, 2, 3
		ON CONFLICT ("day", "status", "paid", "shard") DO UPDATE SET "orders" = b."orders" + excluded."orders", "cents" = b."cents" + excluded."cents"
	$q$, src);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_shop_figures_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "shop_figures_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "orders_shop_figures_updated" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "shop_figures_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "orders_shop_figures_deleted" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "shop_figures_orders_changed"();
--> statement-breakpoint
-- A refund lowers the hour it was made, unless the provider reported it failed.
CREATE FUNCTION "shop_figures_refunds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	src text;
BEGIN
	src := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT 1 AS "sign", "created_at", "amount_cents" FROM "new_refunds" WHERE "status" <> ''failed'''
		WHEN 'DELETE' THEN 'SELECT -1 AS "sign", "created_at", "amount_cents" FROM "old_refunds" WHERE "status" <> ''failed'''
		ELSE 'SELECT -1 AS "sign", "created_at", "amount_cents" FROM "old_refunds" WHERE "status" <> ''failed''
			UNION ALL SELECT 1 AS "sign", "created_at", "amount_cents" FROM "new_refunds" WHERE "status" <> ''failed'''
	END;
	EXECUTE format($q$
		INSERT INTO "sales_slots" AS s ("slot", "shard", "refunded_cents")
		SELECT date_bin('1 hour', d."created_at", '2000-01-01 00:00:00+00'), pg_backend_pid() %% 16, sum(d."sign" * d."amount_cents"::bigint)
		FROM (%s) d
		GROUP BY 1 HAVING sum(d."sign" * d."amount_cents"::bigint) <> 0
		ORDER BY 1
		ON CONFLICT ("slot", "shard") DO UPDATE SET "refunded_cents" = s."refunded_cents" + excluded."refunded_cents"
	$q$, src);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_refunds_shop_figures_inserted" AFTER INSERT ON "order_refunds" REFERENCING NEW TABLE AS "new_refunds" FOR EACH STATEMENT EXECUTE FUNCTION "shop_figures_refunds_changed"();
--> statement-breakpoint
CREATE TRIGGER "order_refunds_shop_figures_updated" AFTER UPDATE ON "order_refunds" REFERENCING OLD TABLE AS "old_refunds" NEW TABLE AS "new_refunds" FOR EACH STATEMENT EXECUTE FUNCTION "shop_figures_refunds_changed"();
--> statement-breakpoint
CREATE TRIGGER "order_refunds_shop_figures_deleted" AFTER DELETE ON "order_refunds" REFERENCING OLD TABLE AS "old_refunds" FOR EACH STATEMENT EXECUTE FUNCTION "shop_figures_refunds_changed"();
--> statement-breakpoint
-- The customer list sorted by name pages from its index alone, as its other sorts do (0010): an
-- index on the expression lower(name) cannot answer an index-only scan (PostgreSQL wants the
-- column itself), so a deep page read 20,000 rows and sorted them; a stored lower-case copy can.
ALTER TABLE "users" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower("name")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_shopper_name_key_idx" ON "users" USING btree ("name_key", "id") WHERE "role" = 'shopper';
--> statement-breakpoint
DROP INDEX "users_shopper_name_idx";
