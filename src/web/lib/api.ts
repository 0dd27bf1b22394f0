import './zod-setup';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { Params } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { authStore } from './auth-store';

/** RTK Query only invalidates within one API slice, so every feature injects into this one. */
export const TAG_TYPES = ['Log', 'Exercise', 'Wlsession', 'Pasession', 'User'] as const;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  // The session is an httpOnly cookie on this origin; nothing else is ever sent.
  credentials: 'same-origin',
  // A stuck request becomes a TIMEOUT_ERROR the UI can report instead of a spinner forever.
  timeout: 20_000,
});

export function isUnauthorized(error: FetchBaseQueryError): boolean {
  return error.status === 401 || (error.status === 'PARSING_ERROR' && error.originalStatus === 401);
}

/**
 * Transport failures arrive already classified by fetchBaseQuery (FETCH_ERROR, TIMEOUT_ERROR,
 * PARSING_ERROR); the one thing added here is that any 401 means the session is gone.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  queryApi,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (result.error && isUnauthorized(result.error)) {
    const wasSignedIn = authStore.get() !== null;
    authStore.signOut();
    if (wasSignedIn) {
      // The page that asked is about to be replaced by /login: say why there, once.
      const data = result.error.data as { message?: unknown } | undefined;
      const message = typeof data?.message === 'string' ? data.message : 'Not authorized, please log in';
      toast.error(message, { toastId: 'unauthorized' });
    }
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

/**
 * The requests a screen makes as it opens, worked out from its address alone, so that a first
 * visit can start them while the screen's code is still loading (the route loaders in app/router.tsx). Each is the
 * screen's own query started without a subscription (`{ subscribe: false }`, as a prefetch, but
 * with its answer to wait for): the screen's hook then finds it in flight or answered.
 */
export type ScreenRequests = (
  params: Params,
  search: URLSearchParams,
) => Array<ThunkAction<PromiseLike<unknown>, unknown, unknown, UnknownAction>>;
