import { z } from 'zod';
import { boundedNumber } from './bounded-number';
import { type SessionKind, exercise } from './exercises';
import { ENTRY_NOT_OBJECT, TITLE_TOO_LONG, entryList, fitsTitle, slugExercise, superset } from './gym-fields';
import { DEFAULT_REST_SECONDS, MAX_REST_SECONDS } from './rest-timer';
import { notes } from './sessions';

export const TITLE_REQUIRED = 'Title is required';
export const SETS_MESSAGE = 'Sets must be between 1 and 20';
export const REPS_MESSAGE = 'Reps must be between 1 and 100';
export const MAX_BELOW_MIN = 'Max reps must not be below min reps';
export const REST_MESSAGE = `Rest must be between 0 and ${MAX_REST_SECONDS} seconds`;
export const MAX_ROUTINES_PER_LOG = 100;
export const TOO_MANY_ROUTINES = `A log can have at most ${MAX_ROUTINES_PER_LOG} routines`;
export const ROUTINE_NOT_FOUND = 'Routine not found';
export const ROUTINE_DELETED = 'Routine deleted';

export const DEFAULT_SETS = 3;
export const DEFAULT_REPS_MIN = 8;
export const DEFAULT_REPS_MAX = 12;

/**
 * A rest in whole seconds, 0 to an hour; undefined when not given. A routine entry defaults it;
 * the profile's `restSeconds` takes it as it is (absent changes nothing).
 */
export const restSeconds = boundedNumber('Rest', {
  min: 0,
  max: MAX_REST_SECONDS,
  stepsPerUnit: 1,
  message: REST_MESSAGE,
});

const sets = boundedNumber('Sets', { min: 1, max: 20, stepsPerUnit: 1, message: SETS_MESSAGE });
const reps = boundedNumber('Reps', { min: 1, max: 100, stepsPerUnit: 1, message: REPS_MESSAGE });

/** Free text like a workout's, but required. */
const routineTitle = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? TITLE_REQUIRED : 'Title must be text',
    })
    .min(1, TITLE_REQUIRED)
    .refine(fitsTitle, TITLE_TOO_LONG),
);

/**
 * An entry's targets. Absent ones take the defaults (3 sets, 8–12 reps, 120 s), except that one
 * end of the rep range given alone is never contradicted by the other's default: `repsMin: 15`
 * alone is 15–15, `repsMax: 5` alone 5–5 (docs/decisions/0023). Only a range sent the wrong way
 * round is refused, on `repsMax`.
 */
const routineEntryBody = z
  .object(
    { slugExercise, sets, repsMin: reps, repsMax: reps, restSeconds, superset },
    { error: ENTRY_NOT_OBJECT },
  )
  .check(
    z.superRefine(
      (entry, ctx) => {
        if (
          typeof entry.repsMin === 'number' &&
          typeof entry.repsMax === 'number' &&
          entry.repsMax < entry.repsMin
        )
          ctx.addIssue({ code: 'custom', message: MAX_BELOW_MIN, path: ['repsMax'] });
      },
      // Also when another field of the entry fails, so both messages show at once.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  )
  .transform((entry) => ({
    slugExercise: entry.slugExercise,
    sets: entry.sets ?? DEFAULT_SETS,
    repsMin: entry.repsMin ?? Math.min(DEFAULT_REPS_MIN, entry.repsMax ?? DEFAULT_REPS_MIN),
    repsMax: entry.repsMax ?? Math.max(DEFAULT_REPS_MAX, entry.repsMin ?? DEFAULT_REPS_MAX),
    restSeconds: entry.restSeconds ?? DEFAULT_REST_SECONDS,
    superset: entry.superset,
  }));
export type RoutineEntryValues = z.output<typeof routineEntryBody>;

/** POST and PUT (a full replace) …/routines. The server then looks up each entry's exercise. */
export const routineBody = z.object({
  title: routineTitle,
  notes,
  entries: entryList(routineEntryBody, 'routine'),
});
export type RoutineBody = z.input<typeof routineBody>;
export type RoutineBodyValues = z.output<typeof routineBody>;

/** Sets and reps mean nothing for a pace exercise: they are stored and answered as null. */
export function routineTargetsFor(kind: SessionKind, entry: RoutineEntryValues) {
  const pace = kind === 'pasession';
  return {
    sets: pace ? null : entry.sets,
    repsMin: pace ? null : entry.repsMin,
    repsMax: pace ? null : entry.repsMax,
    restSeconds: entry.restSeconds,
    superset: entry.superset,
  };
}

export const routineEntry = z.object({
  exercise,
  sets: z.number().nullable(),
  repsMin: z.number().nullable(),
  repsMax: z.number().nullable(),
  restSeconds: z.number(),
  superset: z.number().nullable(),
});
export type RoutineEntry = z.infer<typeof routineEntry>;

export const routine = z.object({
  _id: z.string(),
  author: z.string(),
  /** The log's `_id`. */
  log: z.string(),
  title: z.string(),
  notes: z.string(),
  entries: z.array(routineEntry),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Routine = z.infer<typeof routine>;

export const routineEnvelope = z.object({ routine });
/** By title, case-insensitively; not paginated (a log has at most 100). */
export const routinesList = z.object({ routines: z.array(routine) });
export type RoutinesList = z.infer<typeof routinesList>;
