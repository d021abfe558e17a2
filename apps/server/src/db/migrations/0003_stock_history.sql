CREATE TABLE "ingredient_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ingredient_id" uuid NOT NULL,
	"change" numeric(14, 3) NOT NULL,
	"quantity_after" numeric(14, 3) NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingredient_history_reason_check" CHECK ("ingredient_history"."reason" in ('initial', 'restock', 'adjustment', 'waste', 'order', 'order_cancelled'))
);
--> statement-breakpoint
ALTER TABLE "ingredient_history" ADD CONSTRAINT "ingredient_history_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_history" ADD CONSTRAINT "ingredient_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_history" ADD CONSTRAINT "ingredient_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingredient_history_ingredient_created_idx" ON "ingredient_history" USING btree ("ingredient_id","created_at");--> statement-breakpoint
CREATE INDEX "ingredient_history_order_idx" ON "ingredient_history" USING btree ("order_id") WHERE "ingredient_history"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "ingredients" ADD CONSTRAINT "ingredients_threshold_not_negative" CHECK ("ingredients"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "ingredients" ADD CONSTRAINT "ingredients_cost_not_negative" CHECK ("ingredients"."cost_per_unit" >= 0);