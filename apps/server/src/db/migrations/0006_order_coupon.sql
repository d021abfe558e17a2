ALTER TABLE "orders" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Orders placed before this column get it from their code.
UPDATE "orders" SET "coupon_id" = "coupons"."id" FROM "coupons" WHERE "coupons"."code" = "orders"."coupon_code" AND "orders"."coupon_id" IS NULL;
