import { z } from 'zod';
import { calendarDate } from './dates';
import { exercise } from './exercises';
import { quantity } from './fields';
import { pagination } from './pagination';

export const MAX_SETS = 100;

export const setBody = z.object({
  repetitions: quantity('Repetitions'),
  kilograms: quantity('Kilograms'),
  isHard: z.preprocess(
    (v) => (v === undefined || v === null ? false : v),
    z.boolean({ error: 'Hard must be true or false' }),
  ),
});
export type SetBody = z.input<typeof setBody>;

/** Derived numbers and unknown fields (`_id`, volumes, slugs) are ignored: edit forms send the record back. */
export const wlsessionBody = z.object({
  createdDate: calendarDate,
  set: z
    .array(setBody, { error: 'Add at least one set' })
    .min(1, 'Add at least one set')
    .max(MAX_SETS, `At most ${MAX_SETS} sets per session`),
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
});
export type PasessionBody = z.input<typeof pasessionBody>;
export type PasessionValues = z.output<typeof pasessionBody>;

export const wlset = z.object({
  _id: z.string(),
  repetitions: z.number(),
  kilograms: z.number(),
  isHard: z.boolean(),
  volume: z.number(),
});
export type WlSet = z.infer<typeof wlset>;

const sessionBase = z.object({
  _id: z.string(),
  author: z.string(),
  exercise: z.string(),
  slugSession: z.string(),
  createdDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const wlsession = sessionBase.extend({
  totalVolume: z.number(),
  junkVolume: z.number(),
  workingVolume: z.number(),
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
});
export const paPoint = z.object({ createdDate: z.string(), pace: z.number(), speed: z.number() });
export const progress = z.object({ points: z.array(z.union([wlPoint, paPoint])) });
export type WlPoint = z.infer<typeof wlPoint>;
export type PaPoint = z.infer<typeof paPoint>;
export type Progress = z.infer<typeof progress>;
