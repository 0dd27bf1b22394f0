-- Each TOTP code works once, and every code of the ±1 step window works (docs/api.md §13): the
-- steps of the codes accepted lately, in place of the last one alone, which refused a never-used
-- code of the step before it (a login right after enabling with the current code, say).
ALTER TABLE "two_factor" ADD COLUMN "used_steps" bigint[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
UPDATE "two_factor" SET "used_steps" = ARRAY["last_step"] WHERE "last_step" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "two_factor" DROP COLUMN "last_step";
