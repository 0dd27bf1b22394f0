import type { MessageBody } from '../../../contract/errors';
import type {
  ExercisePage,
  Pasession,
  PasessionValues,
  Wlsession,
  WlsessionValues,
} from '../../../contract/sessions';
import { api } from '../../lib/api';
import { apiPaths } from '../../lib/paths';

interface ExerciseRef {
  slugLog: string;
  slugExercise: string;
}

// A session changes its exercise's list, latest session and chart as well as itself.
const SESSION_CHANGE = ['Exercise', 'Wlsession', 'Pasession'] as const;
// docs/product.md §7: by-id fetches and unused session data are kept 5 seconds.
const SHORT_CACHE = 5;

const wl = (ref: ExerciseRef) => apiPaths.sessions(ref.slugLog, ref.slugExercise, 'wlsession');
const pa = (ref: ExerciseRef) => apiPaths.sessions(ref.slugLog, ref.slugExercise, 'pasession');
const seg = encodeURIComponent;

/** Edit bodies may carry the record's other fields: the server ignores what it does not take. */
type EditBody<V> = V & { _id: string; [field: string]: unknown };

export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The exercise with its latest session: the create screens' 'Previous Session'. */
    getSessionContext: build.query<ExercisePage, ExerciseRef>({
      query: (ref) => ({
        url: apiPaths.exercise(ref.slugLog, ref.slugExercise),
        params: { limit: 1, page: 1 },
      }),
      providesTags: ['Exercise'],
    }),

    getWlsession: build.query<{ wlsession: Wlsession }, ExerciseRef & { slugSession: string }>({
      query: (ref) => `${wl(ref)}/${seg(ref.slugSession)}`,
      providesTags: ['Wlsession'],
      keepUnusedDataFor: SHORT_CACHE,
    }),
    getWlsessionForEdit: build.query<Wlsession, ExerciseRef & { id: string }>({
      query: (ref) => `${wl(ref)}/edit/${seg(ref.id)}`,
      providesTags: ['Wlsession'],
      keepUnusedDataFor: SHORT_CACHE,
    }),
    createWlsession: build.mutation<Wlsession, ExerciseRef & { body: WlsessionValues }>({
      query: ({ body, ...ref }) => ({ url: wl(ref), method: 'POST', body: { ...body, ...ref } }),
      invalidatesTags: [...SESSION_CHANGE],
    }),
    updateWlsession: build.mutation<Wlsession, ExerciseRef & { body: EditBody<WlsessionValues> }>({
      query: ({ body, ...ref }) => ({ url: `${wl(ref)}/edit/${seg(body._id)}`, method: 'PUT', body }),
      invalidatesTags: [...SESSION_CHANGE],
    }),
    deleteWlsession: build.mutation<MessageBody, ExerciseRef & { slugSession: string }>({
      query: (ref) => ({ url: `${wl(ref)}/${seg(ref.slugSession)}`, method: 'DELETE' }),
      invalidatesTags: [...SESSION_CHANGE],
    }),

    getPasession: build.query<{ pasession: Pasession }, ExerciseRef & { slugSession: string }>({
      query: (ref) => `${pa(ref)}/${seg(ref.slugSession)}`,
      providesTags: ['Pasession'],
      keepUnusedDataFor: SHORT_CACHE,
    }),
    getPasessionForEdit: build.query<Pasession, ExerciseRef & { id: string }>({
      query: (ref) => `${pa(ref)}/edit/${seg(ref.id)}`,
      providesTags: ['Pasession'],
      keepUnusedDataFor: SHORT_CACHE,
    }),
    createPasession: build.mutation<Pasession, ExerciseRef & { body: PasessionValues }>({
      query: ({ body, ...ref }) => ({ url: pa(ref), method: 'POST', body: { ...body, ...ref } }),
      invalidatesTags: [...SESSION_CHANGE],
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

export const {
  useGetSessionContextQuery,
  useGetWlsessionQuery,
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
