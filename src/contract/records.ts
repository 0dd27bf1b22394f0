import { z } from 'zod';
import { calendarDate } from './fields';

// Records, progress ranges and training activity (docs/api.md §10).

/** A record: its value, and the session that set it; null when no session qualifies. */
export const personalRecord = z
  .object({ value: z.number(), createdDate: z.string(), slugSession: z.string() })
  .nullable();
export type PersonalRecord = z.infer<typeof personalRecord>;
/** A weight record also gives its figure in pounds, from the sets of the session that holds it. */
export const weightRecord = z
  .object({ value: z.number(), pounds: z.number(), createdDate: z.string(), slugSession: z.string() })
  .nullable();
export type WeightRecord = z.infer<typeof weightRecord>;

/** In the order docs/api.md §10 lists them: a session's `records` names follow it. */
export const WL_RECORDS = ['heaviest', 'e1rm', 'bestSetVolume', 'bestSessionVolume'] as const;
export const PA_RECORDS = ['fastestPace', 'longestDistance', 'longestDuration'] as const;
export type RecordName = (typeof WL_RECORDS)[number] | (typeof PA_RECORDS)[number];

export const wlRecords = z.object({
  kind: z.literal('wlsession'),
  records: z.object({
    heaviest: weightRecord,
    e1rm: weightRecord,
    bestSetVolume: weightRecord,
    bestSessionVolume: weightRecord,
  }),
});
export const paRecords = z.object({
  kind: z.literal('pasession'),
  records: z.object({
    fastestPace: personalRecord,
    longestDistance: personalRecord,
    longestDuration: personalRecord,
  }),
});
export const exerciseRecords = z.discriminatedUnion('kind', [wlRecords, paRecords]);
export type ExerciseRecords = z.infer<typeof exerciseRecords>;

/** The names of the records a session set when it happened. */
export const recordsSet = z.array(z.enum([...WL_RECORDS, ...PA_RECORDS]));

const optionalDate = z.preprocess((v) => (v === '' ? undefined : v), calendarDate.optional());
const FROM_AFTER_TO = 'From must not be after to';
/** A range is checked only once both its dates are: a missing or bad date is that date's error alone. */
const datesValid = { when: (payload: { issues: unknown[] }) => payload.issues.length === 0 };

/** `from`/`to` of `…/progress`: each optional, inclusive. */
export const progressQuery = z
  .object({ from: optionalDate, to: optionalDate })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: FROM_AFTER_TO,
    path: ['from'],
    ...datesValid,
  });
export type ProgressQuery = z.infer<typeof progressQuery>;

export const ACTIVITY_MAX_DAYS = 400;

/** Days from `from` to `to`, both counted (2024-01-01..2025-02-03 is 400). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `GET /api/activity`: both dates required, at most ACTIVITY_MAX_DAYS days. */
export const activityQuery = z
  .object({
    from: z.preprocess((v) => v ?? '', calendarDate),
    to: z.preprocess((v) => v ?? '', calendarDate),
  })
  .refine((q) => q.from <= q.to, { message: FROM_AFTER_TO, path: ['from'], ...datesValid })
  .refine((q) => daysBetween(q.from, q.to) <= ACTIVITY_MAX_DAYS, {
    message: `The range can be at most ${ACTIVITY_MAX_DAYS} days`,
    path: ['to'],
    ...datesValid,
  });
export type ActivityQuery = z.infer<typeof activityQuery>;

export const activity = z.object({
  days: z.array(z.object({ date: z.string(), sessions: z.number() })),
});
export type Activity = z.infer<typeof activity>;
