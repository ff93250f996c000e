-- Stock per option, for real: every purchasable option gets its stock_options row (the contract of
-- 0007_operations), a bundle names the option it holds of each product, and shoppers may ask to be
-- told when a sold-out option is back.
--
-- Backfill: every colour × size of every product ('|' for a part it does not have) and every
-- accessory ('accessory-<index>'). A product (or accessory) flagged out of stock becomes stocked
-- only with nothing on hand; everything else is made to order (120 minutes of PLA per unit, a
-- default staff refine in the product editor). The out_of_stock flag is no longer read: the
-- catalog computes it from these rows.
INSERT INTO "stock_options" ("product_id", "variant", "on_hand", "made_to_order", "print_minutes", "material")
SELECT p."id", c."color" || '|' || s."size", 0, NOT p."out_of_stock", 120, 'PLA'
FROM "products" p
CROSS JOIN LATERAL (
	SELECT e ->> 'color' AS "color" FROM jsonb_array_elements(p."color_variants") e
	UNION ALL SELECT '' WHERE jsonb_array_length(p."color_variants") = 0
) c
CROSS JOIN LATERAL (
	SELECT x AS "size" FROM jsonb_array_elements_text(p."clothing_sizes" || p."canvas_sizes") x
	UNION ALL SELECT '' WHERE jsonb_array_length(p."clothing_sizes" || p."canvas_sizes") = 0
) s
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "stock_options" ("product_id", "variant", "on_hand", "made_to_order", "print_minutes", "material")
SELECT p."id", 'accessory-' || (a."i" - 1), 0, NOT (p."out_of_stock" OR coalesce((a."acc" ->> 'outOfStock')::boolean, false)), 120, 'PLA'
FROM "products" p
CROSS JOIN LATERAL jsonb_array_elements(p."accessories") WITH ORDINALITY AS a("acc", "i")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The option (the cart key's variant part) a bundle holds of each of its products, by product id;
-- a product it does not name holds its first colour and size.
ALTER TABLE "bundles" ADD COLUMN "product_options" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- "Tell me when it's back": one request per account and option; `notified_at` once its e-mail is
-- queued (sent once; asking again after that starts a new request).
CREATE TABLE "back_in_stock_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "back_in_stock_requests_user_option_unique" UNIQUE("user_id","product_id","variant")
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_waiting_idx" ON "back_in_stock_requests" USING btree ("product_id","variant") WHERE "notified_at" IS NULL;
