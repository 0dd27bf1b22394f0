/**
 * Registers the service worker vite-plugin-pwa builds (vite.config.ts, docs/decisions/0015) and
 * notices when a newer one is installed and waiting. It waits (registerType 'prompt') because a
 * worker that took over at once would serve the new build's chunks to a page running the old
 * one: the user chooses when, with the update prompt's "Reload".
 */
let waiting: ServiceWorker | null = null;
let isActivating = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

export function registerServiceWorker(url = '/sw.js'): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  container.register(url, { scope: '/' }).catch(() => {
    // No offline support on this visit (private mode, a browser setting): the app works online.
  });
  container.addEventListener('controllerchange', () => {
    // Only the tab whose user chose "Reload": another tab may hold a half-filled form.
    if (isActivating) window.location.reload();
  });
  void container.ready.then((registration) => {
    // Installed while this page had no worker (the first visit): the first install, not an update.
    const isUpdate = () => container.controller !== null;
    const watch = (worker: ServiceWorker | null) =>
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && isUpdate()) setWaiting(worker);
      });
    // The browser may have found the update before this code loaded.
    if (registration.waiting && isUpdate()) setWaiting(registration.waiting);
    watch(registration.installing);
    registration.addEventListener('updatefound', () => watch(registration.installing));
    // A tab left open for days still hears of a deploy.
    setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000);
  });
}

/** The update prompt's "Reload": the waiting worker takes over, then this tab reloads. */
export function activateUpdate(): void {
  if (!waiting) return;
  isActivating = true;
  // generateSW's worker listens for this message and calls skipWaiting().
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

export const hasUpdateWaiting = (): boolean => waiting !== null;

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
