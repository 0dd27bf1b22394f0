import type { Day } from '../../../contract/days';
import { api, type ScreenRequests } from '../../lib/api';

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDay: build.query<Day, string>({
      query: (date) => `/days/${encodeURIComponent(date)}`,
      // A day lists sessions of every log: any session, exercise or log write may change it.
      providesTags: ['Wlsession', 'Pasession', 'Exercise', 'Log'],
    }),
  }),
});

export const { useGetDayQuery } = historyApi;

/** What DayPage asks for as it opens. */
export const dayPageRequests: ScreenRequests = ({ date = '' }) => [
  historyApi.endpoints.getDay.initiate(date, { subscribe: false }),
];
