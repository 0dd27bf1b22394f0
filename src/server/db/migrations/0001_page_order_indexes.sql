-- The page queries order by `… desc` (NULLS FIRST) with id as the tie-break: indexes in exactly that
-- order let a page read only its rows instead of sorting every row of the log or exercise.
DROP INDEX "exercises_log_active_idx";--> statement-breakpoint
DROP INDEX "logs_author_active_idx";--> statement-breakpoint
DROP INDEX "pasessions_exercise_date_idx";--> statement-breakpoint
DROP INDEX "wlsessions_exercise_date_idx";--> statement-breakpoint
CREATE INDEX "exercises_log_active_idx" ON "exercises" USING btree ("author_id","log_id","active_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "logs_author_active_idx" ON "logs" USING btree ("author_id","active_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "pasessions_exercise_date_idx" ON "pasessions" USING btree ("author_id","exercise_id","created_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wlsessions_exercise_date_idx" ON "wlsessions" USING btree ("author_id","exercise_id","created_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);