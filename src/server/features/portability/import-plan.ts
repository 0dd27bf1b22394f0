import { MAX_SKIPPED_LISTED, type SkippedRow } from '../../../contract/data';
import type { SessionKind } from '../../../contract/exercises';
import type { Duration, SetInput } from '../../../contract/metrics';
import { MAX_SETS } from '../../../contract/sessions';
import {
  IMPORT_MAX_EXERCISES,
  IMPORT_MAX_LOGS,
  tooManyTitles,
  YIELD_EVERY,
  yieldTurn,
} from './import-limits';
import { joinNotes } from './import-notes';

/**
 * What a file asks for, once read and validated, before it meets the database: logs by slug,
 * their exercises by slug, and the sessions of each. Every reader (our JSON, Hevy, Strong)
 * produces one; import-apply.ts diffs it against the account and writes it.
 */

export interface Stamps {
  createdAt?: string;
  updatedAt?: string;
}

/**
 * The file line a record came from (its first row), for messages; a function when finding it
 * costs a scan of the file (our JSON, json-lines.ts), run only if a message needs it.
 */
export type Line = number | (() => number);
export const lineNumber = (line: Line): number => (typeof line === 'number' ? line : line());

interface SessionBase extends Stamps {
  createdDate: string;
  /** The slug the file had (our JSON): kept when it still fits the date and is free. */
  slugSession?: string;
  /** Trimmed, at most NOTES_MAX characters; absent is none (docs/api.md §10). */
  notes?: string;
}
export interface PlannedWlsession extends SessionBase {
  kind: 'wlsession';
  sets: SetInput[];
}
export interface PlannedPasession extends SessionBase {
  kind: 'pasession';
  time: Duration;
  distance: number;
}
export type PlannedSession = PlannedWlsession | PlannedPasession;

export interface PlannedExercise extends Stamps {
  title: string;
  slug: string;
  kind: SessionKind;
  line: Line;
  activeAt?: string;
  sessions: PlannedSession[];
}

export interface PlannedLog extends Stamps {
  title: string;
  slug: string;
  line: Line;
  activeAt?: string;
  exercises: Map<string, PlannedExercise>;
}

export interface ImportPlan {
  logs: Map<string, PlannedLog>;
  rows: number;
  skipped: SkippedRow[];
  skippedCount: number;
}

const KIND_WORDS: Record<SessionKind, string> = {
  wlsession: 'weight sessions (reps × kg)',
  pasession: 'pace sessions (distance and time)',
};

/** Records a row left out, and why; the list stops growing at MAX_SKIPPED_LISTED, the count does not. */
export function skipRow(plan: ImportPlan, line: number, reason: string): void {
  plan.skippedCount += 1;
  if (plan.skipped.length < MAX_SKIPPED_LISTED) plan.skipped.push({ line, reason });
}

export function kindConflict(title: string, has: SessionKind): string {
  return `"${title}" records ${KIND_WORDS[has]}; this row is not one`;
}

/** One weight set of a CSV row, with where it sorts inside its workout. */
interface PendingSet {
  order: number;
  set: SetInput;
  /** The row's note cells; absent when all are empty (most rows: no array kept for them). */
  notes?: string[];
}
interface PendingBlock {
  /** The workout's start ("2024-01-15 18:30"): blocks of one day sort by it. */
  start: string;
  sets: PendingSet[];
}
interface PendingDay {
  blocks: Map<string, PendingBlock>;
}

/** Builds a plan row by row: finds or adds logs and exercises, groups a day's sets into a session. */
export class PlanBuilder {
  readonly plan: ImportPlan = { logs: new Map(), rows: 0, skipped: [], skippedCount: 0 };
  /** Weight sets waiting to become sessions, by exercise and date. */
  private readonly days = new Map<PlannedExercise, Map<string, PendingDay>>();
  private exercises = 0;

  skip(line: number, reason: string): void {
    skipRow(this.plan, line, reason);
  }

  log(title: string, slug: string, line: Line, extra: Partial<PlannedLog> = {}): PlannedLog {
    let found = this.plan.logs.get(slug);
    if (!found) {
      if (this.plan.logs.size === IMPORT_MAX_LOGS) throw tooManyTitles('logs (workouts)', IMPORT_MAX_LOGS);
      found = { title, slug, line, exercises: new Map(), ...extra };
      this.plan.logs.set(slug, found);
    }
    return found;
  }

  /** The log's exercise of that slug; a kind other than the one it already has → null. */
  exercise(
    log: PlannedLog,
    input: { title: string; slug: string; kind: SessionKind; line: Line } & Partial<PlannedExercise>,
  ): PlannedExercise | null {
    const found = log.exercises.get(input.slug);
    if (found) return found.kind === input.kind ? found : null;
    if (++this.exercises > IMPORT_MAX_EXERCISES) throw tooManyTitles('exercises', IMPORT_MAX_EXERCISES);
    const created: PlannedExercise = { sessions: [], ...input };
    log.exercises.set(input.slug, created);
    return created;
  }

  /** A weight set of a CSV row: a day's sets of one exercise become one session. */
  addSet(
    exercise: PlannedExercise,
    row: { date: string; start: string; order: number; set: SetInput; notes?: string[] },
  ) {
    let byDate = this.days.get(exercise);
    if (!byDate) this.days.set(exercise, (byDate = new Map()));
    let day = byDate.get(row.date);
    if (!day) byDate.set(row.date, (day = { blocks: new Map() }));
    let block = day.blocks.get(row.start);
    if (!block) day.blocks.set(row.start, (block = { start: row.start, sets: [] }));
    const notes = row.notes?.some((n) => n.trim() !== '') ? row.notes : undefined;
    block.sets.push(notes ? { order: row.order, set: row.set, notes } : { order: row.order, set: row.set });
  }

  /** Turns grouped sets into sessions (split past 100 sets) and orders each exercise's sessions by date. */
  async finish(): Promise<ImportPlan> {
    let made = 0;
    for (const [exercise, byDate] of this.days) {
      for (const [date, day] of byDate) {
        if (++made % YIELD_EVERY === 0) await yieldTurn();
        const pending = [...day.blocks.values()]
          .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
          .flatMap((block) => block.sets.sort((a, b) => a.order - b.order));
        for (let from = 0; from < pending.length; from += MAX_SETS) {
          const part = pending.slice(from, from + MAX_SETS);
          // Each workout's notes, then its sets' notes, in the order the sets are listed.
          const notes = joinNotes(part.flatMap((p) => p.notes ?? []));
          exercise.sessions.push({
            kind: 'wlsession',
            createdDate: date,
            sets: part.map((p) => p.set),
            ...(notes === '' ? {} : { notes }),
          });
        }
      }
    }
    // 50,000 exercises' sorts held the event loop ~50 ms at once: a turn every YIELD_EVERY sessions.
    let sorted = 0;
    for (const log of this.plan.logs.values())
      for (const exercise of log.exercises.values()) {
        sorted += 1 + exercise.sessions.length;
        if (sorted >= YIELD_EVERY) {
          sorted = 0;
          await yieldTurn();
        }
        exercise.sessions.sort((a, b) =>
          a.createdDate < b.createdDate ? -1 : a.createdDate > b.createdDate ? 1 : 0,
        );
      }
    return this.plan;
  }
}
