CREATE TABLE "newsletter_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'each' NOT NULL,
	"digest_weekday" integer DEFAULT 1 NOT NULL,
	"digest_hour" integer DEFAULT 9 NOT NULL,
	"last_digest_at" timestamp with time zone,
	"pace_next_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "send_newsletter" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "newsletter_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "newsletter_job_id" integer;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "bounce_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "bouncing_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (decision 0081): the archive is never mailed; posts public before this feature start with "Send to subscribers" off.
UPDATE "blog_posts" SET "send_newsletter" = false WHERE "published" OR "first_published_at" IS NOT NULL;
