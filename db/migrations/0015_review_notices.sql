CREATE TABLE "review_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"revision_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "review_notices" ADD CONSTRAINT "review_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notices" ADD CONSTRAINT "review_notices_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_notices_user_idx" ON "review_notices" USING btree ("user_id","mailed_at");