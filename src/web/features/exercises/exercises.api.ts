import type { MessageBody } from '../../../contract/errors';
import type { Exercise, ExerciseCreateBody } from '../../../contract/exercises';
import { DEFAULT_LIMIT, type PageQuery } from '../../../contract/page-query';
import type { ExerciseRecords } from '../../../contract/records';
import type { ExercisePage, Progress } from '../../../contract/sessions';
import { todayLocal } from '../../../contract/dates';
import { api, type ScreenRequests } from '../../lib/api';
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
     * The exercise's records (docs/api.md §10), each weight record with its figure in pounds too.
     * Every session change invalidates 'Exercise'.
     */
    getRecords: build.query<ExerciseRecords, ExerciseRef>({
      query: ({ slugLog, slugExercise }) => `${apiPaths.exercise(slugLog, slugExercise)}/records`,
      providesTags: ['Exercise'],
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

/** What EditExercisePage asks for as it opens. */
export const editExerciseRequests: ScreenRequests = ({ slugLog = '', exerciseId = '' }) => [
  exercisesApi.endpoints.getExerciseForEdit.initiate({ slugLog, id: exerciseId }, { subscribe: false }),
];
