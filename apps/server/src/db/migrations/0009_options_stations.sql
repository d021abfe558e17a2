CREATE TABLE "item_option_groups" (
	"item_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_option_groups_item_id_group_id_pk" PRIMARY KEY("item_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_selected" integer DEFAULT 0 NOT NULL,
	"max_selected" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "option_groups_limits" CHECK ("option_groups"."min_selected" >= 0 and "option_groups"."max_selected" >= 1 and "option_groups"."min_selected" <= "option_groups"."max_selected")
);
--> statement-breakpoint
CREATE TABLE "option_recipe_lines" (
	"option_id" uuid NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	CONSTRAINT "option_recipe_lines_option_id_ingredient_id_pk" PRIMARY KEY("option_id","ingredient_id")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_delta" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"target_minutes" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_ticket_prints" (
	"order_id" uuid NOT NULL,
	"round_no" integer NOT NULL,
	"station_key" text NOT NULL,
	"copies" integer NOT NULL,
	"last_printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_ticket_prints_order_id_round_no_station_key_pk" PRIMARY KEY("order_id","round_no","station_key")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "station_id" uuid;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "station_id" uuid;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "prep_minutes" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "station_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_option_groups" ADD CONSTRAINT "item_option_groups_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_option_groups" ADD CONSTRAINT "item_option_groups_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_recipe_lines" ADD CONSTRAINT "option_recipe_lines_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_recipe_lines" ADD CONSTRAINT "option_recipe_lines_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_ticket_prints" ADD CONSTRAINT "kitchen_ticket_prints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_option_groups_group_idx" ON "item_option_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "option_groups_name_unique" ON "option_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "option_recipe_lines_ingredient_idx" ON "option_recipe_lines" USING btree ("ingredient_id");--> statement-breakpoint
CREATE INDEX "options_group_id_idx" ON "options" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_name_unique" ON "stations" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;