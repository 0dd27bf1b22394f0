import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { Params } from 'react-router';
import { authStore } from './auth-store';
import { toastError } from './error-toast';
import { isStaleTab } from './offline/device-user';
import {
  IDEMPOTENCY_HEADER,
  idempotencyKeyFor,
  isCreateRequest,
  settleIdempotencyKey,
} from './offline/idempotency';
import { forgetAnswers, keepAnswer, lastAnswer } from './offline/last-answers';
import { endPendingLogout, isLogoutPending } from './offline/pending-logout';

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

/** The HTTP status behind an error, or the transport failure's name when there was no answer. */
export function errorStatus(error: FetchBaseQueryError): number | string {
  return error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
}

/**
 * Transport failures arrive already classified by fetchBaseQuery (FETCH_ERROR, TIMEOUT_ERROR,
 * PARSING_ERROR); added here: any 401 means the session is gone, and every create carries its
 * submission's Idempotency-Key (docs/api.md §10, lib/offline/idempotency.ts). On a shared device
 * (docs/api.md §12) nothing leaves a tab that another tab has signed out or in since, nor before a
 * logout still waiting for the server; a GET with no answer gets the last one this user saw.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  queryApi,
  extraOptions,
) => {
  if (isStaleTab()) {
    window.location.reload();
    return { error: { status: 'CUSTOM_ERROR', error: 'Signed in or out in another tab' } };
  }
  if (isLogoutPending() && !(await endPendingLogout())) {
    return { error: { status: 'FETCH_ERROR', error: 'A logout is waiting for the connection' } };
  }
  const userId = authStore.get()?._id;
  const create = typeof args !== 'string' && isCreateRequest(args.method, args.url) ? args : null;
  const result = await rawBaseQuery(create ? withIdempotencyKey(create) : args, queryApi, extraOptions);
  if (create) settleIdempotencyKey(create.url, create.body, result.error ? errorStatus(result.error) : 200);
  const readUrl = userId ? getUrl(args) : null;
  if (readUrl && userId) {
    if (!result.error) void keepAnswer(userId, readUrl, result.data);
    else if (result.error.status === 'FETCH_ERROR' || result.error.status === 'TIMEOUT_ERROR') {
      const kept = await lastAnswer(userId, readUrl);
      if (kept !== undefined) return { data: kept, meta: result.meta };
    }
  }
  if (result.error && isUnauthorized(result.error)) {
    const wasSignedIn = authStore.get() !== null;
    authStore.signOut();
    void forgetAnswers();
    if (wasSignedIn) {
      // The page that asked is about to be replaced by /login: say why there, once.
      const data = result.error.data as { message?: unknown } | undefined;
      const message = typeof data?.message === 'string' ? data.message : 'Not authorized, please log in';
      toastError(message, { toastId: 'unauthorized' });
    }
  }
  return result;
};

/** The address of a GET under /api with its query, the key of its kept answer; null otherwise. */
function getUrl(args: string | FetchArgs): string | null {
  if (typeof args === 'string') return `/api${args}`;
  if (args.method && args.method.toUpperCase() !== 'GET') return null;
  const query = args.params ? new URLSearchParams(args.params as Record<string, string>).toString() : '';
  return `/api${args.url}${query ? `?${query}` : ''}`;
}

function withIdempotencyKey(args: FetchArgs): FetchArgs {
  const key = idempotencyKeyFor(args.url, args.body);
  return { ...args, headers: { ...(args.headers as Record<string, string>), [IDEMPOTENCY_HEADER]: key } };
}

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
