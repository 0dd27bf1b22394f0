import type { MessageBody } from '../../../contract/errors';
import type { Exercise, ExerciseCreateBody } from '../../../contract/exercises';
import { DEFAULT_LIMIT, type PageQuery } from '../../../contract/pagination';
import type { ExercisePage, Progress } from '../../../contract/sessions';
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
    /** The whole history, oldest first, for the chart (docs/api.md §7). Sessions invalidate 'Exercise'. */
    getProgress: build.query<Progress, ExerciseRef>({
      query: ({ slugLog, slugExercise }) => `${apiPaths.exercise(slugLog, slugExercise)}/progress`,
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
  useGetExerciseForEditQuery,
  useCreateExerciseMutation,
  useUpdateExerciseMutation,
  useDeleteExerciseMutation,
} = exercisesApi;

/** What ExercisePage asks for as it opens: its page of sessions and the chart's history. */
export const exercisePageRequests: ScreenRequests = ({ slugLog = '', slugExercise = '' }, search) => [
  exercisesApi.endpoints.getExercisePage.initiate(
    { slugLog, slugExercise, ...readPageParams(search, DEFAULT_LIMIT) },
    { subscribe: false },
  ),
  exercisesApi.endpoints.getProgress.initiate({ slugLog, slugExercise }, { subscribe: false }),
];
