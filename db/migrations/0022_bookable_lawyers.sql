CREATE TABLE "bookable_lawyers" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"bookable" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"hours" jsonb,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{en}'::text[] NOT NULL,
	"kinds" text[] DEFAULT '{video,phone,office}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookable_lawyers" ADD CONSTRAINT "bookable_lawyers_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookable_lawyers" ADD CONSTRAINT "bookable_lawyers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;