CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "conflict_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer,
	"contact_id" integer,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"record_id" integer NOT NULL,
	"matched" text NOT NULL,
	"similarity" real NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "conflict_matches_one_owner" CHECK (("conflict_matches"."booking_id" is null) <> ("conflict_matches"."contact_id" is null))
);
--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "staff_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_matches" ADD CONSTRAINT "conflict_matches_booking_id_consultation_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."consultation_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_matches" ADD CONSTRAINT "conflict_matches_contact_id_contact_submissions_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conflict_matches_booking_idx" ON "conflict_matches" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "conflict_matches_contact_idx" ON "conflict_matches" USING btree ("contact_id");