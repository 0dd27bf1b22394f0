import type { Executor } from '../../db/client';
import { DateSlugs } from '../sessions/session-slugs';
import { type DateRange, RANGE_CHUNK, sessionContentPages } from './data.repository';
import type { Turns } from './import-limits';
import type { PlannedSession } from './import-plan';

/** What one exercise holds, as an import sees it: slugs taken per date, and its sessions' contents. */
export interface SessionState {
  slugs: DateSlugs;
  /** Content keys with their counts (a multiset: two identical runs on one day are two). */
  contents: Map<string, number>;
  /** True, and one fewer left, when a session with this content is there. */
  consume(key: string): boolean;
}

type WlContent = { createdDate: string; sets: { repetitions: number; kilograms: number; isHard: boolean }[] };
type PaContent = {
  createdDate: string;
  time: { hours: number; minutes: number; seconds: number };
  distance: number;
};

/**
 * Two sessions are the same when date, kind and every number (and hard flag, in order) match.
 *
 * Weights compare as the kilograms stored, whatever unit they were typed in: a set typed 135 lb
 * (61.23 kg) matches one of 61.23 kg. The same workout reaches us both ways — a Hevy account
 * exported on metric and later on imperial units, or a Strong `unit=lb` file imported before
 * pounds were kept (kilograms only, derived by the same rounding) and imported again now — and it
 * must be recognised as already there, not added twice; two sets within 5 g of each other on one
 * day with the same reps are the same set in practice.
 *
 * Notes are not compared: they are commentary, not what was lifted or run. An import from before
 * notes were read, or notes edited here afterwards, must not make a re-import add the session
 * again. A duplicate keeps the notes the account has (an import never edits a session).
 */
export function sessionKey(s: PlannedSession | WlContent | PaContent): string {
  if ('sets' in s)
    return `${s.createdDate}|w|${s.sets.map((x) => `${x.repetitions}x${x.kilograms}${x.isHard ? 'h' : ''}`).join(',')}`;
  return `${s.createdDate}|p|${s.time.hours}|${s.time.minutes}|${s.time.seconds}|${s.distance}`;
}

function newState(): SessionState {
  const contents = new Map<string, number>();
  return {
    slugs: new DateSlugs(),
    contents,
    consume(key) {
      const count = contents.get(key) ?? 0;
      if (count === 0) return false;
      contents.set(key, count - 1);
      return true;
    },
  };
}

/**
 * The state of each reused exercise on the dates the import adds to (the only ones its slugs and
 * duplicates concern); new exercises start empty. The diff asks for the exercises in the order of
 * `ranges`, and they are loaded RANGE_CHUNK at a time as it reaches them; each state is handed out
 * once, then forgotten. Loaded all at once, the states of a file imported a second time held every
 * session of it beside the plan. Other requests get a turn after each statement.
 */
export function sessionStates(
  tx: Executor,
  authorId: string,
  ranges: DateRange[],
  turns: Turns,
): (exerciseId: string) => Promise<SessionState> {
  const states = new Map<string, SessionState>();
  const unread = new Set(ranges.map((r) => r.exerciseId));
  let read = 0;
  const load = async () => {
    const part = ranges.slice(read, (read += RANGE_CHUNK));
    for (const range of part) unread.delete(range.exerciseId);
    for await (const page of sessionContentPages(tx, authorId, part, turns))
      for (const row of page) {
        const { exerciseId, createdDate, slug, sets, hours, minutes, seconds, distance } = row;
        const content = sets
          ? { createdDate, sets }
          : {
              createdDate,
              time: { hours: hours!, minutes: minutes!, seconds: seconds! },
              distance: distance!,
            };
        let state = states.get(exerciseId);
        if (!state) states.set(exerciseId, (state = newState()));
        state.slugs.add(createdDate, slug);
        const key = sessionKey(content);
        state.contents.set(key, (state.contents.get(key) ?? 0) + 1);
      }
  };
  return async (exerciseId) => {
    while (unread.has(exerciseId)) await load();
    const state = states.get(exerciseId) ?? newState();
    states.delete(exerciseId);
    return state;
  };
}
