CREATE TABLE "print_bridges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "print_jobs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" uuid NOT NULL,
	"printer_id" uuid NOT NULL,
	"redirected_from_id" uuid,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"opens_drawer" boolean DEFAULT false NOT NULL,
	"order_id" uuid,
	"round_no" integer,
	"station_id" uuid,
	"cause_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"may_have_printed" boolean DEFAULT false NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "printer_stations" (
	"printer_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	CONSTRAINT "printer_stations_printer_id_station_id_pk" PRIMARY KEY("printer_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer DEFAULT 9100 NOT NULL,
	"paper_width" integer DEFAULT 80 NOT NULL,
	"mode" text DEFAULT 'raster' NOT NULL,
	"codepage" text,
	"prints_bills" boolean DEFAULT false NOT NULL,
	"prints_receipts" boolean DEFAULT false NOT NULL,
	"prints_z_reports" boolean DEFAULT false NOT NULL,
	"has_drawer" boolean DEFAULT false NOT NULL,
	"fallback_printer_id" uuid,
	"fallback_after_seconds" integer DEFAULT 60 NOT NULL,
	"bridge_id" uuid,
	"status" text,
	"status_at" timestamp with time zone,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_paper_width" CHECK ("printers"."paper_width" in (58, 80)),
	CONSTRAINT "printers_port" CHECK ("printers"."port" between 1 and 65535),
	CONSTRAINT "printers_fallback_after" CHECK ("printers"."fallback_after_seconds" between 10 and 3600)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_check";--> statement-breakpoint
ALTER TABLE "print_bridges" ADD CONSTRAINT "print_bridges_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_redirected_from_id_printers_id_fk" FOREIGN KEY ("redirected_from_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_stations" ADD CONSTRAINT "printer_stations_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_stations" ADD CONSTRAINT "printer_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_fallback_printer_id_printers_id_fk" FOREIGN KEY ("fallback_printer_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_bridge_id_print_bridges_id_fk" FOREIGN KEY ("bridge_id") REFERENCES "public"."print_bridges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_bridges_key_hash_unique" ON "print_bridges" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "print_bridges_branch_idx" ON "print_bridges" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_cause_unique" ON "print_jobs" USING btree ("cause_key");--> statement-breakpoint
CREATE INDEX "print_jobs_queued_idx" ON "print_jobs" USING btree ("printer_id","seq") WHERE "print_jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "print_jobs_branch_order_idx" ON "print_jobs" USING btree ("branch_id","order_id");--> statement-breakpoint
CREATE INDEX "printer_stations_station_idx" ON "printer_stations" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "printers_branch_name_unique" ON "printers" USING btree ("branch_id",lower("name"));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_check" CHECK ("audit_log"."kind" in ('void', 'merge', 'split', 'move', 'refund', 'cash-movement', 'shift-close', 'shift-reopen', 'bank-transfer', 'approval-refused', 'stock-transfer', 'drawer-open'));