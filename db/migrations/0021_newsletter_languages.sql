CREATE TABLE "newsletter_sends" (
	"post_id" integer NOT NULL,
	"language" text NOT NULL,
	"english" boolean DEFAULT false NOT NULL,
	"job_id" integer,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_sends_post_id_language_pk" PRIMARY KEY("post_id","language")
);
--> statement-breakpoint
ALTER TABLE "newsletter_settings" ADD COLUMN "untranslated" text DEFAULT 'wait' NOT NULL;--> statement-breakpoint
CREATE INDEX "newsletter_sends_waiting_idx" ON "newsletter_sends" USING btree ("language") WHERE job_id is null;--> statement-breakpoint
-- A post claimed before went to every language at once (decision 0081): its claims are kept, so it is never mailed again.
INSERT INTO "newsletter_sends" ("post_id", "language", "english", "job_id", "claimed_at")
SELECT p."id", l."language", false, p."newsletter_job_id", p."newsletter_claimed_at"
FROM "blog_posts" p CROSS JOIN (VALUES ('en'), ('fa'), ('zh')) AS l("language")
WHERE p."newsletter_claimed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" DROP COLUMN "newsletter_job_id";