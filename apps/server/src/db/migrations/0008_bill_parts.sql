CREATE TABLE "order_bill_parts" (
	"order_id" uuid NOT NULL,
	"no" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"payment_method" text,
	"paid_at" timestamp with time zone,
	"paid_by_id" uuid,
	CONSTRAINT "order_bill_parts_order_id_no_pk" PRIMARY KEY("order_id","no")
);
--> statement-breakpoint
ALTER TABLE "order_bill_parts" ADD CONSTRAINT "order_bill_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bill_parts" ADD CONSTRAINT "order_bill_parts_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;