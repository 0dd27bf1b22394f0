import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SessionKind } from '../../../contract/exercises';
import { paceFigures, sessionVolumes, setVolume } from '../../../contract/metrics';
import type { Pasession, PasessionValues, Wlsession, WlsessionValues } from '../../../contract/sessions';
import type { StoredSet } from '../../db/schema';
import { toIso } from '../../lib/timestamps';

// A session is one row of `sessions` whatever its kind (decision 0012). This file is the one
// place its values are derived from what the user sent and the one place a row becomes the API's
// shape; every statement of sessions.repository.ts selects `sessionColumns`.

/** A `sessions` row in the table's own column names; the other kind's columns are null. */
export interface SessionRow {
  id: string;
  author_id: string;
  exercise_id: string;
  kind: SessionKind;
  slug: string;
  created_date: string;
  sets: StoredSet[] | null;
  total_volume: number | null;
  junk_volume: number | null;
  working_volume: number | null;
  hours: number | null;
  minutes: number | null;
  seconds: number | null;
  distance: number | null;
  pace_minutes: number | null;
  pace_seconds: number | null;
  speed: number | null;
  created_at: string;
  updated_at: string;
}

/** The columns `toSession` reads, from the table aliased `s`. */
export const sessionColumns = sql.raw(
  `s.id, s.author_id, s.exercise_id, s.kind, s.slug, s.created_date, s.sets, s.total_volume, s.junk_volume,
  s.working_volume, s.hours, s.minutes, s.seconds, s.distance, s.pace_minutes, s.pace_seconds, s.speed,
  s.created_at, s.updated_at`,
);

/** What a session stores beyond its identity and date, by column (camelCase, as db/schema.ts names them). */
export interface SessionValues {
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
}

const NO_WEIGHT = { sets: null, totalVolume: null, junkVolume: null, workingVolume: null };
const NO_PACE = {
  hours: null,
  minutes: null,
  seconds: null,
  distance: null,
  paceMinutes: null,
  paceSeconds: null,
  speed: null,
};

type Sets = WlsessionValues['set'];
type Pace = Pick<PasessionValues, 'time' | 'distance'>;

/**
 * The stored values of a session: what the user entered plus the derived numbers, which are
 * always the server's (docs/api.md §5: set and session volumes, pace and speed).
 */
export function sessionValues(
  input: { kind: 'wlsession'; set: Sets } | ({ kind: 'pasession' } & Pace),
): SessionValues {
  if (input.kind === 'wlsession') {
    const sets = input.set.map((s) => ({
      _id: randomUUID(),
      repetitions: s.repetitions,
      kilograms: s.kilograms,
      isHard: s.isHard,
      volume: setVolume(s),
    }));
    return { ...NO_PACE, sets, ...sessionVolumes(sets) };
  }
  const { time, distance } = input;
  return { ...NO_WEIGHT, ...time, distance, ...paceFigures(time, distance) };
}

/**
 * A session in the API's shape (docs/api.md §7). `stamp` formats its timestamps: milliseconds for
 * the API, every stored digit for an export (which keeps the order of same-millisecond records).
 */
export function toSession(
  row: SessionRow,
  stamp: (timestamp: string) => string = toIso,
): Wlsession | Pasession {
  const common = {
    _id: row.id,
    author: row.author_id,
    exercise: row.exercise_id,
    slugSession: row.slug,
    createdDate: row.created_date,
    createdAt: stamp(row.created_at),
    updatedAt: stamp(row.updated_at),
  };
  if (row.kind === 'wlsession') {
    return {
      ...common,
      totalVolume: row.total_volume as number,
      junkVolume: row.junk_volume as number,
      workingVolume: row.working_volume as number,
      set: row.sets as StoredSet[],
    };
  }
  return {
    ...common,
    paceMinutes: row.pace_minutes as number,
    paceSeconds: row.pace_seconds as number,
    speed: row.speed as number,
    distance: row.distance as number,
    time: { hours: row.hours as number, minutes: row.minutes as number, seconds: row.seconds as number },
  };
}
