-- A product's review pages: a version bumped in the same transaction as every change a shopper
-- sees on them (a review approved, taken away or edited while approved, a helpful vote, a shop
-- reply), so each instance serves a page it made while the version is unchanged after one read of
-- the product's star totals; and the two orders no index gave (lowest rated: stars up, newest first;
-- most helpful among one star count) read from an index in that order instead of sorted per request.
ALTER TABLE "product_ratings" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "reviews_product_lowest_idx" ON "reviews" USING btree ("product_id","status","rating","created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE INDEX "reviews_product_stars_helpful_idx" ON "reviews" USING btree ("product_id","status","rating","helpful_count","created_at","id");
