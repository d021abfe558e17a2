CREATE TABLE "bank_notifications" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"account_number" text,
	"transacted_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"payment_id" uuid,
	"applied_by_id" uuid,
	"applied_at" timestamp with time zone,
	CONSTRAINT "bank_notifications_outcome_check" CHECK ("bank_notifications"."outcome" in ('paid', 'refused', 'applied')),
	CONSTRAINT "bank_notifications_amount_positive" CHECK ("bank_notifications"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD CONSTRAINT "bank_notifications_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD CONSTRAINT "bank_notifications_applied_by_id_users_id_fk" FOREIGN KEY ("applied_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_notifications_refused_idx" ON "bank_notifications" USING btree ("received_at") WHERE "bank_notifications"."outcome" = 'refused';--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('void', 'merge', 'split', 'move', 'refund', 'cash-movement', 'shift-close', 'shift-reopen', 'bank-transfer'));--> statement-breakpoint
-- Transfers paid from a notification before this table existed are known by their payment: a repeat of one
-- must still be answered as a duplicate.
INSERT INTO "bank_notifications" ("transaction_id", "amount", "description", "transacted_at", "received_at", "outcome", "payment_id")
SELECT "bank_transaction_id", "amount", '', "taken_at", "taken_at", 'paid', "id" FROM "order_payments" WHERE "bank_transaction_id" IS NOT NULL;
