import { z } from 'zod';
import { boundedNumber } from './bounded-number';

/** What a weight set was (docs/api.md §11); a set sent without one is a normal set. */
export const SET_TYPES = ['normal', 'warmup', 'drop', 'failure'] as const;
export type SetType = (typeof SET_TYPES)[number];

export const SET_TYPE_MESSAGE = 'Type must be normal, warmup, drop or failure';
export const RPE_MESSAGE = 'RPE must be between 1 and 10 in steps of 0.5';

/**
 * null or absent → "normal"; anything else must be one of SET_TYPES exactly. Optional on input
 * (like `rpe`), so a set body typed without it is still a set body.
 */
export const setType = z
  .preprocess((v) => (v === null ? undefined : v), z.enum(SET_TYPES, { error: SET_TYPE_MESSAGE }).optional())
  .transform((v): SetType => v ?? 'normal');

/** Rate of perceived exertion: null when not given, else 1–10 in halves (numeric strings accepted). */
export const rpe = boundedNumber('RPE', { min: 1, max: 10, stepsPerUnit: 2, message: RPE_MESSAGE }).transform(
  (v) => v ?? null,
);

/**
 * The two fields a weight set's body gains; the session set schema (sessions.ts setBody) takes
 * them into its own object, and a workout's sets are that schema.
 */
export const setTypeFields = z.object({ type: setType, rpe });
export type SetTypeFields = z.input<typeof setTypeFields>;

/** The same two fields as every answer carries them. */
export const setTypeAnswerFields = { type: z.enum(SET_TYPES), rpe: z.number().nullable() };

/** The badge a set row shows; a normal set has none. */
export const SET_TYPE_BADGES: Record<SetType, 'W' | 'D' | 'F' | null> = {
  normal: null,
  warmup: 'W',
  drop: 'D',
  failure: 'F',
};

/**
 * Warm-ups count for no record, e1RM or heaviest; drop and failure sets count like normal ones
 * (docs/api.md §11). A set stored before types existed has none: it is a normal set.
 */
export function countsForRecords(set: { type?: SetType | null }): boolean {
  return set.type !== 'warmup';
}

/** The Hard tick a set row starts with when its type is chosen: a warm-up is not a working set. */
export function isHardByDefault(type: SetType): boolean {
  return type !== 'warmup';
}
