-- An import writes in short statements, not one long transaction (decision 0017): each row it
-- adds carries its batch, so an import that fails or dies part-way can be taken back whole.
-- The unique index lets one import at a time run in an account. `alive_at` moves while the
-- import writes; an unfinished batch that stopped moving is discarded (features/portability/
-- import-batches.ts). No foreign key on `import_id`: its check would cost every imported row.
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alive_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_running_uq" ON "imports" USING btree ("author_id") WHERE "finished_at" IS NULL;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "import_id" uuid;
