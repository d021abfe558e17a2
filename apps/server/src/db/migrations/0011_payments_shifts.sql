CREATE TABLE "cash_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shift_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"by_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movements_kind_check" CHECK ("cash_movements"."kind" in ('in', 'out')),
	CONSTRAINT "cash_movements_amount_positive" CHECK ("cash_movements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"part_no" integer,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"tip" integer DEFAULT 0 NOT NULL,
	"tendered" integer,
	"taken_by_id" uuid,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shift_id" uuid,
	"bank_transaction_id" text,
	"refunded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_payments_money_check" CHECK ("order_payments"."amount" > 0 and "order_payments"."tip" >= 0 and "order_payments"."refunded" between 0 and "order_payments"."amount" and ("order_payments"."tendered" is null or "order_payments"."tendered" >= "order_payments"."amount" + "order_payments"."tip")),
	CONSTRAINT "order_payments_method_check" CHECK ("order_payments"."method" in ('cash', 'card', 'transfer', 'ewallet', 'voucher'))
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"refunded_by_id" uuid,
	"refunded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shift_id" uuid,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shift_no" integer GENERATED ALWAYS AS IDENTITY (sequence name "shifts_shift_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" text NOT NULL,
	"device_name" text NOT NULL,
	"status" text NOT NULL,
	"opened_by_id" uuid,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float" integer NOT NULL,
	"closed_by_id" uuid,
	"closed_at" timestamp with time zone,
	"counted_cash" integer,
	"note_counts" jsonb,
	"expected_cash" integer,
	"note" text DEFAULT '' NOT NULL,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shifts_status_check" CHECK ("shifts"."status" in ('open', 'closed')),
	CONSTRAINT "shifts_money_not_negative" CHECK ("shifts"."opening_float" >= 0 and coalesce("shifts"."counted_cash", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD COLUMN "service_charge" jsonb DEFAULT '{"rate":0,"dineIn":true,"takeaway":false,"table":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_bill_parts" ADD COLUMN "service_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_rate" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shift_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_taken_by_id_users_id_fk" FOREIGN KEY ("taken_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_refunded_by_id_users_id_fk" FOREIGN KEY ("refunded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_opened_by_id_users_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_shift_id_idx" ON "cash_movements" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_id_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_payments_shift_id_idx" ON "order_payments" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "order_payments_taken_at_idx" ON "order_payments" USING btree ("taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_bank_transaction_unique" ON "order_payments" USING btree ("bank_transaction_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_id_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_shift_id_idx" ON "payment_refunds" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_shift_no_unique" ON "shifts" USING btree ("shift_no");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_per_device" ON "shifts" USING btree ("device_id") WHERE "shifts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "shifts_opened_at_idx" ON "shifts" USING btree ("opened_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shift_id_idx" ON "orders" USING btree ("shift_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('void', 'merge', 'split', 'move', 'refund', 'cash-movement', 'shift-close', 'shift-reopen'));--> statement-breakpoint
-- Orders paid before payments were kept one by one: each paid part of a split bill, or else each completed
-- order, becomes one payment of its whole amount in its method, taken when it was paid.
INSERT INTO "order_payments" ("id", "order_id", "part_no", "method", "amount", "taken_by_id", "taken_at")
SELECT gen_random_uuid(), p."order_id", p."no", p."payment_method", p."total", p."paid_by_id", p."paid_at"
FROM "order_bill_parts" p
WHERE p."paid_at" IS NOT NULL AND p."payment_method" IS NOT NULL AND p."total" > 0;--> statement-breakpoint
INSERT INTO "order_payments" ("id", "order_id", "method", "amount", "taken_at")
SELECT gen_random_uuid(), o."id", o."payment_method", o."total", coalesce(o."completed_at", o."updated_at")
FROM "orders" o
WHERE o."status" = 'completed' AND o."payment_method" IS NOT NULL AND o."total" > 0
  AND NOT EXISTS (SELECT 1 FROM "order_bill_parts" p WHERE p."order_id" = o."id");
