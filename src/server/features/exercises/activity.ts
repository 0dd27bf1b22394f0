import { sql } from 'drizzle-orm';

// docs/api.md §7 "active": creating or editing something moves it and its parents to the top of
// their lists. These CTEs are the one place that happens; each write statement ends with one.
// The exercise row is locked before the log row, the order every write takes: data-modifying
// CTEs that do not read each other run in no set order, and two writes taking the rows in opposite
// orders could deadlock.

const touchLog = (source: string) => `touch_log as (
    update logs x set active_at = now() from ${source} src where x.author_id = src.author_id and x.id = src.log_id)`;

/** CTE `touch_log`: the log of each row of `source` (author_id, log_id) becomes the most active. */
export const touchLogOf = (source: string) => sql.raw(touchLog(source));

/** CTEs `touch_exercise` then `touch_log`: the exercise of each row of `source` (author_id, exercise_id), then its log. */
export const touchExerciseOf = (source: string) =>
  sql.raw(`touch_exercise as (
    update exercises x set active_at = now() from ${source} src
    where x.author_id = src.author_id and x.id = src.exercise_id returning x.author_id, x.log_id),
  ${touchLog('touch_exercise')}`);
