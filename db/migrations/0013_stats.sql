CREATE TABLE "stats_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_counts_day_kind_key_pk" PRIMARY KEY("day","kind","key")
);
--> statement-breakpoint
CREATE TABLE "stats_enquiries" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"lang" text NOT NULL,
	"source" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_enquiries_day_kind_path_lang_source_campaign_pk" PRIMARY KEY("day","kind","path","lang","source","campaign")
);
--> statement-breakpoint
CREATE TABLE "stats_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_visitors" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	"referrer" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	CONSTRAINT "stats_visitors_day_hash_pk" PRIMARY KEY("day","hash")
);
