import { IDEMPOTENCY_HEADER } from './idempotency';
import { markQueuedFailed, type QueuedSession, readQueue, removeQueued } from './queue';

export type SendOutcome = { kind: 'synced' } | { kind: 'refused'; message: string } | { kind: 'kept' };

export interface SyncHooks {
  /** After at least one session reached the server: the screens' lists are stale. */
  onSynced: (count: number) => void;
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
    });
  } catch {
    return { kind: 'kept' };
  }
  if (response.ok) return { kind: 'synced' };
  // Signed out (it goes once this user signs in again), rate-limited, or the server failing: later.
  if (
    response.status === 401 ||
    response.status === 408 ||
    response.status === 429 ||
    response.status >= 500
  ) {
    return { kind: 'kept' };
  }
  return { kind: 'refused', message: await refusalMessage(response) };
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

let running: Promise<void> | null = null;

/** Sends the user's queued sessions, oldest first; one run at a time, across tabs too. */
export function syncQueue(userId: string, hooks: SyncHooks): Promise<void> {
  running ??= withLock(() => sendAll(userId, hooks)).finally(() => {
    running = null;
  });
  return running;
}

async function sendAll(userId: string, hooks: SyncHooks): Promise<void> {
  let synced = 0;
  // Read again inside the lock: another tab may have sent some meanwhile.
  for (const item of await readQueue()) {
    if (item.userId !== userId || item.failure !== undefined) continue;
    const outcome = await sendQueued(item);
    // No connection, or a server that cannot answer now: the rest would fare no better.
    if (outcome.kind === 'kept') break;
    if (outcome.kind === 'synced') {
      synced += 1;
      await removeQueued(item.key);
    } else {
      await markQueuedFailed(item, outcome.message);
      hooks.onRefused(item, outcome.message);
    }
  }
  if (synced > 0) hooks.onSynced(synced);
}

/** Two tabs coming back online at once must not both send the same session. */
function withLock(run: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    return navigator.locks.request('workout-offline-sync', run).then(() => undefined);
  }
  return run();
}
