ALTER TABLE "items" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "description_en" text;