import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { type QueuedSession, readQueue } from '../lib/offline/queue';
import { syncedMessage } from '../lib/offline/queued-words';
import { registerServiceWorker } from '../lib/offline/service-worker';
import { startSyncSchedule } from '../lib/offline/sync-schedule';
import { OfflineStatus } from './offline-status';

// The tags a session or a workout created online invalidates (features/sessions/sessions.api.ts,
// lib/gym.api.ts): the queue holds both, and a workout sent here must show in its log's list.
const SYNCED_CHANGE = ['Workout', 'Exercise', 'Wlsession', 'Pasession'] as const;

/**
 * Offline support (docs/decisions/0015), imported by app/data-layout.tsx and started when the
 * browser is next idle: none of it is in the first visit's entry script, and the signed-out home
 * page, which has nothing to queue, does without it. Registers the service worker, shows the
 * offline bar (queued sessions, the update prompt) and sends the queued sessions now, when the
 * connection returns and when their user signs in. Each step waits for an idle moment of its own,
 * so that a phone's main thread never runs them as one long task (decision 0027).
 */
export function startOffline(): void {
  const steps = [
    // Only the production build has a service worker (vite-plugin-pwa builds it).
    () => import.meta.env.PROD && registerServiceWorker(),
    mountOfflineStatus,
    // When: at once, on the connection's return and sign-in, and with a backoff (docs/api.md §12).
    () => {
      const syncNow = startSyncSchedule({ onSynced, onRefused });
      readQueue().then(syncNow, () => {
        // No IndexedDB here: nothing can have been queued.
      });
    },
    // A logout must work with no connection (docs/api.md §12): its code is fetched now, while there is one.
    () => void import('./logout').catch(() => {}),
    () => void import('./logout-warning').catch(() => {}),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) whenIdle(next);
  };
  next();
}

/** The lists on screen are stale. The store is loaded only now: the home page does without it. */
async function onSynced(synced: readonly QueuedSession[]): Promise<void> {
  // The API slice as gym mode enhanced it, whose tags include Workout (one slice: lib/api.ts).
  const [{ getStore }, { workoutsApi }, { toast }] = await Promise.all([
    import('./store'),
    import('../lib/gym.api'),
    import('react-toastify/unstyled'),
  ]);
  getStore().dispatch(workoutsApi.util.invalidateTags([...SYNCED_CHANGE]));
  toast.success(syncedMessage(synced));
}

async function onRefused(item: QueuedSession, message: string): Promise<void> {
  const { toastError } = await import('../lib/error-toast');
  toastError(`Not synced: ${item.exerciseTitle}, ${item.sessionDate}. ${message}`);
}

/** Its own root above the app's, so the entry script's layout needs no change (and no bytes). */
function mountOfflineStatus(): void {
  const host = document.createElement('div');
  document.body.prepend(host);
  // A transition: React renders it in slices between the browser's own work.
  startTransition(() => createRoot(host).render(<OfflineStatus />));
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run);
}

// After the page's load and on an idle moment: the worker's precaching must not compete with the
// first screen's own code and data.
if (document.readyState === 'complete') whenIdle(startOffline);
else window.addEventListener('load', () => whenIdle(startOffline), { once: true });
