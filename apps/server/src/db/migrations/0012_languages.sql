ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('vi', 'en'));--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD COLUMN "language" text DEFAULT 'vi' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD CONSTRAINT "restaurant_settings_language_check" CHECK ("restaurant_settings"."language" in ('vi', 'en'));--> statement-breakpoint
-- A new restaurant starts in Vietnamese; one that already runs keeps the English its staff know, until an
-- admin changes it in the settings.
UPDATE "restaurant_settings" SET "language" = 'en';--> statement-breakpoint
INSERT INTO "restaurant_settings" ("id", "language")
SELECT 1, 'en' WHERE EXISTS (SELECT 1 FROM "users") AND NOT EXISTS (SELECT 1 FROM "restaurant_settings");
