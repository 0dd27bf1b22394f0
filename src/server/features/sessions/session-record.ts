import { randomUUID } from 'node:crypto';
import { paceFigures, type SetInput, sessionVolumes, setBests, setVolume } from '../../../contract/metrics';
import type { PasessionValues } from '../../../contract/sessions';
import { countsForRecords, type SetType } from '../../../contract/set-types';
import type { StoredSet } from '../../db/schema';

// A session is one row of `sessions` whatever its kind (decision 0012). This file is the one
// place its values are derived from what the user sent (`sessionValues`); its JSON is built by
// PostgreSQL from the stored values (db/functions/session-api-json.sql, decision 0014).

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

/** A weight set as sent; a writer without type or RPE (an old file, a seed) stores a normal set. */
type Sets = (SetInput & { type?: SetType | null; rpe?: number | null })[];
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
      type: s.type ?? 'normal',
      rpe: s.rpe ?? null,
    }));
    // Volumes count every set; records (heaviest, e1RM, best set and session volume) skip
    // warm-ups (docs/api.md §11). Every record and progress figure is read from the columns
    // written here, so this is the one place the rule applies.
    const forRecords = sets.filter(countsForRecords);
    const lb = sessionVolumes(input.set, 'lb');
    const lbBests = setBests(forRecords, 'lb');
    return {
      notes,
      ...NO_PACE,
      sets,
      ...sessionVolumes(input.set),
      ...setBests(forRecords),
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
