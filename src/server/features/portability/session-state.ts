import type { SessionKind } from '../../../contract/exercises';
import type { Executor } from '../../db/client';
import { nextSessionSlug } from '../sessions/session-slugs';
import { findPasessionContents, findWlsessionContents } from './data.repository';
import type { PlannedSession } from './import-plan';

/** What one exercise holds, as an import sees it: slugs taken per date, and its sessions' contents. */
export interface SessionState {
  slugs: Map<string, string[]>;
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

/** Two sessions are the same when date, kind and every number (and hard flag, in order) match. */
export function sessionKey(s: PlannedSession | WlContent | PaContent): string {
  if ('sets' in s)
    return `${s.createdDate}|w|${s.sets.map((x) => `${x.repetitions}x${x.kilograms}${x.isHard ? 'h' : ''}`).join(',')}`;
  return `${s.createdDate}|p|${s.time.hours}|${s.time.minutes}|${s.time.seconds}|${s.distance}`;
}

function newState(): SessionState {
  const contents = new Map<string, number>();
  return {
    slugs: new Map(),
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
 * Takes `wanted` for this date when it names the date (`2024-01-15`, `2024-01-15-3`) and is free,
 * else null; without `wanted`, the next free slug (docs/api.md §4).
 */
export function takeSlug(state: SessionState, date: string, wanted?: string): string | null {
  let taken = state.slugs.get(date);
  if (!taken) state.slugs.set(date, (taken = []));
  let slug: string | null;
  if (wanted === undefined) slug = nextSessionSlug(date, taken);
  else {
    const fits =
      wanted === date || (wanted.startsWith(`${date}-`) && /^([2-9]|[1-9]\d+)$/.test(wanted.slice(11)));
    slug = fits && !taken.includes(wanted) ? wanted : null;
  }
  if (slug !== null) taken.push(slug);
  return slug;
}

/** The state of each reused exercise, loaded once; new exercises start empty. */
export async function loadSessionStates(tx: Executor, authorId: string, ids: Record<SessionKind, string[]>) {
  const states = new Map<string, SessionState>();
  const stateOf = (id: string) => {
    let state = states.get(id);
    if (!state) states.set(id, (state = newState()));
    return state;
  };
  const add = (exerciseId: string, date: string, slug: string, key: string) => {
    const state = stateOf(exerciseId);
    const taken = state.slugs.get(date);
    if (taken) taken.push(slug);
    else state.slugs.set(date, [slug]);
    state.contents.set(key, (state.contents.get(key) ?? 0) + 1);
  };
  for (const row of await findWlsessionContents(tx, authorId, ids.wlsession))
    add(row.exerciseId, row.createdDate, row.slug, sessionKey(row));
  for (const row of await findPasessionContents(tx, authorId, ids.pasession))
    add(
      row.exerciseId,
      row.createdDate,
      row.slug,
      sessionKey({ createdDate: row.createdDate, time: row, distance: row.distance }),
    );
  return stateOf;
}
