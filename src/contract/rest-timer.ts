/**
 * The rest timer's arithmetic. A rest is stored as when it started and how long it lasts, never
 * as a count of seconds left, so a reload, a locked phone or a throttled tab resumes it where the
 * clock says it is. Times are epoch milliseconds (Date.now()); durations whole seconds.
 */

export const DEFAULT_REST_SECONDS = 120;
export const MAX_REST_SECONDS = 3600;
/** What the −15 s and +15 s buttons change. */
export const REST_STEP_SECONDS = 15;

export interface Rest {
  /** When Done was ticked, in epoch milliseconds. */
  startedAt: number;
  /** The rest's length with every adjustment made so far. */
  seconds: number;
}

/** The routine entry's rest, else the profile's, else the default. */
export function restSecondsFor(entryRest?: number | null, profileRest?: number | null): number {
  return entryRest ?? profileRest ?? DEFAULT_REST_SECONDS;
}

export function startRest(now: number, seconds: number): Rest {
  return { startedAt: now, seconds: Math.min(Math.max(0, seconds), MAX_REST_SECONDS) };
}

export function restEndsAt(rest: Rest): number {
  return rest.startedAt + rest.seconds * 1000;
}

/**
 * Whole seconds left, rounded up: a 90 s rest shows 1:30 until a full second has passed and 0:00
 * exactly when it ends. Never negative, however long ago it ended.
 */
export function restRemaining(rest: Rest, now: number): number {
  return Math.max(0, Math.ceil((restEndsAt(rest) - now) / 1000));
}

export function restIsOver(rest: Rest, now: number): boolean {
  return now >= restEndsAt(rest);
}

/**
 * −15 s / +15 s. Taking off more than is left ends the rest now (it does not run below zero);
 * adding is capped so that at most an hour is left (the longest rest a routine may set).
 */
export function adjustRest(rest: Rest, deltaSeconds: number, now: number): Rest {
  const elapsed = Math.max(0, (now - rest.startedAt) / 1000);
  const seconds = Math.min(Math.max(rest.seconds + deltaSeconds, elapsed), elapsed + MAX_REST_SECONDS);
  return { ...rest, seconds };
}

/** Skip: the rest ends now (restIsOver is true, restRemaining 0). */
export function skipRest(rest: Rest, now: number): Rest {
  return { ...rest, seconds: Math.min(rest.seconds, Math.max(0, (now - rest.startedAt) / 1000)) };
}

/** Milliseconds until the shown number changes, so a screen repaints once a second on the second. */
export function msUntilNextTick(rest: Rest, now: number): number {
  const left = restEndsAt(rest) - now;
  if (left <= 0) return 0;
  return left % 1000 || 1000;
}

/** `m:ss`: 90 → "1:30", 5 → "0:05", 3600 → "60:00"; a fraction counts as a whole second. */
export function formatRest(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
