CREATE TABLE "einvoice_settings" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"sign_in_url" text NOT NULL,
	"api_url" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"seller_tax_code" text NOT NULL,
	"template_code" text NOT NULL,
	"invoice_series" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einvoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text NOT NULL,
	"buyer" jsonb,
	"lines" jsonb,
	"taxes_by_rate" jsonb,
	"original_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"outcome_unknown" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"invoice_number" text,
	"series" text,
	"template_code" text,
	"lookup_code" text,
	"tax_authority_code" text,
	"issued_at" timestamp with time zone,
	"reason" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoices_kind_check" CHECK ("einvoices"."kind" in ('sale', 'adjustment')),
	CONSTRAINT "einvoices_status_check" CHECK ("einvoices"."status" in ('waiting', 'issued', 'failed', 'cancelling', 'cancelled'))
);
--> statement-breakpoint
-- One VAT rate for the whole restaurant becomes its default rate: every dish follows it until a category or the
-- dish says otherwise. Rates are now those a Vietnamese invoice carries (0, 5, 8, 10 or KCT); an old rate
-- between them becomes the nearest.
ALTER TABLE "restaurant_settings" ALTER COLUMN "tax_rate" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "restaurant_settings" ALTER COLUMN "tax_rate" SET DATA TYPE text USING (CASE WHEN tax_rate >= 9 THEN '10' WHEN tax_rate >= 6.5 THEN '8' WHEN tax_rate >= 2.5 THEN '5' ELSE '0' END);--> statement-breakpoint
ALTER TABLE "restaurant_settings" ALTER COLUMN "tax_rate" SET DEFAULT '8';--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD COLUMN "service_vat_rate" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "vat_rate" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "vat_rate" text;--> statement-breakpoint
-- Orders already placed keep what they were charged: their one rate becomes each line's rate, the service
-- charge's, and their bill's only part. An order charged at a rate no invoice carries (7 %) keeps its tax under
-- the nearest rate's name ("8 %" with 7 % of tax): no invoice can be made from it, so sending the missing invoices
-- queues it failed, saying so, and the worker refuses to build one (its lines no longer give its stored tax).
ALTER TABLE "order_lines" ADD COLUMN "vat_rate" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_vat_rate" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_buyer" jsonb;--> statement-breakpoint
-- An order billed before VAT by dish keeps the tax it was charged, under the listed rate nearest its own: one
-- billed at an off-list rate (7 %) gets a part named 8 % that holds 7 %'s tax. Its lines no longer give that
-- tax, so its e-invoice is never sent: the worker fails it saying so, for a person to issue by hand.
UPDATE "orders" SET "service_vat_rate" = (CASE WHEN tax_rate >= 9 THEN '10' WHEN tax_rate >= 6.5 THEN '8' WHEN tax_rate >= 2.5 THEN '5' ELSE '0' END),
  "taxes" = CASE WHEN "total" > 0
    THEN jsonb_build_array(jsonb_build_object('vatRate', (CASE WHEN tax_rate >= 9 THEN '10' WHEN tax_rate >= 6.5 THEN '8' WHEN tax_rate >= 2.5 THEN '5' ELSE '0' END)::int, 'taxable', "total" - "tax", 'tax', "tax"))
    ELSE '[]'::jsonb END;--> statement-breakpoint
UPDATE "order_lines" SET "vat_rate" = o."service_vat_rate" FROM "orders" o WHERE o."id" = "order_lines"."order_id";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "vat_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "service_vat_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoice_settings" ADD CONSTRAINT "einvoice_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_transaction_id_unique" ON "einvoices" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_one_sale_per_order" ON "einvoices" USING btree ("order_id") WHERE "einvoices"."kind" = 'sale';--> statement-breakpoint
CREATE INDEX "einvoices_order_idx" ON "einvoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "einvoices_due_idx" ON "einvoices" USING btree ("next_attempt_at") WHERE "einvoices"."status" in ('waiting', 'cancelling');--> statement-breakpoint
CREATE INDEX "einvoices_branch_created_idx" ON "einvoices" USING btree ("branch_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tax_rate";--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD CONSTRAINT "restaurant_settings_tax_rate_check" CHECK (tax_rate in ('KCT', '0', '5', '8', '10'));--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD CONSTRAINT "restaurant_settings_service_vat_rate_check" CHECK (service_vat_rate in ('KCT', '0', '5', '8', '10'));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_vat_rate_check" CHECK (vat_rate in ('KCT', '0', '5', '8', '10'));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_vat_rate_check" CHECK (vat_rate in ('KCT', '0', '5', '8', '10'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vat_rate_check" CHECK (vat_rate in ('KCT', '0', '5', '8', '10'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_vat_rate_check" CHECK (service_vat_rate in ('KCT', '0', '5', '8', '10'));--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('void', 'merge', 'split', 'move', 'refund', 'cash-movement', 'shift-close', 'shift-reopen', 'bank-transfer', 'approval-refused', 'stock-transfer', 'drawer-open', 'einvoice'));