import { isCurrentUser } from './device-user';
import { IDEMPOTENCY_HEADER } from './idempotency';
import { isLogoutPending } from './pending-logout';
import { markQueuedFailed, type QueuedSession, readQueue, removeQueued } from './queue';

/**
 * `kept`: try again later. `unreachable` when no answer came (no connection, a dead Wi-Fi);
 * `retryAfterMs` when the server said when (a 429 or 503 with Retry-After).
 */
export type SendOutcome =
  | { kind: 'synced' }
  | { kind: 'refused'; message: string }
  | { kind: 'kept'; unreachable: boolean; retryAfterMs?: number };

/** How a run ended: everything it could send went, or it stopped at a kept item. */
export type SyncResult = { kind: 'done' } | Extract<SendOutcome, { kind: 'kept' }>;

// A dead Wi-Fi can hold a request for minutes: give up in time for the next try.
const SEND_TIMEOUT_MS = 15_000;

export interface SyncHooks {
  /** After at least one item reached the server (those items): the screens' lists are stale. */
  onSynced: (synced: readonly QueuedSession[]) => void;
  onRefused: (item: QueuedSession, message: string) => void;
}

/**
 * Sends one queued session with the Idempotency-Key it was first tried with, so a request that
 * did reach the server before the connection dropped creates nothing more (docs/api.md §10).
 * Plain fetch rather than the RTK Query base query: this runs on any screen, and the home page
 * does not load the store (app/data-layout.tsx).
 */
export async function sendQueued(item: QueuedSession): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api${item.path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: item.key },
      body: JSON.stringify(item.body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'kept', unreachable: true };
  }
  if (response.ok) return { kind: 'synced' };
  // Signed out (it goes once this user signs in again), rate-limited, or the server failing: later.
  if (
    response.status === 401 ||
    response.status === 408 ||
    response.status === 429 ||
    response.status >= 500
  ) {
    return { kind: 'kept', unreachable: false, retryAfterMs: retryAfterMs(response) };
  }
  return { kind: 'refused', message: await refusalMessage(response) };
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3), in ms from now. */
export function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** The server's message (docs/api.md: `{message, errors?}`), with the field messages if any. */
async function refusalMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown; errors?: unknown } | null;
  const message = typeof body?.message === 'string' && body.message ? body.message : null;
  const fields =
    body?.errors && typeof body.errors === 'object'
      ? Object.values(body.errors).filter((m): m is string => typeof m === 'string')
      : [];
  const parts = [message, ...fields].filter((m) => m !== null && m !== '');
  return parts.length ? [...new Set(parts)].join(' — ') : `The server refused it (${response.status})`;
}

let running: Promise<SyncResult> | null = null;

/** Sends the user's queued sessions, oldest first; one run at a time, across tabs too. */
export function syncQueue(userId: string, hooks: SyncHooks): Promise<SyncResult> {
  running ??= withLock(() => sendAll(userId, hooks)).finally(() => {
    running = null;
  });
  return running;
}

async function sendAll(userId: string, hooks: SyncHooks): Promise<SyncResult> {
  const synced: QueuedSession[] = [];
  let result: SyncResult = { kind: 'done' };
  // Read again inside the lock: another tab may have sent some meanwhile.
  for (const item of await readQueue()) {
    if (item.userId !== userId || item.failure !== undefined) continue;
    // Checked before each one: another tab may have signed out or in (the cookie is no longer
    // this user's), or a logout may still be waiting for the server (docs/api.md §12).
    if (!isCurrentUser(userId) || isLogoutPending()) break;
    const outcome = await sendQueued(item);
    // No connection, or a server that cannot answer now: the rest would fare no better.
    if (outcome.kind === 'kept') {
      result = outcome;
      break;
    }
    if (outcome.kind === 'synced') {
      synced.push(item);
      await removeQueued(item.key);
    } else {
      await markQueuedFailed(item, outcome.message);
      hooks.onRefused(item, outcome.message);
    }
  }
  if (synced.length > 0) hooks.onSynced(synced);
  return result;
}

/** Two tabs coming back online at once must not both send the same session. */
function withLock(run: () => Promise<SyncResult>): Promise<SyncResult> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    return navigator.locks.request('workout-offline-sync', () => run()).then((result) => result);
  }
  return run();
}
