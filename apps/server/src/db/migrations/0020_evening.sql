CREATE TABLE "order_bill_prints" (
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"copies" integer NOT NULL,
	"last_printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_bill_prints_order_id_kind_pk" PRIMARY KEY("order_id","kind"),
	CONSTRAINT "order_bill_prints_kind_check" CHECK ("order_bill_prints"."kind" in ('bill', 'receipt'))
);
--> statement-breakpoint
ALTER TABLE "order_payments" DROP CONSTRAINT "order_payments_money_check";--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD COLUMN "prices_include_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD COLUMN "cash_rounding" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD COLUMN "public_address" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "option_groups" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "rounding" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_bill_prints" ADD CONSTRAINT "order_bill_prints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD CONSTRAINT "restaurant_settings_cash_rounding_check" CHECK ("restaurant_settings"."cash_rounding" in (0, 500, 1000));--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_money_check" CHECK ("order_payments"."amount" > 0 and "order_payments"."tip" >= 0 and "order_payments"."refunded" between 0 and "order_payments"."amount" and ("order_payments"."tendered" is null or "order_payments"."tendered" >= "order_payments"."amount" + "order_payments"."rounding" + "order_payments"."tip") and ("order_payments"."rounding" = 0 or "order_payments"."method" = 'cash'));--> statement-breakpoint
-- A new restaurant prices with VAT inside and rounds cash to 1.000 ₫; one that already sells keeps VAT added
-- on top and exact cash, as its menu and staff know it, until an admin changes them in the settings.
UPDATE "restaurant_settings" SET "prices_include_tax" = false, "cash_rounding" = 0;--> statement-breakpoint
INSERT INTO "restaurant_settings" ("id", "prices_include_tax", "cash_rounding")
SELECT 1, false, 0 WHERE EXISTS (SELECT 1 FROM "orders") AND NOT EXISTS (SELECT 1 FROM "restaurant_settings");
