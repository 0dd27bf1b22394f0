import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { MessageBody } from '../../contract/errors';
import { DEFAULT_LIMIT, type PageQuery } from '../../contract/page-query';
import type { Routine, RoutineBody, RoutinesList } from '../../contract/routines';
import type { UserInfo } from '../../contract/users';
import type { Workout, WorkoutBody, WorkoutsList } from '../../contract/workouts';
import { api, type ScreenRequests } from './api';
import { isOfflineFailure, isQueuedReceipt, keepForLater, type QueuedReceipt } from './offline/keep-offline';
import { allExercisesOf, logPageApi } from './log-page.api';
import { apiPaths } from './paths';
import { readPageParams } from './use-page-params';

const seg = encodeURIComponent;
export const workoutsPath = (slugLog: string) => `${apiPaths.log(slugLog)}/workouts`;
export const routinesPath = (slugLog: string) => `${apiPaths.log(slugLog)}/routines`;

// A workout is made of sessions: writing one changes its exercises' pages and lists as well, and a
// session written on its own (or synced from the offline queue) changes the workout holding it.
const WORKOUT_CHANGE = ['Workout', 'Exercise', 'Wlsession', 'Pasession'] as const;
const WORKOUT_READ = ['Workout', 'Wlsession', 'Pasession', 'Exercise'] as const;
// Deleting an exercise removes its routine entries, renaming one changes them (docs/api.md §11).
const ROUTINE_READ = ['Routine', 'Exercise'] as const;

// Tag types of their own, added to the one API slice every feature injects into (lib/api.ts).
const gymApi = api.enhanceEndpoints({ addTagTypes: ['Workout', 'Routine'] });

type LogRef = { slugLog: string };
type WorkoutRef = LogRef & { id: string };

/**
 * A finished workout is sent at once; with no connection it waits in the offline queue with the
 * Idempotency-Key it was sent with and goes exactly once when the connection returns (docs/api.md
 * §10, lib/offline/), like a new session.
 */
export const workoutsApi = gymApi.injectEndpoints({
  endpoints: (build) => ({
    getWorkouts: build.query<WorkoutsList, LogRef & PageQuery>({
      query: ({ slugLog, limit, page }) => ({ url: workoutsPath(slugLog), params: { limit, page } }),
      providesTags: [...WORKOUT_READ],
    }),
    getWorkout: build.query<{ workout: Workout }, WorkoutRef>({
      query: ({ slugLog, id }) => `${workoutsPath(slugLog)}/${seg(id)}`,
      providesTags: [...WORKOUT_READ],
    }),
    createWorkout: build.mutation<{ workout: Workout } | QueuedReceipt, LogRef & { body: WorkoutBody }>({
      queryFn: async ({ slugLog, body }, _api, _extra, baseQuery) => {
        const url = workoutsPath(slugLog);
        const result = await baseQuery({ url, method: 'POST', body });
        if (!result.error) return { data: result.data as { workout: Workout } };
        if (!isOfflineFailure(result.error)) return { error: result.error };
        const receipt = await keepForLater({
          path: url,
          body,
          exerciseTitle: typeof body.title === 'string' && body.title.trim() ? body.title.trim() : 'Workout',
          sessionDate: String(body.createdDate),
        });
        return receipt ? { data: receipt } : { error: result.error as FetchBaseQueryError };
      },
      invalidatesTags: (result) => (isQueuedReceipt(result) ? [] : [...WORKOUT_CHANGE]),
    }),
    updateWorkout: build.mutation<{ workout: Workout }, WorkoutRef & { body: WorkoutBody }>({
      query: ({ slugLog, id, body }) => ({ url: `${workoutsPath(slugLog)}/${seg(id)}`, method: 'PUT', body }),
      invalidatesTags: [...WORKOUT_CHANGE],
    }),
    deleteWorkout: build.mutation<MessageBody, WorkoutRef>({
      query: ({ slugLog, id }) => ({ url: `${workoutsPath(slugLog)}/${seg(id)}`, method: 'DELETE' }),
      invalidatesTags: [...WORKOUT_CHANGE],
    }),

    /** The profile's gym settings (plates, rest) go with PUT /api/users/profile like the weight unit. */
    saveGymSettings: build.mutation<UserInfo, Record<string, unknown>>({
      query: (body) => ({ url: '/users/profile', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),

    getRoutines: build.query<RoutinesList, LogRef>({
      query: ({ slugLog }) => routinesPath(slugLog),
      providesTags: [...ROUTINE_READ],
    }),
    getRoutine: build.query<{ routine: Routine }, WorkoutRef>({
      query: ({ slugLog, id }) => `${routinesPath(slugLog)}/${seg(id)}`,
      providesTags: [...ROUTINE_READ],
      keepUnusedDataFor: 5,
    }),
    createRoutine: build.mutation<{ routine: Routine }, LogRef & { body: RoutineBody }>({
      query: ({ slugLog, body }) => ({ url: routinesPath(slugLog), method: 'POST', body }),
      invalidatesTags: ['Routine'],
    }),
    updateRoutine: build.mutation<{ routine: Routine }, WorkoutRef & { body: RoutineBody }>({
      query: ({ slugLog, id, body }) => ({ url: `${routinesPath(slugLog)}/${seg(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Routine'],
    }),
    deleteRoutine: build.mutation<MessageBody, WorkoutRef>({
      query: ({ slugLog, id }) => ({ url: `${routinesPath(slugLog)}/${seg(id)}`, method: 'DELETE' }),
      // Workouts started from it lose their `routine`.
      invalidatesTags: ['Routine', 'Workout'],
    }),
  }),
});

export const {
  useGetWorkoutsQuery,
  useGetWorkoutQuery,
  useCreateWorkoutMutation,
  useUpdateWorkoutMutation,
  useDeleteWorkoutMutation,
  useSaveGymSettingsMutation,
  useGetRoutinesQuery,
  useGetRoutineQuery,
  useCreateRoutineMutation,
  useUpdateRoutineMutation,
  useDeleteRoutineMutation,
} = workoutsApi;

const options = { subscribe: false };

/** What the Workouts history asks for as it opens. */
export const workoutsPageRequests: ScreenRequests = ({ slugLog = '' }, search) => [
  workoutsApi.endpoints.getWorkouts.initiate({ slugLog, ...readPageParams(search, DEFAULT_LIMIT) }, options),
];

/** A workout's page and its edit screen. */
export const workoutRequests: ScreenRequests = ({ slugLog = '', id = '' }) => [
  workoutsApi.endpoints.getWorkout.initiate({ slugLog, id }, options),
];

/** The Routines list, and the screen of a workout in progress (its routine's targets and the Start buttons). */
export const routinesRequests: ScreenRequests = ({ slugLog = '' }) => [
  workoutsApi.endpoints.getRoutines.initiate({ slugLog }, options),
];

/** The routine forms: the log's exercises to choose from. */
export const logExercisesRequests: ScreenRequests = ({ slugLog = '' }) => [
  logPageApi.endpoints.getLog.initiate(allExercisesOf(slugLog), options),
];

/** The workout screen: the log's exercises (to add one) and its routines (to start one). */
export const inProgressRequests: ScreenRequests = ({ slugLog = '' }) => [
  logPageApi.endpoints.getLog.initiate(allExercisesOf(slugLog), options),
  workoutsApi.endpoints.getRoutines.initiate({ slugLog }, options),
];

export const routineRequests: ScreenRequests = ({ slugLog = '', id = '' }) => [
  workoutsApi.endpoints.getRoutine.initiate({ slugLog, id }, options),
  logPageApi.endpoints.getLog.initiate(allExercisesOf(slugLog), options),
];
