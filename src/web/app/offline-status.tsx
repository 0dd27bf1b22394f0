import { useSyncExternalStore } from 'react';
import { useUserInfo } from '../lib/auth-store';
import { queueSnapshot, removeQueued, subscribeQueue } from '../lib/offline/queue';
import { queuedCount } from '../lib/offline/queued-words';
import { activateUpdate, hasUpdateWaiting, subscribeUpdate } from '../lib/offline/service-worker';

/**
 * The bar above the app (docs/api.md §10): sessions and workouts kept on this device until they sync, those the
 * server refused (with its message, until dismissed), and a new version waiting to take over.
 */
export function OfflineStatus() {
  const user = useUserInfo();
  const queue = useSyncExternalStore(subscribeQueue, queueSnapshot);
  const hasUpdate = useSyncExternalStore(subscribeUpdate, hasUpdateWaiting);
  const mine = user ? queue.filter((item) => item.userId === user._id) : [];
  const waiting = mine.filter((item) => item.failure === undefined);
  const refused = mine.filter((item) => item.failure !== undefined);
  // Always rendered, so screen readers announce what appears in it.
  return (
    <div className="offline-status" role="status">
      {waiting.length > 0 && (
        <div className="offline-bar">
          <p>
            <strong>Waiting to sync:</strong> {queuedCount(waiting)} saved on this device (
            {waiting.map((item) => `${item.exerciseTitle}, ${item.sessionDate}`).join('; ')}).
          </p>
        </div>
      )}
      {refused.map((item) => (
        <div className="offline-bar offline-bar-refused" key={item.key}>
          <p>
            <strong>Not synced:</strong> {item.exerciseTitle}, {item.sessionDate}. {item.failure}
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void removeQueued(item.key)}>
            Dismiss
          </button>
        </div>
      ))}
      {hasUpdate && (
        <div className="offline-bar">
          <p>A new version is available.</p>
          <button type="button" className="btn btn-primary" onClick={activateUpdate}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
