-- A trash item's sessions, one row each (docs/api.md §14, decision 0034 amended): in one jsonb
-- document with the rest of the item, a log near the account's 200,000-session quota could not
-- be deleted (PGlite ran out of memory building it; PostgreSQL caps a jsonb value at 255 MB).
-- `row` is the session's row as it was, without api_json; `id` is the session's own id.
CREATE TABLE "trash_sessions" (
	"author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"item_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"row" jsonb NOT NULL,
	PRIMARY KEY ("author_id", "item_id", "id"),
	FOREIGN KEY ("author_id", "item_id") REFERENCES "trash"("author_id", "id") ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO "trash_sessions" ("author_id", "item_id", "id", "row")
SELECT t."author_id", t."id", (x->>'id')::uuid, x
FROM "trash" t, jsonb_array_elements(coalesce(t."rows" -> 'sessions', '[]')) x;
--> statement-breakpoint
UPDATE "trash" SET "rows" = "rows" - 'sessions' WHERE "rows" ? 'sessions';
