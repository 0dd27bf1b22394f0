import { SET_TYPES } from '../../../contract/set-types';
import type { PlannedSession } from './import-plan';

/** Where a session's text has its date, 'YYYY-MM-DD' (src/contract/dates.ts): its first key. */
const DATE_AT = '{"createdDate":"'.length;
const DATE_END = DATE_AT + 'YYYY-MM-DD'.length;

/** A weight set in a session's text: its keys, written out, were most of a session's JSON. */
type SetTuple = [
  repetitions: number,
  kilograms: number,
  pounds: number | null,
  hard: 0 | 1,
  type: number, // index in SET_TYPES
  rpe: number | null,
];

/**
 * An exercise's planned sessions, each held as one string (its JSON, the date first and sets as
 * tuples) until the diff or the write reads it back. As objects (a session, its sets array,
 * each set), the plan of a 190,000-row file was 38 MB in a million small objects that V8 marked
 * again at every full garbage collection, in pauses of 0.1–0.2 s for every other request
 * (docs/security.md); as strings it is 17 MB, and a string has nothing inside it to mark.
 */
export class SessionList {
  private readonly texts: string[] = [];

  get length(): number {
    return this.texts.length;
  }

  push(session: PlannedSession): void {
    // The date first, where `date` and the sort find it.
    const { createdDate, ...rest } = session;
    const sets =
      rest.kind === 'wlsession'
        ? {
            sets: rest.sets.map((s): SetTuple => [
              s.repetitions,
              s.kilograms,
              s.pounds ?? null,
              s.isHard ? 1 : 0,
              SET_TYPES.indexOf(s.type ?? 'normal'),
              s.rpe ?? null,
            ]),
          }
        : {};
    this.texts.push(JSON.stringify({ createdDate, ...rest, ...sets }));
  }

  /** The date of session `index`, without decoding the rest. */
  date(index: number): string {
    return this.texts[index].slice(DATE_AT, DATE_END);
  }

  /** Session `index`, decoded (a new object each time: the caller holds it only while it needs it). */
  at(index: number): PlannedSession {
    const session = JSON.parse(this.texts[index]);
    if (session.kind === 'wlsession')
      session.sets = session.sets.map(([repetitions, kilograms, pounds, hard, type, rpe]: SetTuple) => ({
        repetitions,
        kilograms,
        pounds,
        isHard: hard === 1,
        type: SET_TYPES[type],
        rpe,
      }));
    return session;
  }

  /** Orders the sessions by date; those of one date keep their order (the sort is stable). */
  sortByDate(): void {
    this.texts.sort(byDate);
  }
}

/** Compares the dates of two texts, character by character (no substring made). */
function byDate(a: string, b: string): number {
  for (let k = DATE_AT; k < DATE_END; k += 1) {
    const difference = a.charCodeAt(k) - b.charCodeAt(k);
    if (difference !== 0) return difference;
  }
  return 0;
}
