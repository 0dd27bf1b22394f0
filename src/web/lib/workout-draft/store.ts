import { createStore, del, delMany, get, keys, set } from 'idb-keyval';
import { useEffect, useSyncExternalStore } from 'react';
import { useUserInfo } from '../auth-store';
import { afterNextPaint } from './after-next-paint';
import type { WorkoutDraft } from './types';

/**
 * The workout in progress, kept in IndexedDB from its first change (docs/api.md §11): a reload, a
 * closed tab or a dead battery loses nothing. One per account on a device, keyed by the user's id,
 * in a small database of its own like the offline queue's (lib/offline/queue.ts). An edit of a
 * finished workout is kept the same way from its first change until it is saved or cancelled,
 * one per workout, keyed by the user's id and the workout's.
 */
const store = () => (database ??= createStore('workout-gym', 'in-progress'));
let database: ReturnType<typeof createStore> | undefined;

/** The key of a user's workout in progress (no workoutId) or of their edit of a finished one. */
const keyOf = (userId: string, workoutId: string | null = null) =>
  workoutId ? `${userId}/edit/${workoutId}` : userId;

/** By key. undefined: not read yet; null: none. */
const snapshots = new Map<string, WorkoutDraft | null>();
const listeners = new Set<() => void>();
// Another tab of the app may start, change or discard one: it says so here and this tab reads again.
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('workout-gym') : null;
channel?.addEventListener('message', (event: MessageEvent<string>) => void readKey(event.data));

function publish(key: string, draft: WorkoutDraft | null): void {
  snapshots.set(key, draft);
  for (const listener of listeners) listener();
}

async function readKey(key: string): Promise<WorkoutDraft | null> {
  let draft: WorkoutDraft | null = null;
  // A write still waiting for its frame lands first, so the read never shows an older draft.
  await writing;
  try {
    draft = (await get<WorkoutDraft>(key, store())) ?? null;
  } catch {
    // No IndexedDB here (a privacy mode): the workout lives in this tab's memory only.
    draft = snapshots.get(key) ?? null;
  }
  publish(key, draft);
  return draft;
}

/** The user's workout in progress, or with a workoutId their edit of that finished workout. */
export function readDraft(userId: string, workoutId: string | null = null): Promise<WorkoutDraft | null> {
  return readKey(keyOf(userId, workoutId));
}

// Writes go in order: a later change never lands before an earlier one.
let writing: Promise<unknown> = Promise.resolve();

/** Waits for the frame that shows a change: IndexedDB copies the whole workout as it stores it. */
const painted = () => new Promise<void>((resolve) => afterNextPaint(resolve));

/**
 * Shown at once, stored right after the frame that shows it (a Done tick's paint does not wait
 * for the copy, decision 0037): a draft with a workoutId is an edit of that workout.
 */
export function saveDraft(draft: WorkoutDraft): Promise<void> {
  const key = keyOf(draft.userId, draft.workoutId);
  publish(key, draft);
  const done = writing
    .then(painted)
    .then(() => set(key, draft, store()))
    .catch(() => {});
  writing = done;
  return done.then(() => channel?.postMessage(key));
}

export function discardDraft(userId: string, workoutId: string | null = null): Promise<void> {
  const key = keyOf(userId, workoutId);
  publish(key, null);
  const done = writing.then(() => del(key, store())).catch(() => {});
  writing = done;
  return done.then(() => channel?.postMessage(key));
}

/** What a user keeps here: the workout in progress and the edits of finished workouts. */
export async function userDraftKeys(userId: string): Promise<{ inProgress: boolean; edits: number }> {
  const own = (await keys<string>(store())).filter((key) => key === userId || key.startsWith(`${userId}/`));
  return { inProgress: own.includes(userId), edits: own.filter((key) => key !== userId).length };
}

/** At logout (docs/api.md §12): nothing of the user stays readable on the device. */
export async function discardUserDrafts(userId: string): Promise<void> {
  const own = (await keys<string>(store())).filter((key) => key === userId || key.startsWith(`${userId}/`));
  for (const key of own) publish(key, null);
  const done = writing.then(() => delMany(own, store())).catch(() => {});
  writing = done;
  await done;
  for (const key of own) channel?.postMessage(key);
}

export function draftSnapshot(userId: string): WorkoutDraft | null | undefined {
  return snapshots.get(keyOf(userId));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useDraft(workoutId: string | null): WorkoutDraft | null | undefined {
  const userId = useUserInfo()?._id ?? '';
  const key = userId ? keyOf(userId, workoutId) : '';
  const draft = useSyncExternalStore(subscribe, () => (key ? snapshots.get(key) : null));
  useEffect(() => {
    if (key && !snapshots.has(key)) void readKey(key);
  }, [key]);
  return draft;
}

/** The signed-in user's workout in progress on this device: undefined while it is being read. */
export function useWorkoutInProgress(): WorkoutDraft | null | undefined {
  return useDraft(null);
}

/** The signed-in user's unsaved edit of a finished workout on this device: undefined while it is being read. */
export function useWorkoutEdit(workoutId: string): WorkoutDraft | null | undefined {
  return useDraft(workoutId);
}
