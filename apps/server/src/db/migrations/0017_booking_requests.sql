ALTER TABLE "reservations" DROP CONSTRAINT "reservations_status_check";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "request_address_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('requested', 'booked', 'arrived', 'done', 'cancelled', 'no_show', 'declined', 'expired'));