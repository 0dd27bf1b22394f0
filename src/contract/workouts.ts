import { z } from 'zod';
import { optionalDateTime, timestampMicros } from './date-times';
import { errorsOf } from './errors-of';
import { type SessionKind, exercise } from './exercises';
import { calendarDate } from './fields';
import {
  ENTRY_NOT_OBJECT,
  NO_SUCH_EXERCISE,
  TITLE_TOO_LONG,
  entryList,
  fitsTitle,
  slugExercise,
  superset,
} from './gym-fields';
import { pagination } from './pagination';
import { MAX_SETS, notes, pasession, pasessionBody, setBody, wlsession } from './sessions';

export const DEFAULT_WORKOUT_TITLE = 'Workout';
export const END_BEFORE_START = 'End must not be before start';
export const NO_SUCH_ROUTINE = 'No such routine in this log';
export const NO_SUCH_SESSION = 'No such session in this workout';
export const OTHER_EXERCISE = 'This session belongs to another exercise';
export const WORKOUT_NOT_FOUND = 'Workout not found';
export const WORKOUT_DELETED = 'Workout deleted';

/** Free text, trimmed; blank or absent is "Workout". */
const workoutTitle = z.preprocess(
  (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'Title must be text' })
    .refine(fitsTitle, TITLE_TOO_LONG)
    .transform((title) => title || DEFAULT_WORKOUT_TITLE),
);

/**
 * The routine a workout was started from: null when none. Any text is kept for the server to
 * look up (an id that is no routine of the log gets the same answer as an unknown one).
 */
const routine = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? null : v),
  z.string({ error: NO_SUCH_ROUTINE }).nullable(),
);

/**
 * The session an edited entry updates. Ignored on create (a client may not choose ids); on edit
 * the server checks it is one of the workout's sessions, so anything that is not text is none.
 */
const entrySession = z.preprocess(
  (v) => (typeof v === 'string' && v !== '' ? v : null),
  z.string().nullable(),
);

/** The fields every entry has, whatever its exercise's kind. */
const entryHead = { slugExercise, superset, _id: entrySession };

/** A weight entry: the weight session body without its date (the workout's date is every session's). */
const weightEntryBody = z
  .object({
    ...entryHead,
    set: z
      .array(setBody, { error: 'Add at least one set' })
      .min(1, 'Add at least one set')
      .max(MAX_SETS, `At most ${MAX_SETS} sets per session`),
    notes,
  })
  .transform((entry) => ({ kind: 'wlsession' as const, ...entry }));

/** A pace entry: the pace session body without its date; a weight set's fields are ignored. */
const paceEntryBody = z
  .object({ ...entryHead, ...pasessionBody.omit({ createdDate: true }).shape })
  .transform((entry) => ({ kind: 'pasession' as const, ...entry }));

/** An entry's full schema once the server knows its exercise's kind (see parseWorkoutEntries). */
export function entryBodyFor(kind: SessionKind) {
  return kind === 'wlsession' ? weightEntryBody : paceEntryBody;
}
export type WeightEntryValues = z.output<typeof weightEntryBody>;
export type PaceEntryValues = z.output<typeof paceEntryBody>;
export type WorkoutEntryValues = WeightEntryValues | PaceEntryValues;

/**
 * A workout's end is not before its start (docs/api.md §11), on `errors.endedAt`: for the body of
 * a create or edit and for a workout of an imported file. Runs even when other fields fail, so the
 * end's message shows with theirs.
 */
export const endNotBeforeStart = z.superRefine(
  (body: { startedAt?: unknown; endedAt?: unknown }, ctx) => {
    const start = typeof body.startedAt === 'string' ? timestampMicros(body.startedAt) : null;
    const end = typeof body.endedAt === 'string' ? timestampMicros(body.endedAt) : null;
    if (start !== null && end !== null && end < start)
      ctx.addIssue({ code: 'custom', message: END_BEFORE_START, path: ['endedAt'] });
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

/**
 * The body of a workout create and edit, first step. Its entries are checked only as far as the
 * kind allows (the exercise's slug, superset, `_id`); the rest of each entry is kept as sent for
 * parseWorkoutEntries, which checks it against its exercise's kind once the server has looked the
 * exercises up. A route declares this schema; its handler then calls parseWorkoutEntries.
 */
export const workoutBody = z
  .object({
    title: workoutTitle,
    createdDate: calendarDate,
    startedAt: optionalDateTime,
    endedAt: optionalDateTime,
    notes,
    routine,
    entries: entryList(z.looseObject(entryHead, { error: ENTRY_NOT_OBJECT }), 'workout'),
  })
  .check(endNotBeforeStart);
export type WorkoutBody = z.input<typeof workoutBody>;
export type WorkoutBodyValues = z.output<typeof workoutBody>;

export type ParsedEntries =
  { success: true; entries: WorkoutEntryValues[] } | { success: false; errors: Record<string, string> };

/**
 * Second step: each entry checked against its exercise's kind (`kindOf` answers undefined for a
 * slug the log does not have). Errors are keyed under their entry, `entries.2.set.0.kilograms`,
 * one message per field (the first), as the error handler keys a body's; every entry is checked,
 * so the form shows every field's message at once.
 */
export function parseWorkoutEntries(
  entries: readonly unknown[],
  kindOf: (slugExercise: string) => SessionKind | undefined,
): ParsedEntries {
  const errors: Record<string, string> = {};
  const parsed: WorkoutEntryValues[] = [];
  entries.forEach((entry, index) => {
    const slug = (entry as { slugExercise?: unknown } | null)?.slugExercise;
    const kind = typeof slug === 'string' ? kindOf(slug) : undefined;
    // Only the two kinds count: a lookup in a plain object answers `constructor` with a function.
    if (kind !== 'wlsession' && kind !== 'pasession') {
      errors[`entries.${index}.slugExercise`] ??= NO_SUCH_EXERCISE;
      return;
    }
    const result = entryBodyFor(kind).safeParse(entry);
    if (result.success) parsed.push(result.data);
    else Object.assign(errors, errorsOf(result, ['entries', index]));
  });
  return Object.keys(errors).length === 0 ? { success: true, entries: parsed } : { success: false, errors };
}

/** One entry of a workout answer, in the workout's order: its exercise and that exercise's session. */
export const workoutEntry = z.union([
  z.object({ exercise, superset: z.number().nullable(), wlsession }),
  z.object({ exercise, superset: z.number().nullable(), pasession }),
]);
export type WorkoutEntry = z.infer<typeof workoutEntry>;

export const workout = z.object({
  _id: z.string(),
  author: z.string(),
  /** The log's `_id`. */
  log: z.string(),
  title: z.string(),
  createdDate: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Whole seconds from start to end (date-times.ts durationSeconds), null without both. */
  duration: z.number().nullable(),
  notes: z.string(),
  routine: z.string().nullable(),
  entries: z.array(workoutEntry),
  /** Σ of its weight sessions' unrounded volumes, rounded once (kg). */
  totalVolume: z.number(),
  /** How many weight sets it holds. */
  sets: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Workout = z.infer<typeof workout>;

export const workoutEnvelope = z.object({ workout });
export const workoutsList = z.object({ workouts: z.array(workout), pagination });
export type WorkoutsList = z.infer<typeof workoutsList>;
