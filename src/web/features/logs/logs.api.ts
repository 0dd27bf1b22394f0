import { todayLocal } from '../../../contract/dates';
import type { MessageBody } from '../../../contract/errors';
import type { Log, LogBody, LogsList } from '../../../contract/logs';
import type { Activity, ActivityQuery } from '../../../contract/records';
import { DEFAULT_LIMIT, LOGS_DEFAULT_LIMIT, type PageQuery } from '../../../contract/page-query';
import { api, type ScreenRequests } from '../../lib/api';
import { logPageApi } from '../../lib/log-page.api';
import { readPageParams } from '../../lib/use-page-params';
import { activityRange } from './activity-grid';

export const logsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLogs: build.query<LogsList, PageQuery>({
      query: ({ limit, page }) => ({ url: '/logs', params: { limit, page } }),
      providesTags: ['Log'],
    }),
    getLogForEdit: build.query<Log, string>({
      query: (id) => `/logs/edit/${encodeURIComponent(id)}`,
      providesTags: ['Log'],
      keepUnusedDataFor: 5,
    }),
    getActivity: build.query<Activity, ActivityQuery>({
      query: ({ from, to }) => ({ url: '/activity', params: { from, to } }),
      // Session writes invalidate these (sessions' api files); deleting a log or an exercise deletes
      // its sessions and invalidates 'Log' or 'Exercise'.
      providesTags: ['Wlsession', 'Pasession', 'Exercise', 'Log'],
    }),
    createLog: build.mutation<Log, LogBody>({
      query: (body) => ({ url: '/logs', method: 'POST', body }),
      invalidatesTags: ['Log'],
    }),
    updateLog: build.mutation<Log, LogBody & { _id: string }>({
      query: (log) => ({ url: `/logs/edit/${encodeURIComponent(log._id)}`, method: 'PUT', body: log }),
      invalidatesTags: ['Log'],
    }),
    deleteLog: build.mutation<MessageBody, string>({
      // The server takes the log's _id or its slugLog here (docs/api.md §7); the _id never changes.
      query: (id) => ({ url: `/logs/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Log'],
    }),
  }),
});

export const {
  useGetLogsQuery,
  useGetActivityQuery,
  useGetLogForEditQuery,
  useCreateLogMutation,
  useUpdateLogMutation,
  useDeleteLogMutation,
} = logsApi;

// The log's page is read by the gym screens too: its endpoint lives in lib/.
export { useGetLogQuery } from '../../lib/log-page.api';

/** What LogsPage asks for as it opens (the same arguments, so the same cache entry). */
export const logsPageRequests: ScreenRequests = (_params, search) => [
  logsApi.endpoints.getLogs.initiate(readPageParams(search, LOGS_DEFAULT_LIMIT), { subscribe: false }),
  logsApi.endpoints.getActivity.initiate(activityRange(todayLocal()), { subscribe: false }),
];

/** What LogPage asks for as it opens. */
export const logPageRequests: ScreenRequests = ({ slugLog = '' }, search) => [
  logPageApi.endpoints.getLog.initiate(
    { slugLog, ...readPageParams(search, DEFAULT_LIMIT) },
    { subscribe: false },
  ),
];

/** What EditLogPage asks for as it opens. */
export const editLogRequests: ScreenRequests = ({ id = '' }) => [
  logsApi.endpoints.getLogForEdit.initiate(id, { subscribe: false }),
];
