import type { LogPage } from '../../contract/exercises';
import { MAX_LIMIT, type PageQuery } from '../../contract/page-query';
import { api } from './api';
import { apiPaths } from './paths';

/**
 * A log's page (its exercises), read by the log page (features/logs/) and by the gym screens (the
 * exercises to add or to put in a routine): one endpoint in lib/, as a feature does not import
 * another (eslint.config.js), so both share its cache entries and its tags. Every change to an
 * exercise invalidates 'Log' (features/exercises/exercises.api.ts).
 */
export const logPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLog: build.query<LogPage, PageQuery & { slugLog: string }>({
      query: ({ slugLog, limit, page }) => ({ url: apiPaths.log(slugLog), params: { limit, page } }),
      providesTags: ['Log'],
    }),
  }),
});

export const { useGetLogQuery } = logPageApi;

/** Every exercise of a log (a log page at the largest page size), for the gym screens' choices. */
export const allExercisesOf = (slugLog: string) => ({ slugLog, limit: MAX_LIMIT, page: 1 });
