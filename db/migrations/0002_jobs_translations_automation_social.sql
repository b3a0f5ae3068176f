CREATE TABLE "job_items" (
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone,
	"payload" jsonb,
	"progress" jsonb,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_items_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "translation_states" (
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"field" text NOT NULL,
	"language" text NOT NULL,
	"state" text NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_states_entity_entity_id_field_language_pk" PRIMARY KEY("entity","entity_id","field","language")
);
--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "topic_id" integer;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "post_id" integer;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "blog_automation_settings" ADD COLUMN "publish_mode" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "instagram_container_id" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "instagram_permalink" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "instagram_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "ai_generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "awaiting_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "notify_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "notify_error" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instagram_settings" ADD COLUMN "token_last4" text;--> statement-breakpoint
ALTER TABLE "instagram_settings" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "instagram_settings" ADD COLUMN "profile_picture_url" text;--> statement-breakpoint
ALTER TABLE "instagram_settings" ADD COLUMN "reconnect_needed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "instagram_settings" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "instagram_settings" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "unique_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "run_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cancel_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_items_job_status_idx" ON "job_items" USING btree ("job_id","status","seq");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key_active_uq" ON "jobs" USING btree ("unique_key") WHERE status in ('queued', 'running');