CREATE TABLE "branch_items" (
	"branch_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"price" integer,
	"is_sold" boolean DEFAULT true NOT NULL,
	CONSTRAINT "branch_items_branch_id_item_id_pk" PRIMARY KEY("branch_id","item_id"),
	CONSTRAINT "branch_items_price_not_negative" CHECK ("branch_items"."price" is null or "branch_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "branch_members" (
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "branch_members_user_id_branch_id_pk" PRIMARY KEY("user_id","branch_id"),
	CONSTRAINT "branch_members_role_check" CHECK ("branch_members"."role" in ('manager', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "branch_options" (
	"branch_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"price_delta" integer,
	"is_sold" boolean DEFAULT true NOT NULL,
	CONSTRAINT "branch_options_branch_id_option_id_pk" PRIMARY KEY("branch_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "branch_stock" (
	"branch_id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"low_stock_threshold" numeric(14, 3) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_stock_branch_id_ingredient_id_pk" PRIMARY KEY("branch_id","ingredient_id"),
	CONSTRAINT "branch_stock_quantity_not_negative" CHECK ("branch_stock"."quantity" >= 0),
	CONSTRAINT "branch_stock_threshold_not_negative" CHECK ("branch_stock"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"tax_code" text DEFAULT '' NOT NULL,
	"receipt_header" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"next_order_no" integer DEFAULT 1001 NOT NULL,
	"timezone" text DEFAULT 'Asia/Ho_Chi_Minh' NOT NULL,
	"bank" jsonb,
	"service_charge" jsonb DEFAULT '{"rate":0,"dineIn":true,"takeaway":false,"table":true}'::jsonb NOT NULL,
	"language" text DEFAULT 'vi' NOT NULL,
	"reservations" jsonb DEFAULT '{"publicBooking":false,"defaultMinutes":90,"warnMinutes":60,"openingHours":[[{"from":"10:00","to":"14:00"},{"from":"17:00","to":"22:00"}],[{"from":"10:00","to":"14:00"},{"from":"17:00","to":"22:00"}],[{"from":"10:00","to":"14:00"},{"from":"17:00","to":"22:00"}],[{"from":"10:00","to":"14:00"},{"from":"17:00","to":"22:00"}],[{"from":"10:00","to":"14:00"},{"from":"17:00","to":"22:00"}],[{"from":"10:00","to":"14:00"},{"from":"17:00","to":"22:00"}],[{"from":"10:00","to":"14:00"},{"from":"17:00","to":"22:00"}]]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_language_check" CHECK ("branches"."language" in ('vi', 'en'))
);
--> statement-breakpoint
CREATE TABLE "coupon_branches" (
	"coupon_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	CONSTRAINT "coupon_branches_coupon_id_branch_id_pk" PRIMARY KEY("coupon_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"transfer_id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"sent" numeric(14, 3) NOT NULL,
	"received" numeric(14, 3),
	"difference_reason" text DEFAULT '' NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	CONSTRAINT "stock_transfer_lines_transfer_id_ingredient_id_pk" PRIMARY KEY("transfer_id","ingredient_id"),
	CONSTRAINT "stock_transfer_lines_sent_positive" CHECK ("stock_transfer_lines"."sent" > 0),
	CONSTRAINT "stock_transfer_lines_received_not_negative" CHECK ("stock_transfer_lines"."received" is null or "stock_transfer_lines"."received" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transfer_no" integer GENERATED ALWAYS AS IDENTITY (sequence name "stock_transfers_transfer_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_branch_id" uuid NOT NULL,
	"to_branch_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sent_by_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by_id" uuid,
	"received_at" timestamp with time zone,
	CONSTRAINT "stock_transfers_status_check" CHECK ("stock_transfers"."status" in ('sent', 'received')),
	CONSTRAINT "stock_transfers_two_branches" CHECK ("stock_transfers"."from_branch_id" <> "stock_transfers"."to_branch_id")
);
--> statement-breakpoint
-- Today's restaurant becomes the chain's first branch, with the settings a branch decides for itself.
INSERT INTO "branches" ("id", "name", "slug", "position", "next_order_no")
SELECT gen_random_uuid(), coalesce((SELECT "restaurant_name" FROM "restaurant_settings" WHERE "id" = 1), 'Quán Ngon'),
  'chi-nhanh-1', 1, coalesce((SELECT max("order_no") + 1 FROM "orders"), 1001);--> statement-breakpoint
UPDATE "branches" SET "timezone" = s."timezone", "bank" = s."bank", "service_charge" = s."service_charge",
  "language" = s."language", "reservations" = s."reservations"
FROM "restaurant_settings" s WHERE s."id" = 1;--> statement-breakpoint
INSERT INTO "branch_members" ("user_id", "branch_id", "role")
SELECT u."id", b."id", u."role" FROM "users" u, "branches" b WHERE u."role" <> 'admin';--> statement-breakpoint
INSERT INTO "branch_stock" ("branch_id", "ingredient_id", "quantity", "low_stock_threshold")
SELECT b."id", i."id", i."quantity", i."low_stock_threshold" FROM "ingredients" i, "branches" b;--> statement-breakpoint
ALTER TABLE "item_sales_by_day" DROP CONSTRAINT "item_sales_by_day_key";--> statement-breakpoint
ALTER TABLE "restaurant_settings" DROP CONSTRAINT "restaurant_settings_language_check";--> statement-breakpoint
ALTER TABLE "ingredients" DROP CONSTRAINT "ingredients_quantity_not_negative";--> statement-breakpoint
ALTER TABLE "ingredients" DROP CONSTRAINT "ingredients_threshold_not_negative";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "ingredient_history" DROP CONSTRAINT "ingredient_history_reason_check";--> statement-breakpoint
ALTER TABLE "sales_rollup_state" DROP CONSTRAINT "sales_rollup_state_single_row";--> statement-breakpoint
DROP INDEX "dining_tables_table_no_unique";--> statement-breakpoint
DROP INDEX "orders_order_no_unique";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "shifts_opened_at_idx";--> statement-breakpoint
DROP INDEX "ingredient_history_ingredient_created_idx";--> statement-breakpoint
DROP INDEX "reservations_starts_at_idx";--> statement-breakpoint
DROP INDEX "sales_by_hour_key";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_no" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "sessions" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "dining_tables" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "dining_tables" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "audit_log" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "orders" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "bank_notifications" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "shifts" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "shifts" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ingredient_history" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "ingredient_history" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "ingredient_history" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ingredient_history" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "item_sales_by_day" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "item_sales_by_day" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "item_sales_by_day" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_by_hour" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "sales_by_hour" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "sales_by_hour" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_rollup_state" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "sales_rollup_state" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
UPDATE "reservations" SET "branch_id" = (SELECT "id" FROM "branches");--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_items" ADD CONSTRAINT "branch_items_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_items" ADD CONSTRAINT "branch_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_members" ADD CONSTRAINT "branch_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_members" ADD CONSTRAINT "branch_members_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_options" ADD CONSTRAINT "branch_options_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_options" ADD CONSTRAINT "branch_options_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stock" ADD CONSTRAINT "branch_stock_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stock" ADD CONSTRAINT "branch_stock_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_branches" ADD CONSTRAINT "coupon_branches_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_branches" ADD CONSTRAINT "coupon_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_branch_id_branches_id_fk" FOREIGN KEY ("from_branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_branch_id_branches_id_fk" FOREIGN KEY ("to_branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_items_item_idx" ON "branch_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "branch_members_branch_idx" ON "branch_members" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "branch_options_option_idx" ON "branch_options" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "branch_stock_ingredient_idx" ON "branch_stock" USING btree ("ingredient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_slug_unique" ON "branches" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_position_unique" ON "branches" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfers_transfer_no_unique" ON "stock_transfers" USING btree ("transfer_no");--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("from_branch_id","sent_at");--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("to_branch_id","sent_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD CONSTRAINT "bank_notifications_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_history" ADD CONSTRAINT "ingredient_history_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_branch_table_no_unique" ON "dining_tables" USING btree ("branch_id","table_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_branch_order_no_unique" ON "orders" USING btree ("branch_id","order_no");--> statement-breakpoint
CREATE INDEX "orders_branch_created_at_idx" ON "orders" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "shifts_branch_opened_at_idx" ON "shifts" USING btree ("branch_id","opened_at");--> statement-breakpoint
CREATE INDEX "ingredient_history_branch_ingredient_created_idx" ON "ingredient_history" USING btree ("branch_id","ingredient_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_branch_starts_at_idx" ON "reservations" USING btree ("branch_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_by_hour_key" ON "sales_by_hour" USING btree ("branch_id","day","hour","payment_method");--> statement-breakpoint
ALTER TABLE "restaurant_settings" DROP COLUMN "timezone";--> statement-breakpoint
ALTER TABLE "restaurant_settings" DROP COLUMN "bank";--> statement-breakpoint
ALTER TABLE "restaurant_settings" DROP COLUMN "service_charge";--> statement-breakpoint
ALTER TABLE "restaurant_settings" DROP COLUMN "language";--> statement-breakpoint
ALTER TABLE "restaurant_settings" DROP COLUMN "reservations";--> statement-breakpoint
ALTER TABLE "ingredients" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "ingredients" DROP COLUMN "low_stock_threshold";--> statement-breakpoint
ALTER TABLE "sales_rollup_state" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "sales_rollup_state" ADD PRIMARY KEY ("branch_id");--> statement-breakpoint
ALTER TABLE "item_sales_by_day" ADD CONSTRAINT "item_sales_by_day_key" UNIQUE NULLS NOT DISTINCT("branch_id","day","item_id","category_id","name");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('void', 'merge', 'split', 'move', 'refund', 'cash-movement', 'shift-close', 'shift-reopen', 'bank-transfer', 'approval-refused', 'stock-transfer'));--> statement-breakpoint
ALTER TABLE "ingredient_history" ADD CONSTRAINT "ingredient_history_reason_check" CHECK ("ingredient_history"."reason" in ('initial', 'restock', 'adjustment', 'waste', 'order', 'order_cancelled', 'transfer_out', 'transfer_in'));