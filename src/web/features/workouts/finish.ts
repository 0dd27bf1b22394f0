import { errorsOf } from '../../../contract/errors-of';
import { parseWorkoutEntries, workoutBody } from '../../../contract/workouts';
import type { BuiltBody, WorkoutDraft } from './draft';

/**
 * Messages keyed for the screen: `title`, `notes`, `entries`, `createdDate`, or under an entry and
 * a set by their local ids (`<entryId>.<setId>.repetitions`, `<entryId>.pace.distance`,
 * `<entryId>.notes`). The body leaves out what is not done, so its indexes are not the screen's.
 */
export type ScreenErrors = Record<string, string>;

/** The body checked in the browser by the same two steps the server takes (docs/decisions/0023). */
export function checkWorkout(built: BuiltBody, draft: WorkoutDraft): Record<string, string> {
  const first = workoutBody.safeParse(built.body);
  const errors = errorsOf(first);
  const kinds = new Map(draft.entries.map((entry) => [entry.slugExercise, entry.kind]));
  const entries = parseWorkoutEntries(built.body.entries as unknown[], (slug) => kinds.get(slug));
  if (!entries.success) for (const [key, message] of Object.entries(entries.errors)) errors[key] ??= message;
  return errors;
}

/** The server's or the browser's `entries.N.set.M.field` keys as the screen's. */
export function screenErrors(
  errors: Record<string, string>,
  built: BuiltBody,
  draft: WorkoutDraft,
): ScreenErrors {
  const out: ScreenErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^entries\.(\d+)\.(.+)$/.exec(key);
    if (!match) {
      out[key] ??= message;
      continue;
    }
    const entry = draft.entries[built.screenIndex[Number(match[1])] ?? -1];
    if (!entry) {
      out.entries ??= message;
      continue;
    }
    const rest = match[2];
    const set = /^set\.(\d+)\.(.+)$/.exec(rest);
    if (set) {
      const doneSets = entry.sets.filter((s) => s.done);
      const target = doneSets[Number(set[1])];
      out[target ? `${entry.id}.${target.id}.${set[2]}` : `${entry.id}.sets`] ??= message;
    } else if (/^(time\.|distance)/.test(rest)) {
      out[`${entry.id}.pace.${rest.replace(/^time\./, '')}`] ??= message;
    } else {
      out[`${entry.id}.${rest}`] ??= message;
    }
  }
  return out;
}

/** The field messages of a refused request (a 400's `errors`), if any. */
export function answerErrors(error: unknown): Record<string, string> {
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
}
