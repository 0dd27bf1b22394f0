import type { Day, TrainingDays } from '../../../contract/days';
import type { PageQuery } from '../../../contract/page-query';
import { api, type ScreenRequests } from '../../lib/api';

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDay: build.query<Day, string>({
      query: (date) => `/days/${encodeURIComponent(date)}`,
      // A day lists sessions of every log: any session, exercise or log write may change it.
      providesTags: ['Wlsession', 'Pasession', 'Exercise', 'Log'],
    }),
    getTrainingDays: build.query<TrainingDays, PageQuery>({
      query: ({ page, limit }) => `/days?page=${page}&limit=${limit}`,
      providesTags: ['Wlsession', 'Pasession', 'Exercise', 'Log'],
    }),
  }),
});

export const { useGetDayQuery, useGetTrainingDaysQuery } = historyApi;

/** What DayPage asks for as it opens. */
export const dayPageRequests: ScreenRequests = ({ date = '' }) => [
  historyApi.endpoints.getDay.initiate(date, { subscribe: false }),
];
