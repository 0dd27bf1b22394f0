import { useEffect, useSyncExternalStore } from 'react';
import type { SessionKind } from '../../../contract/exercises';
import {
  type Duration,
  type PaceFigures,
  paceFigures,
  type SetInput,
  sessionVolumes,
  type Volumes,
} from '../../../contract/metrics';
import { useUserInfo } from '../auth-store';
import { apiPaths } from '../paths';
import { type QueuedSession, queueSnapshot, readQueue, subscribeQueue } from './queue';
// The waiting card's styles (features/exercises/waiting-session-card.tsx) go with this module into
// the data layer's stylesheet: a stylesheet of the exercise page's own would add its name to the
// entry script's preload lists, on the first visit's JavaScript budget (docs/benchmarks.md).
import './waiting-sessions.css';

/**
 * A session of the queue as its exercise's page shows it (docs/api.md §12: screens reached offline
 * show the waiting items). Its figures are computed from the body it was saved with, by the same
 * contract functions the server uses; none when the body is not the shape a form sends.
 */
export type WaitingSession = {
  key: string;
  createdDate: string;
} & (
  | { kind: 'wlsession'; sets: number; volumes: Volumes & { inPounds: Volumes } }
  | { kind: 'pasession'; pace: PaceFigures & { distance: number; time: Duration } }
  | { kind: 'unknown' }
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isSet(value: unknown): value is SetInput {
  return (
    isObject(value) &&
    isNumber(value.repetitions) &&
    isNumber(value.kilograms) &&
    (value.pounds === undefined || value.pounds === null || isNumber(value.pounds)) &&
    typeof value.isHard === 'boolean'
  );
}

function isDuration(value: unknown): value is Duration {
  return isObject(value) && isNumber(value.hours) && isNumber(value.minutes) && isNumber(value.seconds);
}

function toWaiting(item: QueuedSession, kind: SessionKind): WaitingSession {
  const body = isObject(item.body) ? item.body : {};
  const createdDate = typeof body.createdDate === 'string' ? body.createdDate : item.sessionDate;
  const base = { key: item.key, createdDate };
  if (kind === 'wlsession' && Array.isArray(body.set) && body.set.every(isSet)) {
    const sets = body.set;
    return {
      ...base,
      kind,
      sets: sets.length,
      volumes: { ...sessionVolumes(sets), inPounds: sessionVolumes(sets, 'lb') },
    };
  }
  if (kind === 'pasession' && isDuration(body.time) && isNumber(body.distance)) {
    const { time, distance } = body;
    return { ...base, kind, pace: { ...paceFigures(time, distance), distance, time } };
  }
  return { ...base, kind: 'unknown' };
}

/**
 * The user's sessions for this exercise still waiting in the queue, newest first (by the session's
 * date, then by when it was saved). The queue item's path is the one the create was sent to, so it
 * names the log, the exercise and the kind. Sessions the server refused are not waiting: the
 * offline bar shows them with its message.
 */
export function waitingSessionsFor(
  queue: readonly QueuedSession[],
  userId: string | undefined,
  ref: { slugLog: string; slugExercise: string; kind: SessionKind },
): WaitingSession[] {
  if (!userId) return [];
  const path = apiPaths.sessions(ref.slugLog, ref.slugExercise, ref.kind);
  return queue
    .filter((item) => item.userId === userId && item.failure === undefined && item.path === path)
    .map((item) => ({ item, waiting: toWaiting(item, ref.kind) }))
    .sort(
      (a, b) =>
        b.waiting.createdDate.localeCompare(a.waiting.createdDate) ||
        b.item.createdAt.localeCompare(a.item.createdAt),
    )
    .map(({ waiting }) => waiting);
}

/**
 * The signed-in user's waiting sessions for an exercise, kept current: the queue tells its
 * subscribers when a session is queued, sent or refused (in this tab or another), so a synced one
 * leaves the list as the list's refetch (app/offline-start.tsx invalidates its tags) brings it back
 * from the server.
 */
export function useWaitingSessions(ref: {
  slugLog: string;
  slugExercise: string;
  kind: SessionKind | undefined;
}): WaitingSession[] {
  const user = useUserInfo();
  const queue = useSyncExternalStore(subscribeQueue, queueSnapshot);
  // The offline code reads the queue when the browser is next idle; a page opened first reads it now.
  useEffect(() => {
    readQueue().catch(() => {
      // No IndexedDB here: nothing can have been queued.
    });
  }, []);
  if (!ref.kind) return [];
  return waitingSessionsFor(queue, user?._id, { ...ref, kind: ref.kind });
}
