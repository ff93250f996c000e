-- The staff customer list: each account's order count, lifetime spend (paid minus refunded) and
-- last order, kept in step with the orders and refunds by triggers in the change's own
-- transaction, so the list sorts and pages on indexes instead of adding up every order per
-- request (20,000 customers over 100,000 orders). The triggers add and subtract (never recompute),
-- so concurrent payments of one customer's orders cannot overwrite each other's figures.
-- An order counts from the moment it is paid (an abandoned checkout or an unpaid order never
-- does); a refund lowers the spend unless the provider reported it failed.
ALTER TABLE "users" ADD COLUMN "disabled_reason" text;
--> statement-breakpoint
CREATE TABLE "customer_stats" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"order_count" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint GENERATED ALWAYS AS ("paid_cents" - "refunded_cents") STORED NOT NULL,
	"last_order_at" timestamp with time zone,
	-- The account is a shopper's (the list shows no staff): the list's indexes hold only these rows.
	"shopper" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
INSERT INTO "customer_stats" ("user_id", "order_count", "paid_cents", "refunded_cents", "last_order_at", "shopper")
SELECT u."id",
	coalesce(o."n", 0), coalesce(o."cents", 0), coalesce(r."cents", 0), o."last_at", u."role" = 'shopper'
FROM "users" u
LEFT JOIN (
	SELECT "user_id", count(*) AS "n", sum("amount_cents") AS "cents", max("created_at") AS "last_at"
	FROM "orders" WHERE "paid_at" IS NOT NULL GROUP BY "user_id"
) o ON o."user_id" = u."id"
LEFT JOIN (
	SELECT o2."user_id", sum(f."amount_cents") AS "cents"
	FROM "order_refunds" f JOIN "orders" o2 ON o2."id" = f."order_id"
	WHERE f."status" <> 'failed' GROUP BY o2."user_id"
) r ON r."user_id" = u."id";
--> statement-breakpoint
CREATE FUNCTION "customer_stats_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "customer_stats" AS s ("user_id", "shopper") VALUES (NEW."id", NEW."role" = 'shopper')
	ON CONFLICT ("user_id") DO UPDATE SET "shopper" = excluded."shopper" WHERE s."shopper" IS DISTINCT FROM excluded."shopper";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_customer_stats" AFTER INSERT OR UPDATE OF "role" ON "users" FOR EACH ROW EXECUTE FUNCTION "customer_stats_user_changed"();
--> statement-breakpoint
-- Statement-level, over the statement's transition tables: one change per customer per
-- statement, however many of their orders it touches (a row-level trigger updating one customer's
-- row once for each of 20,000 bulk-inserted orders walks an ever longer chain of row versions).
-- A status move of a paid order adds nothing and writes nothing.
CREATE FUNCTION "customer_stats_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "customer_stats" AS s ("user_id", "order_count", "paid_cents", "last_order_at")
		SELECT d."user_id", sum(d."n"), sum(d."cents"), max(d."last_at")
		FROM (SELECT "user_id", 1 AS "n", "amount_cents"::bigint AS "cents", "created_at" AS "last_at" FROM "new_orders" WHERE "paid_at" IS NOT NULL) d
		GROUP BY d."user_id"
		HAVING sum(d."n") <> 0 OR sum(d."cents") <> 0
		ON CONFLICT ("user_id") DO UPDATE SET
			"order_count" = s."order_count" + excluded."order_count",
			"paid_cents" = s."paid_cents" + excluded."paid_cents",
			"last_order_at" = greatest(s."last_order_at", excluded."last_order_at");
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "customer_stats" AS s ("user_id", "order_count", "paid_cents", "last_order_at")
		SELECT d."user_id", sum(d."n"), sum(d."cents"), max(d."last_at")
		FROM (SELECT "user_id", -1 AS "n", -"amount_cents"::bigint AS "cents", NULL::timestamptz AS "last_at" FROM "old_orders" WHERE "paid_at" IS NOT NULL) d
		GROUP BY d."user_id"
		HAVING sum(d."n") <> 0 OR sum(d."cents") <> 0
		ON CONFLICT ("user_id") DO UPDATE SET
			"order_count" = s."order_count" + excluded."order_count",
			"paid_cents" = s."paid_cents" + excluded."paid_cents",
			"last_order_at" = greatest(s."last_order_at", excluded."last_order_at");
	ELSE
		INSERT INTO "customer_stats" AS s ("user_id", "order_count", "paid_cents", "last_order_at")
		SELECT d."user_id", sum(d."n"), sum(d."cents"), max(d."last_at")
		FROM (SELECT "user_id", 1 AS "n", "amount_cents"::bigint AS "cents", "created_at" AS "last_at" FROM "new_orders" WHERE "paid_at" IS NOT NULL UNION ALL SELECT "user_id", -1 AS "n", -"amount_cents"::bigint AS "cents", NULL::timestamptz AS "last_at" FROM "old_orders" WHERE "paid_at" IS NOT NULL) d
		GROUP BY d."user_id"
		HAVING sum(d."n") <> 0 OR sum(d."cents") <> 0
		ON CONFLICT ("user_id") DO UPDATE SET
			"order_count" = s."order_count" + excluded."order_count",
			"paid_cents" = s."paid_cents" + excluded."paid_cents",
			"last_order_at" = greatest(s."last_order_at", excluded."last_order_at");
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_customer_stats_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "orders_customer_stats_updated" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "orders_customer_stats_deleted" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "customer_stats_orders_changed"();
--> statement-breakpoint
CREATE FUNCTION "customer_stats_refund_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	delta bigint := 0;
	order_ref text;
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" <> 'failed' THEN
		delta := delta - OLD."amount_cents";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" <> 'failed' THEN
		delta := delta + NEW."amount_cents";
	END IF;
	order_ref := CASE WHEN TG_OP = 'DELETE' THEN OLD."order_id" ELSE NEW."order_id" END;
	IF delta <> 0 THEN
		UPDATE "customer_stats" SET "refunded_cents" = "refunded_cents" + delta
		WHERE "user_id" = (SELECT "user_id" FROM "orders" WHERE "id" = order_ref);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_refunds_customer_stats" AFTER INSERT OR UPDATE OR DELETE ON "order_refunds" FOR EACH ROW EXECUTE FUNCTION "customer_stats_refund_changed"();
--> statement-breakpoint
-- The list's sorts, each with the user id as the tie-break (a stable page order), shoppers only.
-- A page is found in the index alone (EXPLAIN: Index Only Scan, then 25 rows fetched), so the
-- last of 800 pages costs about what the first does. Descending indexes put customers who never
-- ordered last when the newest or biggest come first.
CREATE INDEX "customer_stats_spend_idx" ON "customer_stats" USING btree ("spend_cents" DESC, "user_id" DESC) WHERE "shopper";
--> statement-breakpoint
CREATE INDEX "customer_stats_orders_idx" ON "customer_stats" USING btree ("order_count" DESC, "user_id" DESC) WHERE "shopper";
--> statement-breakpoint
CREATE INDEX "customer_stats_last_order_idx" ON "customer_stats" USING btree ("last_order_at" DESC NULLS LAST, "user_id" DESC) WHERE "shopper";
--> statement-breakpoint
CREATE INDEX "users_shopper_name_idx" ON "users" USING btree (lower("name"), "id") WHERE "role" = 'shopper';
--> statement-breakpoint
-- The order board's pages the same way: the page's ids from the index alone (its filters on status
-- and payment are in the index), then only those orders read. The default view, and the orders to fulfil.
CREATE INDEX "orders_board_page_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("status", "paid_at");
--> statement-breakpoint
CREATE INDEX "orders_to_fulfil_page_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC) WHERE "status" IN ('Order Placed', 'Processing');
