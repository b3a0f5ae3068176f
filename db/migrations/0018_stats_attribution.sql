ALTER TABLE "stats_enquiries" ADD COLUMN "landing" text DEFAULT '(unknown)' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_enquiries" ADD COLUMN "page" text DEFAULT '(unknown)' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_enquiries" ADD COLUMN "area" text DEFAULT '(unknown)' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_enquiries" DROP CONSTRAINT "stats_enquiries_day_kind_path_lang_source_campaign_pk";--> statement-breakpoint
ALTER TABLE "stats_enquiries" ADD CONSTRAINT "stats_enquiries_pk" PRIMARY KEY("day","kind","path","lang","source","campaign","landing","page","area");--> statement-breakpoint
ALTER TABLE "stats_visitors" ADD COLUMN "landing" text;--> statement-breakpoint
ALTER TABLE "stats_visitors" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "stats_visitors" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "stats_visitors" ADD COLUMN "visit_at" timestamp with time zone;
