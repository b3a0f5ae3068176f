CREATE TABLE "outdated_translations" (
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"language" text NOT NULL,
	"english_version" integer NOT NULL,
	"text_hash" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outdated_translations_entity_entity_id_language_pk" PRIMARY KEY("entity","entity_id","language")
);
