import type { QueuedSession } from './queue';

/**
 * What the offline bar and its toasts call the items waiting on the device: a workout finished
 * offline (POST …/workouts, docs/api.md §11) is a workout, anything else a session (§10).
 */
export const isQueuedWorkout = (item: Pick<QueuedSession, 'path'>): boolean => /\/workouts$/.test(item.path);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `2 sessions`, `1 workout`, `1 workout and 2 sessions`. */
export function queuedCount(items: readonly Pick<QueuedSession, 'path'>[]): string {
  const workouts = items.filter(isQueuedWorkout).length;
  const sessions = items.length - workouts;
  if (workouts === 0) return plural(sessions, 'session');
  if (sessions === 0) return plural(workouts, 'workout');
  return `${plural(workouts, 'workout')} and ${plural(sessions, 'session')}`;
}

/** The toast once they reached the server: `Session synced`, `Workout synced`, `3 sessions synced` … */
export function syncedMessage(items: readonly Pick<QueuedSession, 'path'>[]): string {
  if (items.length === 1) return isQueuedWorkout(items[0]) ? 'Workout synced' : 'Session synced';
  return `${queuedCount(items)} synced`;
}
