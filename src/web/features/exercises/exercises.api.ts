import type { MessageBody } from '../../../contract/errors';
import type { Exercise, ExerciseCreateBody } from '../../../contract/exercises';
import { DEFAULT_LIMIT, type PageQuery } from '../../../contract/page-query';
import { round2, setBests } from '../../../contract/metrics';
import type { ExerciseRecords, RecordName } from '../../../contract/records';
import type { ExercisePage, Progress, Wlsession } from '../../../contract/sessions';
import { todayLocal } from '../../../contract/dates';
import { api, type ScreenRequests } from '../../lib/api';
import { authStore } from '../../lib/auth-store';
import { apiPaths } from '../../lib/paths';
import { readPageParams } from '../../lib/use-page-params';

interface ExerciseRef {
  slugLog: string;
  slugExercise: string;
}

// Exercise changes show on the log page too (its list), hence 'Log' alongside 'Exercise'.
const EXERCISE_CHANGE = ['Exercise', 'Log'] as const;

export const exercisesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExercisePage: build.query<ExercisePage, ExerciseRef & PageQuery>({
      query: ({ slugLog, slugExercise, limit, page }) => ({
        url: apiPaths.exercise(slugLog, slugExercise),
        params: { limit, page },
      }),
      providesTags: ['Exercise'],
    }),
    /** The history from `from` (all of it without), oldest first, for the chart (docs/api.md §7, §10). */
    getProgress: build.query<Progress, ExerciseRef & { from?: string }>({
      query: ({ slugLog, slugExercise, from }) => ({
        url: `${apiPaths.exercise(slugLog, slugExercise)}/progress`,
        params: from ? { from } : undefined,
      }),
      providesTags: ['Exercise'],
    }),
    /**
     * The exercise's records (docs/api.md §10). Every session change invalidates 'Exercise'; a new
     * unit on the profile, 'User'. For a pound user, `pounds` holds the weight records as they see
     * them, from the sets of the sessions that hold them (recordsInPounds).
     */
    getRecords: build.query<RecordsInUnit, ExerciseRef>({
      queryFn: async (ref, _api, _extra, baseQuery) => {
        const path = apiPaths.exercise(ref.slugLog, ref.slugExercise);
        const answer = await baseQuery(`${path}/records`);
        if (answer.error) return { error: answer.error };
        const records = answer.data as ExerciseRecords;
        if (records.kind !== 'wlsession' || authStore.get()?.weightUnit !== 'lb') return { data: records };
        const slugs = [...new Set(Object.values(records.records).flatMap((r) => (r ? [r.slugSession] : [])))];
        const sessions = await Promise.all(
          slugs.map((slug) => baseQuery(`${path}/wlsessions/${encodeURIComponent(slug)}`)),
        );
        const failed = sessions.find((s) => s.error);
        if (failed?.error) return { error: failed.error };
        const bySlug = new Map(
          sessions.map((s) => {
            const { wlsession } = s.data as { wlsession: Wlsession };
            return [wlsession.slugSession, wlsession] as const;
          }),
        );
        return { data: { ...records, pounds: recordsInPounds(records, bySlug) } };
      },
      providesTags: ['Exercise', 'User'],
    }),
    getExerciseForEdit: build.query<Exercise, { slugLog: string; id: string }>({
      query: ({ slugLog, id }) => `${apiPaths.exercises(slugLog)}/edit/${encodeURIComponent(id)}`,
      providesTags: ['Exercise'],
      keepUnusedDataFor: 5,
    }),
    createExercise: build.mutation<Exercise, ExerciseCreateBody & { slugLog: string }>({
      query: (body) => ({ url: apiPaths.exercises(body.slugLog), method: 'POST', body }),
      invalidatesTags: [...EXERCISE_CHANGE],
    }),
    updateExercise: build.mutation<Exercise, { slugLog: string; _id: string; title: string }>({
      query: ({ slugLog, _id, title }) => ({
        url: `${apiPaths.exercises(slugLog)}/edit/${encodeURIComponent(_id)}`,
        method: 'PUT',
        body: { title, _id },
      }),
      invalidatesTags: [...EXERCISE_CHANGE],
    }),
    deleteExercise: build.mutation<MessageBody, ExerciseRef>({
      query: ({ slugLog, slugExercise }) => ({
        url: apiPaths.exercise(slugLog, slugExercise),
        method: 'DELETE',
      }),
      invalidatesTags: [...EXERCISE_CHANGE],
    }),
  }),
});

/** Records with, for a pound user, the weight records' values in pounds. */
export type RecordsInUnit = ExerciseRecords & { pounds?: Partial<Record<RecordName, number>> };

/**
 * The weight records in pounds, each from the sets of the session that holds it: kilograms
 * converted back would turn a 140 lb set into 139.99 (docs/api.md §10: "never 134.99").
 */
export function recordsInPounds(
  { records }: ExerciseRecords,
  sessions: ReadonlyMap<string, Pick<Wlsession, 'set'>>,
): Partial<Record<RecordName, number>> {
  const pounds: Partial<Record<RecordName, number>> = {};
  const figures: Array<[RecordName, keyof ReturnType<typeof setBests>]> = [
    ['heaviest', 'heaviest'],
    ['e1rm', 'e1rm'],
    ['bestSetVolume', 'bestSetVolume'],
    ['bestSessionVolume', 'exactVolume'],
  ];
  for (const [name, figure] of figures) {
    const record = (records as Partial<Record<RecordName, { slugSession: string } | null>>)[name];
    const session = record && sessions.get(record.slugSession);
    if (session) pounds[name] = round2(setBests(session.set, 'lb')[figure]);
  }
  return pounds;
}

export const {
  useGetExercisePageQuery,
  useGetProgressQuery,
  useGetRecordsQuery,
  useGetExerciseForEditQuery,
  useCreateExerciseMutation,
  useUpdateExerciseMutation,
  useDeleteExerciseMutation,
} = exercisesApi;

// The range's pure part lives here, with the query it shapes, so that it stays in the data layer's
// chunk (vite.config.ts): in a file of its own, it split this module out into one more chunk that
// the entry script has to list.
/** The chart's range choices (docs/api.md §10); All sends no `from`. */
export const RANGES = ['1M', '3M', '6M', '1Y', 'All'] as const;
export type ProgressRange = (typeof RANGES)[number];

const MONTHS: Record<Exclude<ProgressRange, 'All'>, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 };
export const RANGE_PARAM = 'range';

const isRange = (value: string | null): value is ProgressRange =>
  (RANGES as readonly string[]).includes(value ?? '');

/** The range in the address (`?range=3M`); All when absent or unknown. */
export function readRange(search: URLSearchParams): ProgressRange {
  const value = search.get(RANGE_PARAM);
  return isRange(value) ? value : 'All';
}

/**
 * The first day a range shows: `today` (the browser's own date, todayLocal) less its months, on
 * calendar numbers rather than a Date so no time zone moves it; a day the month lacks becomes the
 * month's last (Mar 31 − 1M → Feb 28 or 29).
 */
export function rangeFrom(range: ProgressRange, today: string): string | undefined {
  if (range === 'All') return undefined;
  const [year, month, day] = today.split('-').map(Number);
  const months = year * 12 + (month - 1) - MONTHS[range];
  const y = Math.floor(months / 12);
  const m = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(Math.min(day, lastDay))}`;
}

/** The chart's query for a range: the same arguments in the page's first requests and in its section. */
export const progressArgs = (ref: ExerciseRef, range: ProgressRange) => {
  const from = rangeFrom(range, todayLocal());
  return from ? { ...ref, from } : ref;
};

/** What ExercisePage asks for as it opens: its page of sessions, the chart's history, the records. */
export const exercisePageRequests: ScreenRequests = ({ slugLog = '', slugExercise = '' }, search) => [
  exercisesApi.endpoints.getExercisePage.initiate(
    { slugLog, slugExercise, ...readPageParams(search, DEFAULT_LIMIT) },
    { subscribe: false },
  ),
  exercisesApi.endpoints.getProgress.initiate(progressArgs({ slugLog, slugExercise }, readRange(search)), {
    subscribe: false,
  }),
  exercisesApi.endpoints.getRecords.initiate({ slugLog, slugExercise }, { subscribe: false }),
];
