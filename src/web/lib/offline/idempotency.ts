/**
 * Idempotency-Key for the POST creates of docs/api.md §10 (logs, exercises, weight and pace
 * sessions) and §11 (workouts, routines). One key per submission: the key is remembered for the request's path and body until
 * the server gives a final answer, so sending the same form again after a lost connection, a
 * timeout or a 5xx reuses it and the server creates the record at most once. A changed form is a
 * different body, so it gets a new key (the server refuses a used key with another body, 422).
 */
const CREATE_PATH = /^\/logs(\/[^/]+\/(exercises(\/[^/]+\/(wl|pa)sessions)?|workouts|routines))?$/;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function isCreateRequest(method: string | undefined, path: string): boolean {
  return method?.toUpperCase() === 'POST' && CREATE_PATH.test(path);
}

const pending = new Map<string, string>();

const submission = (path: string, body: unknown) => `${path}\n${JSON.stringify(body ?? null)}`;

/** The key for this submission: the one already sent for it if it has no final answer yet. */
export function idempotencyKeyFor(path: string, body: unknown): string {
  const id = submission(path, body);
  let key = pending.get(id);
  if (!key) {
    key = crypto.randomUUID();
    pending.set(id, key);
  }
  return key;
}

/**
 * After an answer: a 2xx or 4xx is final (the server replays it for the same key anyway), so the
 * next identical submission is a new one. A 5xx or no answer leaves the key for the retry.
 */
export function settleIdempotencyKey(path: string, body: unknown, status: number | string): void {
  if (typeof status === 'number' && status < 500) pending.delete(submission(path, body));
}

/** The submission now lives in the offline queue with its key: the form starts afresh. */
export function forgetIdempotencyKey(path: string, body: unknown): void {
  pending.delete(submission(path, body));
}

/** At sign-out: the pending submissions (their bodies) are the last user's data. */
export function forgetAllIdempotencyKeys(): void {
  pending.clear();
}
