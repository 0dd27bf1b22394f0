import { z } from 'zod';
import { boundedNumber } from './bounded-number';
import { MAX_SUPERSET } from './supersets';

/** What workouts and routines share: their entries' exercise and superset, the list, the title's length. */

export const NO_SUCH_EXERCISE = 'No such exercise in this log';
export const SUPERSET_MESSAGE = 'Superset must be between 1 and 20';
export { MAX_SUPERSET };
export const MAX_ENTRIES = 50;
export const ADD_AN_EXERCISE = 'Add at least one exercise';
/** An entry of a workout or routine that is not an object (`entries: [null]`). */
export const ENTRY_NOT_OBJECT = 'Each entry must be an object naming its exercise';
export const GYM_TITLE_MAX = 100;
export const TITLE_TOO_LONG = `Title can be at most ${GYM_TITLE_MAX} characters`;

/**
 * The exercise an entry names. Only the server can tell whether the log has it; a slug that is
 * not text names none, so it gets the same message rather than a second one.
 */
export const slugExercise = z.string({ error: NO_SUCH_EXERCISE }).min(1, NO_SUCH_EXERCISE);

/** The entry's superset number; null (or absent) when it stands alone. */
export const superset = boundedNumber('Superset', {
  min: 1,
  max: MAX_SUPERSET,
  stepsPerUnit: 1,
  message: SUPERSET_MESSAGE,
}).transform((v) => v ?? null);

/** 1 to 50 entries; `noun` finishes the ceiling's message ("per workout", "per routine"). */
export function entryList<T extends z.ZodType>(entry: T, noun: 'workout' | 'routine') {
  return z
    .array(entry, { error: ADD_AN_EXERCISE })
    .min(1, ADD_AN_EXERCISE)
    .max(MAX_ENTRIES, `At most ${MAX_ENTRIES} exercises per ${noun}`);
}

/**
 * Titles of workouts and routines are free text, counted in characters as PostgreSQL counts
 * them (code points), so 100 emoji fit as 100 letters do.
 */
export function fitsTitle(title: string): boolean {
  return [...title].length <= GYM_TITLE_MAX;
}
