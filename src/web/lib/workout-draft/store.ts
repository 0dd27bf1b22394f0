import { createStore, del, get, set } from 'idb-keyval';
import { useEffect, useSyncExternalStore } from 'react';
import { useUserInfo } from '../auth-store';
import type { WorkoutDraft } from './types';

/**
 * The workout in progress, kept in IndexedDB from its first change (docs/api.md §11): a reload, a
 * closed tab or a dead battery loses nothing. One per account on a device, keyed by the user's id,
 * in a small database of its own like the offline queue's (lib/offline/queue.ts).
 */
const store = () => (database ??= createStore('workout-gym', 'in-progress'));
let database: ReturnType<typeof createStore> | undefined;

/** undefined: not read yet; null: none. */
const snapshots = new Map<string, WorkoutDraft | null>();
const listeners = new Set<() => void>();
// Another tab of the app may start, change or discard it: it says so here and this tab reads again.
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('workout-gym') : null;
channel?.addEventListener('message', (event: MessageEvent<string>) => void readDraft(event.data));

function publish(userId: string, draft: WorkoutDraft | null): void {
  snapshots.set(userId, draft);
  for (const listener of listeners) listener();
}

export async function readDraft(userId: string): Promise<WorkoutDraft | null> {
  let draft: WorkoutDraft | null = null;
  try {
    draft = (await get<WorkoutDraft>(userId, store())) ?? null;
  } catch {
    // No IndexedDB here (a privacy mode): the workout lives in this tab's memory only.
    draft = snapshots.get(userId) ?? null;
  }
  publish(userId, draft);
  return draft;
}

// Writes go in order: a later change never lands before an earlier one.
let writing: Promise<unknown> = Promise.resolve();

/** Shown at once, stored right after. */
export function saveDraft(draft: WorkoutDraft): Promise<void> {
  publish(draft.userId, draft);
  const done = writing.then(() => set(draft.userId, draft, store())).catch(() => {});
  writing = done;
  return done.then(() => channel?.postMessage(draft.userId));
}

export function discardDraft(userId: string): Promise<void> {
  publish(userId, null);
  const done = writing.then(() => del(userId, store())).catch(() => {});
  writing = done;
  return done.then(() => channel?.postMessage(userId));
}

export function draftSnapshot(userId: string): WorkoutDraft | null | undefined {
  return snapshots.get(userId);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's workout in progress on this device: undefined while it is being read. */
export function useWorkoutInProgress(): WorkoutDraft | null | undefined {
  const userId = useUserInfo()?._id ?? '';
  const draft = useSyncExternalStore(subscribe, () => (userId ? snapshots.get(userId) : null));
  useEffect(() => {
    if (userId && !snapshots.has(userId)) void readDraft(userId);
  }, [userId]);
  return draft;
}
