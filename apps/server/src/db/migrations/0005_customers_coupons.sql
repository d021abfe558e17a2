CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"membership_level" text DEFAULT 'bronze' NOT NULL,
	"loyalty_points" integer DEFAULT 0 NOT NULL,
	"total_spent" bigint DEFAULT 0 NOT NULL,
	"total_orders" integer DEFAULT 0 NOT NULL,
	"last_visit" timestamp with time zone,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_status_check" CHECK ("customers"."status" in ('active', 'inactive')),
	CONSTRAINT "customers_level_check" CHECK ("customers"."membership_level" in ('bronze', 'silver', 'gold', 'platinum')),
	CONSTRAINT "customers_counters_not_negative" CHECK ("customers"."loyalty_points" >= 0 and "customers"."total_spent" >= 0 and "customers"."total_orders" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"min_order_value" integer DEFAULT 0 NOT NULL,
	"max_discount" integer,
	"start_date" date,
	"end_date" date,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"spin_weight" integer DEFAULT 0 NOT NULL,
	"customer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_discount_type_check" CHECK ("coupons"."discount_type" in ('percent', 'fixed')),
	CONSTRAINT "coupons_values_check" CHECK ("coupons"."discount_value" >= 1 and ("coupons"."discount_type" = 'fixed' or "coupons"."discount_value" <= 100) and "coupons"."min_order_value" >= 0 and "coupons"."spin_weight" >= 0),
	CONSTRAINT "coupons_usage_check" CHECK ("coupons"."used_count" >= 0 and ("coupons"."usage_limit" is null or "coupons"."used_count" <= "coupons"."usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "spins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid,
	"spun_on" date NOT NULL,
	"label" text NOT NULL,
	"prize_coupon_id" uuid,
	"issued_coupon_id" uuid,
	"issued_code" text,
	"spun_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD COLUMN "loyalty" jsonb DEFAULT '{"vndPerPoint":10000,"multipliers":{"bronze":1,"silver":1.2,"gold":1.5,"platinum":2},"thresholds":{"silver":2000000,"gold":5000000,"platinum":15000000}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_prize_coupon_id_coupons_id_fk" FOREIGN KEY ("prize_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_issued_coupon_id_coupons_id_fk" FOREIGN KEY ("issued_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_spun_by_id_users_id_fk" FOREIGN KEY ("spun_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_unique" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupons_spin_idx" ON "coupons" USING btree ("spin_weight") WHERE "coupons"."spin_weight" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "spins_one_per_day" ON "spins" USING btree ("customer_id","spun_on");--> statement-breakpoint
CREATE INDEX "spins_created_at_idx" ON "spins" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_customer_completed_idx" ON "orders" USING btree ("customer_id","completed_at") WHERE "orders"."status" = 'completed' and "orders"."customer_id" is not null;