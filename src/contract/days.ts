import { z } from 'zod';
import { exercise } from './exercises';
import { calendarDate } from './fields';
import { pagination } from './pagination';
import { pasession, wlsession } from './sessions';

// A day of training across all logs (docs/api.md §14): GET /api/days/:date.

export const dayParams = z.object({ date: calendarDate });

const dayBase = z.object({
  log: z.object({ _id: z.string(), title: z.string(), slugLog: z.string() }),
  exercise,
  /** Its workout's `_id`, or null for a session logged on its own. */
  workout: z.string().nullable(),
});

/** One session of the day, under its kind's key, with its log and exercise. */
export const daySession = z.union([
  dayBase.extend({ wlsession }).strict(),
  dayBase.extend({ pasession }).strict(),
]);
export type DaySession = z.infer<typeof daySession>;

/** The day's sessions grouped by workout, the groups and the sessions alone by creation time. */
export const day = z.object({ date: z.string(), sessions: z.array(daySession) });
export type Day = z.infer<typeof day>;

/**
 * GET /api/days?page=&limit= (ours, for History: docs/api.md §14): the caller's days with at least
 * one session, newest first, a page at a time, each day as GET /api/days/:date answers it.
 */
export const trainingDays = z.object({ days: z.array(day), pagination });
export type TrainingDays = z.infer<typeof trainingDays>;
