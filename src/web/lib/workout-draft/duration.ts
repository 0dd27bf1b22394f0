import type { WorkoutDraft } from './types';

/** Whole seconds since the workout started, for its running time. */
export function elapsedSeconds(draft: Pick<WorkoutDraft, 'startedAt'>, now: number): number {
  const start = Date.parse(draft.startedAt);
  return Number.isFinite(start) ? Math.max(0, Math.floor((now - start) / 1000)) : 0;
}

/** `h:mm:ss` past an hour, else `m:ss`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** A finished workout's length as a lifter says it: `45 min`, `1 h 5 min`, `under a minute`. */
export function durationWords(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes === 0) return 'under a minute';
  const h = Math.floor(minutes / 60);
  return h > 0 ? `${h} h ${minutes % 60} min` : `${minutes} min`;
}
