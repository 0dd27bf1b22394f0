import { z } from 'zod';
import { exercise } from './exercises';
import { calendarDate, quantity } from './fields';
import { kilogramsFromPounds } from './metrics';
import { pagination } from './pagination';
import { setTypeAnswerFields, setTypeFields } from './set-types';

export const MAX_SETS = 100;

export const MAX_POUNDS = 220_000;
export const NOTES_MAX = 2000;

const isHard = z.preprocess(
  (v) => (v === undefined || v === null ? false : v),
  z.boolean({ error: 'Hard must be true or false' }),
);
const kilograms = quantity('Kilograms');
const pounds = quantity('Pounds', { max: MAX_POUNDS, decimals: 'Pounds can have at most 2 decimals' });

/**
 * A set is entered in kilograms or in pounds (docs/api.md §10). Given `pounds` (not null), they
 * win: they are kept as typed and `kilograms` is derived from them, so a set read and sent back
 * unchanged keeps its pounds. Without them, `kilograms` is required as docs/product.md §5 says.
 * `type` and `rpe` (docs/api.md §11) default to a normal set without RPE.
 */
export const setBody = z
  .object({
    repetitions: quantity('Repetitions'),
    kilograms: z.unknown().optional(),
    pounds: pounds.nullish(),
    isHard,
    ...setTypeFields.shape,
  })
  // Runs whatever the other fields say (`when`), so every field's message shows at once.
  .check(
    z.superRefine(
      (set, ctx) => {
        if (set.pounds !== undefined && set.pounds !== null) return;
        const weight = kilograms.safeParse(set.kilograms);
        for (const issue of weight.error?.issues ?? [])
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['kilograms'] });
      },
      // Not when the set is not even an object (its own message says so).
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  )
  .transform(({ repetitions, kilograms: typedKilograms, pounds: typedPounds, isHard, type, rpe }) =>
    typedPounds === undefined || typedPounds === null
      ? { repetitions, kilograms: kilograms.parse(typedKilograms), pounds: null, isHard, type, rpe }
      : { repetitions, kilograms: kilogramsFromPounds(typedPounds), pounds: typedPounds, isHard, type, rpe },
  );
export type SetBody = z.input<typeof setBody>;
export type SetValues = z.output<typeof setBody>;

/** Trimmed, at most NOTES_MAX characters; absent or null is no notes (docs/api.md §10). */
export const notes = z
  .string({ error: 'Notes must be text' })
  .trim()
  .max(NOTES_MAX, `Notes can be at most ${NOTES_MAX} characters`)
  .nullish()
  .transform((v) => v ?? '');

/** Derived numbers and unknown fields (`_id`, volumes, slugs) are ignored: edit forms send the record back. */
export const wlsessionBody = z.object({
  createdDate: calendarDate,
  set: z
    .array(setBody, { error: 'Add at least one set' })
    .min(1, 'Add at least one set')
    .max(MAX_SETS, `At most ${MAX_SETS} sets per session`),
  notes,
});
export type WlsessionBody = z.input<typeof wlsessionBody>;
export type WlsessionValues = z.output<typeof wlsessionBody>;

export const pasessionBody = z.object({
  createdDate: calendarDate,
  time: z.object(
    {
      hours: quantity('Hours'),
      minutes: quantity('Minutes'),
      seconds: quantity('Seconds'),
    },
    { error: 'This field is required' },
  ),
  distance: quantity('Distance'),
  notes,
});
export type PasessionBody = z.input<typeof pasessionBody>;
export type PasessionValues = z.output<typeof pasessionBody>;

export const wlset = z.object({
  _id: z.string(),
  repetitions: z.number(),
  kilograms: z.number(),
  /** As typed for a set entered in pounds, null for one entered in kilograms (docs/api.md §10). */
  pounds: z.number().nullable(),
  isHard: z.boolean(),
  volume: z.number(),
  /** "normal" for a set stored before types existed; rpe null when not given (docs/api.md §11). */
  ...setTypeAnswerFields,
});
export type WlSet = z.infer<typeof wlset>;

const sessionBase = z.object({
  _id: z.string(),
  author: z.string(),
  exercise: z.string(),
  slugSession: z.string(),
  createdDate: z.string(),
  notes: z.string(),
  /** Its workout's `_id`, or null for a session logged on its own (docs/api.md §11). */
  workout: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A weight session's volumes, in kilograms or (under `inPounds`) in pounds. */
const volumes = { totalVolume: z.number(), junkVolume: z.number(), workingVolume: z.number() };

export const wlsession = sessionBase.extend({
  ...volumes,
  /** The volumes from each set's pounds (the typed pounds, else its kilograms converted; docs/api.md §10). */
  inPounds: z.object(volumes),
  set: z.array(wlset),
});
export type Wlsession = z.infer<typeof wlsession>;

export const pasession = sessionBase.extend({
  paceMinutes: z.number(),
  paceSeconds: z.number(),
  speed: z.number(),
  distance: z.number(),
  time: z.object({ hours: z.number(), minutes: z.number(), seconds: z.number() }),
});
export type Pasession = z.infer<typeof pasession>;

export const wlsessionEnvelope = z.object({ wlsession });
export const pasessionEnvelope = z.object({ pasession });

const wlItem = exercise.extend({ wlsessions: wlsession });
const paItem = exercise.extend({ pasessions: pasession });

/** GET …/exercises/:slugExercise (docs/api.md §7). Only the aggregate of the exercise's kind has items. */
export const exercisePage = z.object({
  exercise,
  exerciseAggregate: z.array(wlItem),
  exerciseAggregatePa: z.array(paItem),
  latestWlsession: z.array(wlItem),
  latestPasession: z.array(paItem),
  pagination: pagination
    .omit({ totalPages: true })
    .extend({ totalWlPages: z.number(), totalPaPages: z.number() }),
});
export type ExercisePage = z.infer<typeof exercisePage>;

export const wlPoint = z.object({
  createdDate: z.string(),
  totalVolume: z.number(),
  junkVolume: z.number(),
  workingVolume: z.number(),
  /** The session's best estimated 1RM and heaviest set, in kilograms; 0 when no set qualifies (docs/api.md §10). */
  e1rm: z.number(),
  heaviest: z.number(),
  /** The same five figures from the sets' pounds, for a user who sees pounds. */
  inPounds: z.object({ ...volumes, e1rm: z.number(), heaviest: z.number() }),
});
export const paPoint = z.object({ createdDate: z.string(), pace: z.number(), speed: z.number() });
/** Past this many sessions in the range, `…/progress` returns sampled points (docs/api.md §12). */
export const PROGRESS_MAX_POINTS = 1000;
/**
 * `sampled`: true when the range held more than PROGRESS_MAX_POINTS sessions and each point is
 * the best of a span of days; absent when every session is a point.
 */
export const progress = z.object({
  points: z.array(z.union([wlPoint, paPoint])),
  sampled: z.boolean().optional(),
});
export type WlPoint = z.infer<typeof wlPoint>;
export type PaPoint = z.infer<typeof paPoint>;
export type Progress = z.infer<typeof progress>;
