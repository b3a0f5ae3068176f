CREATE TABLE "deleted_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"label" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"deleted_by" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"note" text,
	"base_version" integer,
	"version" integer,
	"publish_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_text" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deleted_items" ADD CONSTRAINT "deleted_items_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_slug_redirects" ADD CONSTRAINT "post_slug_redirects_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deleted_items_item_uq" ON "deleted_items" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "deleted_items_deleted_at_idx" ON "deleted_items" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "revisions_item_idx" ON "revisions" USING btree ("entity","entity_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "revisions_one_pending_uq" ON "revisions" USING btree ("entity","entity_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "revisions_publish_at_idx" ON "revisions" USING btree ("publish_at") WHERE status = 'pending' and publish_at is not null;--> statement-breakpoint
CREATE INDEX "revisions_created_at_idx" ON "revisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "blog_posts_publish_at_idx" ON "blog_posts" USING btree ("publish_at") WHERE publish_at is not null;--> statement-breakpoint
UPDATE "blog_posts" SET "first_published_at" = "created_at" WHERE "published";
