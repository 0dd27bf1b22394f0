import type { RecordName } from '../../contract/records';
import type { ExercisePage, Wlsession } from '../../contract/sessions';
import { api } from './api';
import { apiPaths } from './paths';

export interface ExerciseRef {
  slugLog: string;
  slugExercise: string;
}

// docs/product.md §7: by-id fetches and unused session data are kept 5 seconds.
export const SHORT_CACHE = 5;

/**
 * Reads of an exercise's sessions that the session screens (features/sessions/) and the gym
 * screens (features/workouts/) both make: one endpoint each in lib/, as a feature does not import
 * another (eslint.config.js), so both share their cache entries and their tags.
 */
export const sessionReadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The exercise with its latest session: the new-session screens' 'Previous Session', the
     * workout screen's set placeholders ("last time").
     */
    getSessionContext: build.query<ExercisePage, ExerciseRef>({
      query: (ref) => ({
        url: apiPaths.exercise(ref.slugLog, ref.slugExercise),
        params: { limit: 1, page: 1 },
      }),
      providesTags: ['Exercise'],
    }),
    /** A weight session by slug, naming the records it set (docs/api.md §10): its page, and the workout page. */
    getWlsession: build.query<
      { wlsession: Wlsession & { records: RecordName[] } },
      ExerciseRef & { slugSession: string }
    >({
      query: (ref) =>
        `${apiPaths.sessions(ref.slugLog, ref.slugExercise, 'wlsession')}/${encodeURIComponent(ref.slugSession)}`,
      providesTags: ['Wlsession'],
      keepUnusedDataFor: SHORT_CACHE,
    }),
  }),
});

export const { useGetSessionContextQuery, useGetWlsessionQuery } = sessionReadsApi;
