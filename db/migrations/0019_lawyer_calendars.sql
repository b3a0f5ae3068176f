CREATE TABLE "lawyer_calendars" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"host" text NOT NULL,
	"busy" jsonb,
	"busy_until" timestamp with time zone,
	"read_at" timestamp with time zone,
	"tried_at" timestamp with time zone,
	"error" text,
	"next_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawyer_feeds" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lawyer_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "lawyer_calendars" ADD CONSTRAINT "lawyer_calendars_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_feeds" ADD CONSTRAINT "lawyer_feeds_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;