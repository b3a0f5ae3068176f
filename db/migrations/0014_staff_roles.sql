-- Issue 43 (decision 0090): the reviewer role is now called lawyer. Stored role names follow, so
-- every account and every open invitation keeps working. Unknown names grant nothing, so without
-- this a reviewer would lose the admin at the upgrade.
UPDATE "user_roles" SET "role" = 'lawyer' WHERE "role" = 'reviewer'
  AND NOT EXISTS (SELECT 1 FROM "user_roles" AS "held" WHERE "held"."user_id" = "user_roles"."user_id" AND "held"."role" = 'lawyer');--> statement-breakpoint
DELETE FROM "user_roles" WHERE "role" = 'reviewer';--> statement-breakpoint
UPDATE "verifications" SET "value" = jsonb_set("value"::jsonb, '{role}', '"lawyer"')::text
  WHERE "identifier" LIKE 'staff-invite:%' AND "value" LIKE '{%' AND ("value"::jsonb ->> 'role') = 'reviewer';
