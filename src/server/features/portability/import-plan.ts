import { MAX_SKIPPED_LISTED, type SkippedRow } from '../../../contract/data';
import type { SessionKind } from '../../../contract/exercises';
import type { Duration, SetInput } from '../../../contract/metrics';
import type { RoutineEntryValues } from '../../../contract/routines';
import { MAX_SETS } from '../../../contract/sessions';
import { SET_TYPES, type SetType } from '../../../contract/set-types';
import { IMPORT_MAX_EXERCISES, IMPORT_MAX_LOGS, tooManyTitles, Turns } from './import-limits';
import { joinNotes } from './import-notes';
import { SessionList } from './session-list';

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
  /** The `key` of its PlannedWorkout, its place and its superset there (docs/api.md §11). */
  workout?: string;
  workoutPosition?: number;
  workoutSuperset?: number | null;
}
/** A weight set of a file: our JSON and the Hevy and Strong exports say its type and RPE (docs/api.md §11). */
export type PlannedSet = SetInput & { type?: SetType; rpe?: number | null };
export interface PlannedWlsession extends SessionBase {
  kind: 'wlsession';
  sets: PlannedSet[];
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
  /** Ordered by date once the plan is finished. */
  sessions: SessionList;
}

/** A workout of the file (docs/api.md §11); its sessions name it by `key`. */
export interface PlannedWorkout extends Stamps {
  /** Unique in the plan: its log's slug first. */
  key: string;
  title: string;
  createdDate: string;
  startedAt: string | null;
  endedAt: string | null;
  notes: string;
  /** The file's `_id` of its routine (our JSON), else null. */
  routine: string | null;
  /** A CSV's workout: its exercises' places by slug (order of first appearance). */
  exercises: Map<string, number>;
  /**
   * Their supersets (by slug) and the file's superset ids (Hevy's `superset_id`) numbered 1, 2 …
   * by first appearance; null until a row names one, as most files never do (two empty maps a
   * workout were 75 MB of a 190,000-workout file's plan).
   */
  supersets: { bySlug: Map<string, number>; ids: Map<string, number> } | null;
}

/** A routine of the file (our JSON): entries name exercises of its log by slug. */
export interface PlannedRoutine extends Stamps {
  fileId?: string;
  title: string;
  notes: string;
  entries: RoutineEntryValues[];
}

export interface PlannedLog extends Stamps {
  title: string;
  slug: string;
  line: Line;
  activeAt?: string;
  exercises: Map<string, PlannedExercise>;
  workouts: Map<string, PlannedWorkout>;
  routines: PlannedRoutine[];
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

// A CSV's weight sets wait to become sessions as numbers, SET_FIELDS per set, in one array per
// exercise and day. With an object per set (and maps per day and per workout), reading a
// 190,000-row file held 140 MB in 2.5 million small objects, and each full garbage collection
// marked them all in a pause of 0.1–0.2 s for every other request (docs/security.md); now 30 MB
// in half a million. Offsets of a set's fields:
const MINUTES = 0; // the minute of the day its workout started: a day's workouts sort by it
const ORDER = 1; // where it sorts inside its workout's exercise
const REPS = 2;
const KILOGRAMS = 3;
const POUNDS = 4; // NaN: entered in kilograms
const HARD = 5; // 1 or 0
const NOTES = 6; // index in `notes`, or -1 when the row's note cells are empty
const TYPE = 7; // index in SET_TYPES
const RPE = 8; // NaN: none
const SET_FIELDS = 9;

/** Builds a plan row by row: finds or adds logs and exercises, groups a day's sets into a session. */
export class PlanBuilder {
  readonly plan: ImportPlan = { logs: new Map(), rows: 0, skipped: [], skippedCount: 0 };
  /** Weight sets waiting to become sessions, by exercise and date. */
  private readonly days = new Map<PlannedExercise, Map<string, number[]>>();
  /**
   * One string per date or workout title, shared by every exercise's days and every workout (a
   * file repeats each on many rows): each row's cell is a string of its own.
   */
  private readonly texts = new Map<string, string>();
  /** The note cells of rows that have some (most have none). */
  private readonly notes: string[][] = [];
  private exercises = 0;
  private readonly logOf = new Map<PlannedExercise, PlannedLog>();

  private shared(text: string): string {
    const found = this.texts.get(text);
    if (found !== undefined) return found;
    this.texts.set(text, text);
    return text;
  }

  skip(line: number, reason: string): void {
    skipRow(this.plan, line, reason);
  }

  log(title: string, slug: string, line: Line, extra: Partial<PlannedLog> = {}): PlannedLog {
    let found = this.plan.logs.get(slug);
    if (!found) {
      if (this.plan.logs.size === IMPORT_MAX_LOGS) throw tooManyTitles('logs (workouts)', IMPORT_MAX_LOGS);
      found = { title, slug, line, exercises: new Map(), workouts: new Map(), routines: [], ...extra };
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
    const created: PlannedExercise = { sessions: new SessionList(), ...input };
    log.exercises.set(input.slug, created);
    this.logOf.set(created, log);
    return created;
  }

  /** The log's workout of that key (made from `input` the first time it is named). */
  workout(
    log: PlannedLog,
    input: Omit<PlannedWorkout, 'key' | 'exercises' | 'supersets'> & { key: string },
  ): PlannedWorkout {
    const key = `${log.slug}|${input.key}`;
    let found = log.workouts.get(key);
    if (!found) {
      // Written out, not `{ ...input, key, … }`: on Node 20 a literal that starts with a spread
      // gets a hidden class of its own each time (Node 24 shares one), and a file of 190,000
      // one-set workouts held 190,000 of them: 72 MB more for every full collection to mark.
      found = {
        key,
        title: this.shared(input.title),
        createdDate: this.shared(input.createdDate),
        startedAt: input.startedAt,
        endedAt: input.endedAt,
        notes: input.notes,
        routine: input.routine,
        createdAt: input.createdAt,
        updatedAt: input.updatedAt,
        exercises: new Map(),
        supersets: null,
      };
      log.workouts.set(key, found);
    }
    return found;
  }

  /**
   * A CSV row's exercise in its workout: its place is where the exercise first appears, its
   * superset the file's id numbered by first appearance in the workout (docs/api.md §11).
   */
  workoutEntry(workout: PlannedWorkout, exerciseSlug: string, supersetId: string): void {
    if (!workout.exercises.has(exerciseSlug)) workout.exercises.set(exerciseSlug, workout.exercises.size);
    if (supersetId === '') return;
    const supersets = (workout.supersets ??= { bySlug: new Map(), ids: new Map() });
    if (supersets.bySlug.has(exerciseSlug)) return;
    let n = supersets.ids.get(supersetId);
    if (n === undefined) supersets.ids.set(supersetId, (n = supersets.ids.size + 1));
    // At most 20 supersets a workout (docs/api.md §11); past that, none.
    if (n <= 20) supersets.bySlug.set(exerciseSlug, n);
  }

  /** A CSV session's place in the workout of its log, date and start minute, if the file had one. */
  placeIn(
    exercise: PlannedExercise,
    date: string,
    minutes: number,
  ): Pick<PlannedSession, 'workout' | 'workoutPosition' | 'workoutSuperset'> {
    const log = this.logOf.get(exercise);
    const workout = log?.workouts.get(`${log.slug}|${date}|${minutes}`);
    if (!workout) return {};
    return {
      workout: workout.key,
      workoutPosition: workout.exercises.get(exercise.slug) ?? 0,
      workoutSuperset: workout.supersets?.bySlug.get(exercise.slug) ?? null,
    };
  }

  /** A weight set of a CSV row: a day's sets of one exercise become one session. */
  addSet(
    exercise: PlannedExercise,
    row: { date: string; minutes: number; order: number; set: PlannedSet; notes?: string[] },
  ) {
    let byDate = this.days.get(exercise);
    if (!byDate) this.days.set(exercise, (byDate = new Map()));
    const notes = row.notes?.some((n) => n.trim() !== '') ? this.notes.push(row.notes) - 1 : -1;
    const { repetitions, kilograms, pounds, isHard, type = 'normal', rpe } = row.set;
    const set = [
      ...[row.minutes, row.order, repetitions, kilograms, pounds ?? NaN, isHard ? 1 : 0, notes],
      ...[SET_TYPES.indexOf(type), rpe ?? NaN],
    ];
    const day = byDate.get(row.date);
    if (day) day.push(...set);
    else {
      // The day's first set is its array, of just its size: most days of an exercise have few sets.
      byDate.set(this.shared(row.date), set);
    }
  }

  /** Turns grouped sets into sessions (split past 100 sets) and orders each exercise's sessions by date. */
  async finish(): Promise<ImportPlan> {
    const turns = new Turns();
    for (const [exercise, byDate] of this.days) {
      for (const [date, day] of byDate) {
        if (turns.due()) await turns.take();
        this.addSessions(exercise, date, day);
      }
      this.days.delete(exercise); // its sets are sessions now
    }
    // 50,000 exercises' sorts held the event loop ~50 ms at once: turns between two exercises.
    for (const log of this.plan.logs.values())
      for (const exercise of log.exercises.values()) {
        if (turns.due()) await turns.take();
        exercise.sessions.sortByDate();
      }
    return this.plan;
  }

  /**
   * One day's sets as sessions of at most MAX_SETS sets: its workouts by start, each workout's
   * sets by their order (the sort is stable: ties keep the file's order).
   */
  private addSessions(exercise: PlannedExercise, date: string, day: number[]): void {
    const offsets = Array.from({ length: day.length / SET_FIELDS }, (_, k) => k * SET_FIELDS).sort(
      (a, b) => day[a + MINUTES] - day[b + MINUTES] || day[a + ORDER] - day[b + ORDER],
    );
    for (let from = 0; from < offsets.length; from += MAX_SETS) {
      const part = offsets.slice(from, from + MAX_SETS);
      // Each workout's notes, then its sets' notes, in the order the sets are listed.
      const notes = joinNotes(part.flatMap((at) => (day[at + NOTES] < 0 ? [] : this.notes[day[at + NOTES]])));
      exercise.sessions.push({
        kind: 'wlsession',
        createdDate: date,
        sets: part.map((at) => ({
          repetitions: day[at + REPS],
          kilograms: day[at + KILOGRAMS],
          pounds: Number.isNaN(day[at + POUNDS]) ? null : day[at + POUNDS],
          isHard: day[at + HARD] === 1,
          type: SET_TYPES[day[at + TYPE]],
          rpe: Number.isNaN(day[at + RPE]) ? null : day[at + RPE],
        })),
        ...(notes === '' ? {} : { notes }),
        // The workout its first set belongs to.
        ...this.placeIn(exercise, date, day[(part[0] as number) + MINUTES] as number),
      });
    }
  }
}
