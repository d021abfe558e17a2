CREATE TABLE "item_sales_by_day" (
	"day" date NOT NULL,
	"item_id" uuid,
	"category_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"revenue" bigint NOT NULL,
	CONSTRAINT "item_sales_by_day_key" UNIQUE NULLS NOT DISTINCT("day","item_id","category_id","name")
);
--> statement-breakpoint
CREATE TABLE "sales_by_hour" (
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"payment_method" text NOT NULL,
	"revenue" bigint NOT NULL,
	"orders" integer NOT NULL,
	"guests" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"timezone" text,
	CONSTRAINT "sales_rollup_state_single_row" CHECK ("sales_rollup_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "item_sales_by_day_category_idx" ON "item_sales_by_day" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_by_hour_key" ON "sales_by_hour" USING btree ("day","hour","payment_method");--> statement-breakpoint
CREATE INDEX "orders_completed_at_idx" ON "orders" USING btree ("completed_at") WHERE "orders"."status" = 'completed';--> statement-breakpoint
INSERT INTO "sales_rollup_state" ("id", "timezone") VALUES (1, NULL);
