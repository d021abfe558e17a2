CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"actor_id" uuid,
	"approved_by_id" uuid,
	"summary" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('void', 'merge', 'split', 'move'))
);
--> statement-breakpoint
CREATE TABLE "order_rounds" (
	"order_id" uuid NOT NULL,
	"no" integer NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by_id" uuid,
	CONSTRAINT "order_rounds_order_id_no_pk" PRIMARY KEY("order_id","no"),
	CONSTRAINT "order_rounds_status_check" CHECK ("order_rounds"."status" in ('pending', 'in_progress', 'ready', 'served', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "round_no" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "voided_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ingredient_history" ADD COLUMN "round_no" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rounds" ADD CONSTRAINT "order_rounds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rounds" ADD CONSTRAINT "order_rounds_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_kind_created_at_idx" ON "audit_log" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_voided_within_quantity" CHECK ("order_lines"."voided_quantity" between 0 and "order_lines"."quantity");--> statement-breakpoint
-- Every order placed before rounds existed is its own first round (a completed order's round was served).
INSERT INTO "order_rounds" ("order_id", "no", "status", "source", "sent_at", "sent_by_id")
SELECT "id", 1, CASE "status" WHEN 'completed' THEN 'served' ELSE "status" END, "source", "created_at", "created_by_id"
FROM "orders";
--> statement-breakpoint
UPDATE "ingredient_history" SET "round_no" = 1 WHERE "order_id" IS NOT NULL;
