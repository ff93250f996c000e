-- Fulfilment: staff-only notes on an order (never sent to the shopper) and tags, both found by the
-- board's search. A note keeps its author's name and e-mail should the account go.
CREATE TABLE "order_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","created_at");
--> statement-breakpoint
CREATE INDEX "order_notes_search_idx" ON "order_notes" USING gin (to_tsvector('simple'::regconfig, "body"));
--> statement-breakpoint
CREATE TABLE "order_tags" (
	"order_id" text NOT NULL,
	"tag" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tags_order_id_tag_pk" PRIMARY KEY("order_id","tag")
);
--> statement-breakpoint
ALTER TABLE "order_tags" ADD CONSTRAINT "order_tags_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Tag search is a prefix match ('gift' finds 'gift-wrap'); suggestions count by tag.
CREATE INDEX "order_tags_tag_idx" ON "order_tags" USING btree ("tag" text_pattern_ops);
