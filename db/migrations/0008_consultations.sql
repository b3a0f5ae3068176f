-- The conflict check (app/booking/conflicts.server.ts) compares names by trigram similarity after
-- removing accents. Both ship with PostgreSQL (contrib, trusted since PostgreSQL 13) and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "consultation_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"lawyer_id" integer,
	"kind" text NOT NULL,
	"area" text,
	"language" text DEFAULT 'en' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_closed_dates" (
	"day" date PRIMARY KEY NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hours" jsonb NOT NULL,
	"slot_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"min_notice_hours" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"kinds" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_lawyer_id_team_members_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_parties" ADD CONSTRAINT "consultation_parties_booking_id_consultation_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."consultation_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_bookings_slot_uq" ON "consultation_bookings" USING btree (coalesce("lawyer_id", 0),"starts_at") WHERE "consultation_bookings"."status" in ('booked', 'confirmed');--> statement-breakpoint
CREATE INDEX "consultation_bookings_starts_at_idx" ON "consultation_bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "consultation_parties_booking_idx" ON "consultation_parties" USING btree ("booking_id");