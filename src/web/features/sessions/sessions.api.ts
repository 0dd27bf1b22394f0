import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { MessageBody } from '../../../contract/errors';
import type { SessionKind } from '../../../contract/exercises';
import type { Pasession, PasessionValues, Wlsession, WlsessionValues } from '../../../contract/sessions';
import type { RecordName } from '../../../contract/records';
import { api, type baseQuery as appBaseQuery, type ScreenRequests } from '../../lib/api';
import {
  isOfflineFailure,
  isQueuedReceipt,
  keepForLater,
  type QueuedReceipt,
} from '../../lib/offline/keep-offline';
import { apiPaths } from '../../lib/paths';
import { type ExerciseRef, SHORT_CACHE, sessionReadsApi } from '../../lib/session-reads.api';

// A session changes its exercise's list, latest session and chart as well as itself.
const SESSION_CHANGE = ['Exercise', 'Wlsession', 'Pasession'] as const;

const wl = (ref: ExerciseRef) => apiPaths.sessions(ref.slugLog, ref.slugExercise, 'wlsession');
const pa = (ref: ExerciseRef) => apiPaths.sessions(ref.slugLog, ref.slugExercise, 'pasession');
const seg = encodeURIComponent;

type CreateArgs<V> = ExerciseRef & { body: V };
type CreateResult<T> = { data: T | QueuedReceipt } | { error: FetchBaseQueryError };

/**
 * A new session is sent at once; with no connection it is kept on the device and sent later with
 * the same Idempotency-Key (docs/api.md §10, lib/offline/), and the form goes on as after a save.
 */
async function createOrKeep<T>(
  kind: SessionKind,
  { body, ...ref }: CreateArgs<{ createdDate: string }>,
  getState: () => unknown,
  baseQuery: (args: FetchArgs) => ReturnType<typeof appBaseQuery>,
): Promise<CreateResult<T>> {
  const request = {
    url: kind === 'wlsession' ? wl(ref) : pa(ref),
    method: 'POST',
    body: { ...body, ...ref },
  };
  const result = await baseQuery(request);
  if (!result.error) return { data: result.data as T };
  if (!isOfflineFailure(result.error)) return { error: result.error };
  const receipt = await keepForLater({
    path: request.url,
    body: request.body,
    exerciseTitle: exerciseTitle(getState(), ref),
    sessionDate: body.createdDate,
  });
  return receipt ? { data: receipt } : { error: result.error };
}

/** A session by slug also names the records it set (docs/api.md §10). */
type SetRecords = { records: RecordName[] };

/** Edit bodies may carry the record's other fields: the server ignores what it does not take. */
type EditBody<V> = V & { _id: string; [field: string]: unknown };

export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWlsessionForEdit: build.query<Wlsession, ExerciseRef & { id: string }>({
      query: (ref) => `${wl(ref)}/edit/${seg(ref.id)}`,
      providesTags: ['Wlsession'],
      keepUnusedDataFor: SHORT_CACHE,
    }),
    createWlsession: build.mutation<Wlsession | QueuedReceipt, CreateArgs<WlsessionValues>>({
      queryFn: (args, { getState }, _extra, baseQuery) =>
        createOrKeep<Wlsession>('wlsession', args, getState, baseQuery),
      // A session kept on the device changes nothing on the server yet (and offline, a refetch would fail).
      invalidatesTags: (result) => (isQueuedReceipt(result) ? [] : [...SESSION_CHANGE]),
    }),
    updateWlsession: build.mutation<Wlsession, ExerciseRef & { body: EditBody<WlsessionValues> }>({
      query: ({ body, ...ref }) => ({ url: `${wl(ref)}/edit/${seg(body._id)}`, method: 'PUT', body }),
      invalidatesTags: [...SESSION_CHANGE],
    }),
    deleteWlsession: build.mutation<MessageBody, ExerciseRef & { slugSession: string }>({
      query: (ref) => ({ url: `${wl(ref)}/${seg(ref.slugSession)}`, method: 'DELETE' }),
      invalidatesTags: [...SESSION_CHANGE],
    }),

    getPasession: build.query<{ pasession: Pasession & SetRecords }, ExerciseRef & { slugSession: string }>({
      query: (ref) => `${pa(ref)}/${seg(ref.slugSession)}`,
      providesTags: ['Pasession'],
      keepUnusedDataFor: SHORT_CACHE,
    }),
    getPasessionForEdit: build.query<Pasession, ExerciseRef & { id: string }>({
      query: (ref) => `${pa(ref)}/edit/${seg(ref.id)}`,
      providesTags: ['Pasession'],
      keepUnusedDataFor: SHORT_CACHE,
    }),
    createPasession: build.mutation<Pasession | QueuedReceipt, CreateArgs<PasessionValues>>({
      queryFn: (args, { getState }, _extra, baseQuery) =>
        createOrKeep<Pasession>('pasession', args, getState, baseQuery),
      invalidatesTags: (result) => (isQueuedReceipt(result) ? [] : [...SESSION_CHANGE]),
    }),
    updatePasession: build.mutation<Pasession, ExerciseRef & { body: EditBody<PasessionValues> }>({
      query: ({ body, ...ref }) => ({ url: `${pa(ref)}/edit/${seg(body._id)}`, method: 'PUT', body }),
      invalidatesTags: [...SESSION_CHANGE],
    }),
    deletePasession: build.mutation<MessageBody, ExerciseRef & { slugSession: string }>({
      query: (ref) => ({ url: `${pa(ref)}/${seg(ref.slugSession)}`, method: 'DELETE' }),
      invalidatesTags: [...SESSION_CHANGE],
    }),
  }),
});

/** The exercise's title from the new-session screen's own query, to name a session kept offline. */
function exerciseTitle(state: unknown, ref: ExerciseRef): string {
  const context = sessionReadsApi.endpoints.getSessionContext.select(ref)(state as never);
  return context.data?.exercise.title ?? ref.slugExercise;
}

// The exercise's latest session and a weight session by slug are read by the gym screens too:
// their endpoints live in lib/.
export { useGetSessionContextQuery, useGetWlsessionQuery } from '../../lib/session-reads.api';

export const {
  useGetWlsessionForEditQuery,
  useCreateWlsessionMutation,
  useUpdateWlsessionMutation,
  useDeleteWlsessionMutation,
  useGetPasessionQuery,
  useGetPasessionForEditQuery,
  useCreatePasessionMutation,
  useUpdatePasessionMutation,
  useDeletePasessionMutation,
} = sessionsApi;

/**
 * What a session's screens ask for as they open, by the route's address: the new screens the
 * exercise's latest session, the edit screens the session by id (session-editor.tsx), the detail
 * screens the session by slug (session-page-shell.tsx).
 */
export const sessionScreenRequests =
  (kind: SessionKind, screen: 'new' | 'edit' | 'detail'): ScreenRequests =>
  ({ slugLog = '', slugExercise = '', id = '', slugSession = '' }) => {
    const { endpoints } = sessionsApi;
    const ref = { slugLog, slugExercise };
    const options = { subscribe: false };
    if (screen === 'new') return [sessionReadsApi.endpoints.getSessionContext.initiate(ref, options)];
    if (screen === 'edit')
      return [
        kind === 'wlsession'
          ? endpoints.getWlsessionForEdit.initiate({ ...ref, id }, options)
          : endpoints.getPasessionForEdit.initiate({ ...ref, id }, options),
      ];
    return [
      kind === 'wlsession'
        ? sessionReadsApi.endpoints.getWlsession.initiate({ ...ref, slugSession }, options)
        : endpoints.getPasession.initiate({ ...ref, slugSession }, options),
    ];
  };
