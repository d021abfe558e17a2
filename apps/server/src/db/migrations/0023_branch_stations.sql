CREATE TABLE "branch_stations" (
	"branch_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"in_use" boolean NOT NULL,
	CONSTRAINT "branch_stations_branch_id_station_id_pk" PRIMARY KEY("branch_id","station_id")
);
--> statement-breakpoint
ALTER TABLE "branch_stations" ADD CONSTRAINT "branch_stations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stations" ADD CONSTRAINT "branch_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_stations_station_idx" ON "branch_stations" USING btree ("station_id");--> statement-breakpoint
ALTER TABLE "ingredient_history" ADD CONSTRAINT "ingredient_history_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE no action ON UPDATE no action;