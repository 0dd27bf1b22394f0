import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { paceFigures, type SetInput, sessionVolumes, setBests, setVolume } from '../../../contract/metrics';
import type { PasessionValues } from '../../../contract/sessions';
import { isoExact } from '../../db/json-sql';
import type { StoredSet } from '../../db/schema';

// A session is one row of `sessions` whatever its kind (decision 0012). This file is the one
// place its values are derived from what the user sent (`sessionValues`), and names the column
// every statement reads its JSON from (`sessionJson`: PostgreSQL builds it, decision 0014).

/** What a session stores beyond its identity and date, by column (camelCase, as db/schema.ts names them). */
export interface SessionValues {
  notes: string;
  sets: StoredSet[] | null;
  totalVolume: number | null;
  junkVolume: number | null;
  workingVolume: number | null;
  hours: number | null;
  minutes: number | null;
  seconds: number | null;
  distance: number | null;
  paceMinutes: number | null;
  paceSeconds: number | null;
  speed: number | null;
  heaviest: number | null;
  e1rm: number | null;
  bestSetVolume: number | null;
  exactVolume: number | null;
  // The same figures from the sets' pounds (migration 0013): a pound user's volumes, records and
  // progress come from the server, never from kilograms converted back.
  totalVolumeLb: number | null;
  junkVolumeLb: number | null;
  workingVolumeLb: number | null;
  heaviestLb: number | null;
  e1rmLb: number | null;
  bestSetVolumeLb: number | null;
  exactVolumeLb: number | null;
}

const NO_WEIGHT = {
  sets: null,
  totalVolume: null,
  junkVolume: null,
  workingVolume: null,
  heaviest: null,
  e1rm: null,
  bestSetVolume: null,
  exactVolume: null,
  totalVolumeLb: null,
  junkVolumeLb: null,
  workingVolumeLb: null,
  heaviestLb: null,
  e1rmLb: null,
  bestSetVolumeLb: null,
  exactVolumeLb: null,
};
const NO_PACE = {
  hours: null,
  minutes: null,
  seconds: null,
  distance: null,
  paceMinutes: null,
  paceSeconds: null,
  speed: null,
};

type Sets = SetInput[];
type Pace = Pick<PasessionValues, 'time' | 'distance'>;
type Notes = { notes?: string };

/**
 * The stored values of a session: what the user entered plus the derived numbers, which are
 * always the server's (docs/api.md §5: set and session volumes, pace and speed; §10: the best set
 * figures records and progress read).
 */
export function sessionValues(
  input: ({ kind: 'wlsession'; set: Sets } | ({ kind: 'pasession' } & Pace)) & Notes,
): SessionValues {
  const notes = input.notes ?? '';
  if (input.kind === 'wlsession') {
    const sets = input.set.map((s) => ({
      _id: randomUUID(),
      repetitions: s.repetitions,
      kilograms: s.kilograms,
      pounds: s.pounds ?? null,
      isHard: s.isHard,
      volume: setVolume(s),
    }));
    const lb = sessionVolumes(input.set, 'lb');
    const lbBests = setBests(input.set, 'lb');
    return {
      notes,
      ...NO_PACE,
      sets,
      ...sessionVolumes(input.set),
      ...setBests(input.set),
      totalVolumeLb: lb.totalVolume,
      junkVolumeLb: lb.junkVolume,
      workingVolumeLb: lb.workingVolume,
      heaviestLb: lbBests.heaviest,
      e1rmLb: lbBests.e1rm,
      bestSetVolumeLb: lbBests.bestSetVolume,
      exactVolumeLb: lbBests.exactVolume,
    };
  }
  const { time, distance } = input;
  return { notes, ...NO_WEIGHT, ...time, distance, ...paceFigures(time, distance) };
}

/**
 * The session `s` in the API's shape (docs/api.md §7), as a `json` value (null when `s` is the
 * null side of an outer join). PostgreSQL builds it on every write and stores it with the row:
 * the function `session_api_json` of migration 0013 is the one place a session's JSON is built.
 */
export const sessionJson = sql.raw('s.api_json');

/**
 * The session `s` as an export writes it (docs/api.md §8): its API JSON with every stored digit of
 * its timestamps, without the ids the file's nesting already gives (author, exercise) and without
 * the pound volumes, which an import derives again from the sets.
 */
export const exportedSessionJson = sql.raw(
  `(s.api_json::jsonb - 'author' - 'exercise' - 'inPounds')
    || jsonb_build_object('createdAt', ${isoExact('s.created_at')}, 'updatedAt', ${isoExact('s.updated_at')})`,
);
