import { z } from 'zod';
import { title } from './fields';
import { log } from './logs';
import { pagination } from './pagination';

export const SESSION_KINDS = ['wlsession', 'pasession'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
export const CHOOSE_OPTION = 'You must choose an option';

export const exerciseCreateBody = z.object({
  title,
  session: z.enum(SESSION_KINDS, { error: CHOOSE_OPTION }),
});
export type ExerciseCreateBody = z.input<typeof exerciseCreateBody>;

export const exerciseUpdateBody = z.object({ title });
export type ExerciseUpdateBody = z.input<typeof exerciseUpdateBody>;

export const exercise = z.object({
  _id: z.string(),
  title: z.string(),
  slugExercise: z.string(),
  author: z.string(),
  session: z.enum(SESSION_KINDS),
  log: z.string(),
  slugLog: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Exercise = z.infer<typeof exercise>;

/** GET /api/logs/:slugLog — each aggregate item is the log with one exercise under `exercises`. */
export const logPage = z.object({
  log,
  logAggregate: z.array(log.extend({ exercises: exercise })),
  pagination,
});
export type LogPage = z.infer<typeof logPage>;
