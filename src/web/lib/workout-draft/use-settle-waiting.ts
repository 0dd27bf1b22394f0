import { useEffect, useRef } from 'react';
import { type QueuedSession, readQueue, subscribeQueue, queueSnapshot } from '../offline/queue';
import type { WorkoutDraft } from './types';
import { discardDraft, saveDraft } from './store';

/**
 * A workout finished offline waits in the offline queue (lib/offline/) and, meanwhile, on the
 * device as the workout in progress, marked waiting. Once the queue no longer holds it, it reached
 * the server: it leaves the device (`onSettled(true)`). When the server refused it, the workout is
 * editable again, its message in the offline bar (`onSettled(false)`).
 */
export function useSettleWaiting(
  draft: WorkoutDraft | null | undefined,
  onSettled?: (saved: boolean) => void,
): void {
  const key = draft?.waitingKey ?? null;
  const latest = useRef({ draft, onSettled });
  latest.current = { draft, onSettled };

  useEffect(() => {
    if (!key) return;
    let hasRead = false;
    const check = (queue: readonly QueuedSession[]) => {
      const current = latest.current.draft;
      if (!hasRead || !current || current.waitingKey !== key) return;
      const item = queue.find((queued) => queued.key === key);
      if (!item) {
        void discardDraft(current.userId);
        latest.current.onSettled?.(true);
      } else if (item.failure !== undefined) {
        void saveDraft({ ...current, waitingKey: null });
        latest.current.onSettled?.(false);
      }
    };
    const unsubscribe = subscribeQueue(() => check(queueSnapshot()));
    readQueue().then(
      (queue) => {
        hasRead = true;
        check(queue);
      },
      () => {
        // No IndexedDB: the workout could not have been queued; it stays as it is.
      },
    );
    return unsubscribe;
  }, [key]);
}
