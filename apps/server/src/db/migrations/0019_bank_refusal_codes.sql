ALTER TABLE "bank_notifications" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "bank_notifications" ADD COLUMN "reason_params" jsonb;