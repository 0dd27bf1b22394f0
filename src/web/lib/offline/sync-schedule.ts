import { authStore } from '../auth-store';
import { isStaleTab } from './device-user';
import { queueSnapshot, subscribeQueue } from './queue';
import { type SyncHooks, type SyncResult, syncQueue } from './sync';

/**
 * When the queued sessions are sent (docs/api.md §12): at once on `online`, `focus`, a tab
 * becoming visible or a sign-in; after a failure, again with a backoff from 3 s doubling to a
 * minute, or when the server's Retry-After says. A phone on a dead Wi-Fi keeps `navigator.onLine`
 * true and fires no `online` when it recovers: while no answer comes, a tiny probe (GET
 * /api/config, which reads no database) asks every 5 s whether the server is reachable again, and
 * the queue goes as soon as it is, whatever the backoff had reached.
 */
const FIRST_RETRY_MS = 3_000;
const MAX_RETRY_MS = 60_000;
const PROBE_MS = 5_000;
const PROBE_TIMEOUT_MS = 4_000;

type Reason = 'event' | 'timer';

export function startSyncSchedule(hooks: SyncHooks): () => void {
  let failures = 0;
  // No send before this time (ms since the epoch): the backoff, or the server's Retry-After.
  let notBefore = 0;
  let isServerTime = false;
  let isUnreachable = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isRunning = false;

  const reset = () => {
    failures = 0;
    notBefore = 0;
    isServerTime = false;
    isUnreachable = false;
  };
  const wake = (ms: number, run: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = undefined;
        run();
      },
      Math.max(0, ms),
    );
  };
  const hasWaiting = (userId: string) =>
    queueSnapshot().some((item) => item.userId === userId && item.failure === undefined);

  function syncNow(reason: Reason = 'event'): void {
    const userId = authStore.get()?._id;
    // A run under way decides what comes next when it ends.
    if (isRunning) return;
    if (!userId || isStaleTab() || !hasWaiting(userId)) {
      clearTimeout(timer);
      timer = undefined;
      reset();
      return;
    }
    // The browser knows it is offline: its 'online' event will come.
    if (navigator.onLine === false) return;
    const wait = notBefore - Date.now();
    // A Retry-After holds whatever happens; the backoff gives way to a sign that the connection
    // may be back (an event).
    if (wait > 0 && (isServerTime || reason === 'timer')) {
      // Already planned: a queue read elsewhere must not keep pushing the next try away.
      if (timer !== undefined) return;
      if (isUnreachable) wake(Math.min(wait, PROBE_MS), probe);
      else wake(wait, () => syncNow('timer'));
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    isRunning = true;
    void syncQueue(userId, hooks).then(afterRun, () => afterRun({ kind: 'kept', unreachable: true }));
  }

  function afterRun(result: SyncResult): void {
    isRunning = false;
    if (result.kind === 'done') {
      reset();
      // Anything queued meanwhile goes too.
      syncNow('timer');
      return;
    }
    failures += 1;
    const backoff = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS);
    isServerTime = result.retryAfterMs !== undefined;
    isUnreachable = result.unreachable;
    notBefore = Date.now() + (result.retryAfterMs ?? backoff);
    syncNow('timer');
  }

  async function probe(): Promise<void> {
    try {
      await fetch('/api/config', {
        cache: 'no-store',
        credentials: 'same-origin',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
    } catch {
      // Still no answer: probe again, or send when the backoff is over.
      syncNow('timer');
      return;
    }
    // Any answer: the connection is back.
    notBefore = 0;
    isUnreachable = false;
    syncNow('timer');
  }

  const onVisible = () => document.visibilityState === 'visible' && syncNow('event');
  window.addEventListener('online', () => syncNow('event'));
  window.addEventListener('focus', () => syncNow('event'));
  document.addEventListener('visibilitychange', onVisible);
  authStore.subscribe(() => syncNow('event'));
  // A session just queued (its create found no connection): the first retry a few seconds on.
  subscribeQueue(() => {
    if (!isRunning && timer === undefined && notBefore === 0) {
      notBefore = Date.now() + FIRST_RETRY_MS;
      isUnreachable = true;
      failures = 1;
    }
    syncNow('timer');
  });
  return () => syncNow('event');
}
