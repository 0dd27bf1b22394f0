import { randomBytes, randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client';
import { routineTargetsFor } from '../../../contract/routines';
import { sessionValues } from '../sessions/session-record';
import type { Turns } from './import-limits';
import {
  type DateRange,
  findExercisesOfLogs,
  findLogsBySlugs,
  findRoutineTitles,
  type NewExercise,
  type NewLog,
  type NewRoutine,
  type NewRoutineEntry,
  type NewSession,
  type NewWorkout,
} from './data.repository';
import { type ImportPlan, kindConflict, lineNumber, type PlannedExercise, skipRow } from './import-plan';
import { type SessionState, sessionKey, sessionStates } from './session-state';
import type { SessionList } from './session-list';

/**
 * The sessions one exercise gets: `slugs` has a number per planned session, in order: 0 when it
 * is not added (a duplicate), else its slug's (1: the date, n: `date-n`). Rows are made from the
 * plan only as they are written (`sessionRows`). Rows made for a whole file ran the server out of
 * its 512 MB heap; an object per added session (its slug, its timestamp) still held 20 MB more
 * for a 190,000-row file, four objects a session for each full garbage collection to mark.
 */
interface ExerciseSessions {
  exercise: PlannedExercise;
  exerciseId: string;
  slugs: number[];
}

interface Activity {
  id: string;
  /** The newest session date the import adds to it. */
  latest: string;
  /** The new row to stamp, or none for a record that already existed. */
  row?: { activeAt?: string };
}

/**
 * Ids that increase in the order they are made: random, then a counter in their first 12 hex
 * digits. Records with the same timestamp are listed (and exported) by id, so new ids in file
 * order keep a round trip's order even where the file's timestamps tie.
 */
function ascendingIds(): () => string {
  let next = randomBytes(6).readUIntBE(0, 6) % 2 ** 40;
  return () => {
    // Written into one buffer, so the id is one flat string: joined from slices it was a tree of
    // 15 small strings, and a file of 190,000 workouts kept 2.8 million of them for the whole import.
    const id = Buffer.from(randomUUID(), 'latin1');
    const head = (next++).toString(16).padStart(12, '0');
    id.write(head.slice(0, 8), 0, 'latin1');
    id.write(head.slice(8), 9, 'latin1');
    return id.toString('latin1');
  };
}

/**
 * The rows a plan adds to an account. Logs and exercises are matched by slug (an existing one is
 * reused); a session is not added when its exercise already holds one on that date with the same
 * content (counted in `duplicates`), so importing a file twice adds nothing the second time.
 * An existing exercise of the other kind keeps its sessions and the file's are skipped.
 * Its loops give other requests turns (`turns`, import-apply.ts).
 */
export async function diffPlan(tx: Executor, authorId: string, plan: ImportPlan, now: number, turns: Turns) {
  const newId = ascendingIds();
  const existingLogs = new Map(
    (await findLogsBySlugs(tx, authorId, [...plan.logs.keys()])).map((l) => [l.slug, l.id]),
  );
  const existingExercises = new Map(
    (await findExercisesOfLogs(tx, authorId, [...existingLogs.values()])).map((e) => [
      `${e.logId}|${e.slug}`,
      e,
    ]),
  );
  // Existing exercises (of the same kind) the file adds sessions to, with the dates it adds them on
  // (finish() sorted them), in the order the loop below reaches them.
  const reused: DateRange[] = [];
  for (const [slug, log] of plan.logs) {
    const logId = existingLogs.get(slug);
    for (const exercise of logId ? log.exercises.values() : []) {
      const found = existingExercises.get(`${logId}|${exercise.slug}`);
      const list = exercise.sessions;
      if (found?.kind === exercise.kind && list.length > 0)
        reused.push({ exerciseId: found.id, from: list.date(0), to: list.date(list.length - 1) });
    }
  }
  const stateOf = sessionStates(tx, authorId, reused, turns);

  // Records without timestamps get ones just before now, in file order: a day's later sessions
  // sort as newer, and an export lists logs and exercises in the order the file had them.
  let records = plan.rows;
  for (const log of plan.logs.values())
    records += 1 + log.exercises.size + log.workouts.size + log.routines.length;
  let tick = now - records - 1;
  const stamp = () => new Date((tick += 1)).toISOString();
  const nowIso = new Date(now).toISOString();

  const rows = {
    logs: [] as NewLog[],
    exercises: [] as NewExercise[],
    routines: [] as NewRoutine[],
    routineEntries: [] as NewRoutineEntry[],
    workouts: [] as NewWorkout[],
  };
  // Workouts and routines (docs/api.md §11). A routine whose title the log already has is not
  // added again (a file imported twice); a workout is made for every planned one and, once the
  // sessions are written, one that received none (all duplicates) is deleted again
  // (data.repository.ts `dropEmptyWorkouts`), so a re-import creates no workout twice.
  const routineTitles = new Set(
    (await findRoutineTitles(tx, authorId, [...existingLogs.values()])).map(
      (r: { logId: string; title: string }) => `${r.logId}|${r.title}`,
    ),
  );
  const workoutIds = new Map<string, string>();
  const added: ExerciseSessions[] = [];
  let sessions = 0;
  const activity = { logs: new Map<string, Activity>(), exercises: new Map<string, Activity>() };
  let duplicates = 0;

  for (const [slug, log] of plan.logs) {
    let logId = existingLogs.get(slug);
    if (!logId) {
      const row: NewLog = {
        id: newId(),
        authorId,
        title: log.title,
        slug,
        createdAt: log.createdAt ?? stamp(),
        updatedAt: log.updatedAt ?? log.createdAt ?? nowIso,
        activeAt: log.activeAt,
      };
      rows.logs.push(row);
      logId = row.id!;
      activity.logs.set(logId, { id: logId, latest: '', row });
    }
    // The log's exercises by slug, those the file names and those the account has.
    const exerciseOf = new Map<string, { id: string; kind: PlannedExercise['kind'] }>();
    if (log.routines.length > 0)
      for (const e of existingExercises.values())
        if (e.logId === logId) exerciseOf.set(e.slug, { id: e.id, kind: e.kind });
    for (const exercise of log.exercises.values()) {
      const found = existingExercises.get(`${logId}|${exercise.slug}`);
      if (found && found.kind !== exercise.kind) {
        skipRow(
          plan,
          lineNumber(exercise.line),
          `${kindConflict(exercise.title, found.kind)}: ${exercise.sessions.length} session(s) not imported`,
        );
        continue;
      }
      let exerciseId = found?.id;
      if (!exerciseId) {
        const row: NewExercise = {
          id: newId(),
          authorId,
          logId,
          title: exercise.title,
          slug: exercise.slug,
          kind: exercise.kind,
          createdAt: exercise.createdAt ?? stamp(),
          updatedAt: exercise.updatedAt ?? exercise.createdAt ?? nowIso,
          activeAt: exercise.activeAt,
        };
        rows.exercises.push(row);
        exerciseId = row.id!;
        activity.exercises.set(exerciseId, { id: exerciseId, latest: '', row });
      }
      exerciseOf.set(exercise.slug, { id: exerciseId, kind: exercise.kind });
      const slugs = await assignSlugs(await stateOf(exerciseId), exercise.sessions, turns);
      const count = slugs.reduce((sum, n) => sum + (n === 0 ? 0 : 1), 0);
      duplicates += slugs.length - count;
      if (count === 0) continue;
      sessions += count;
      added.push({ exercise, exerciseId, slugs });
      // The plan lists an exercise's sessions by date: the last one added is the newest.
      const latest = exercise.sessions.date(slugs.findLastIndex((n) => n !== 0));
      noteActivity(activity.logs, logId, latest);
      noteActivity(activity.exercises, exerciseId, latest);
    }
    const routineIds = new Map<string, string>();
    for (const routine of log.routines) {
      const seen = `${logId}|${routine.title.toLowerCase()}`;
      if (routineTitles.has(seen)) continue;
      routineTitles.add(seen);
      const id = newId();
      if (routine.fileId) routineIds.set(routine.fileId, id);
      const createdAt = routine.createdAt ?? stamp();
      rows.routines.push({
        id,
        authorId,
        logId,
        title: routine.title,
        notes: routine.notes,
        createdAt,
        updatedAt: routine.updatedAt ?? createdAt,
      });
      // An entry whose exercise the log does not have is left out (as a deleted exercise's is).
      let position = 0;
      for (const entry of routine.entries) {
        const exercise = exerciseOf.get(entry.slugExercise);
        if (!exercise) continue;
        const targets = routineTargetsFor(exercise.kind, entry);
        rows.routineEntries.push({
          routineId: id,
          position: position++,
          authorId,
          exerciseId: exercise.id,
          ...targets,
        });
      }
    }
    for (const workout of log.workouts.values()) {
      // A file of one-set workouts has as many workouts as sessions: 190,000 ids made without a
      // turn held every other request for 0.7 s.
      if (turns.due()) await turns.take();
      const id = newId();
      workoutIds.set(workout.key, id);
      const createdAt = workout.createdAt ?? stamp();
      rows.workouts.push({
        id,
        authorId,
        logId,
        title: workout.title,
        createdDate: workout.createdDate,
        startedAt: workout.startedAt,
        endedAt: workout.endedAt,
        notes: workout.notes,
        routineId: (workout.routine && routineIds.get(workout.routine)) ?? null,
        createdAt,
        updatedAt: workout.updatedAt ?? createdAt,
      });
    }
  }
  /** The rows of the sessions this import adds, made as they are written; ids keep increasing in that order. */
  function* sessionRows(): Generator<NewSession> {
    for (const { exercise, exerciseId, slugs } of added)
      for (const [index, n] of slugs.entries()) {
        if (n === 0) continue;
        const session = exercise.sessions.at(index);
        const createdAt = session.createdAt ?? stamp();
        yield {
          id: newId(),
          authorId,
          exerciseId,
          kind: session.kind,
          slug: n === 1 ? session.createdDate : `${session.createdDate}-${n}`,
          createdDate: session.createdDate,
          createdAt,
          updatedAt: session.updatedAt ?? createdAt,
          workoutId: (session.workout && workoutIds.get(session.workout)) ?? null,
          workoutPosition: session.workoutPosition ?? null,
          workoutSuperset: session.workoutSuperset ?? null,
          ...sessionValues(
            session.kind === 'wlsession'
              ? { kind: session.kind, set: session.sets, notes: session.notes }
              : session,
          ),
        };
      }
  }
  return {
    rows,
    sessions,
    sessionRows,
    /** The sessions added to each exercise, for the quotas (import-quotas.ts). */
    sessionsPerExercise: added.map(({ exerciseId, slugs }) => ({
      exerciseId,
      count: slugs.reduce((sum, n) => sum + (n === 0 ? 0 : 1), 0),
    })),
    duplicates,
    touched: { logs: rank(activity.logs, now), exercises: rank(activity.exercises, now) },
  };
}

/**
 * Each planned session's slug number (0: a duplicate of one the exercise has). The slugs the file
 * carried come first (a round trip keeps its -2, -3), then the next free one for the rest.
 */
async function assignSlugs(state: SessionState, sessions: SessionList, turns: Turns): Promise<number[]> {
  const slugs: number[] = [];
  for (let index = 0; index < sessions.length; index += 1) {
    if (turns.due()) await turns.take();
    const session = sessions.at(index);
    let n = -1; // added, its slug chosen below
    if (state.consume(sessionKey(session))) n = 0;
    else if (session.slugSession) {
      const kept = state.slugs.take(session.createdDate, session.slugSession);
      if (kept) n = slugNumber(session.createdDate, kept);
    }
    slugs.push(n);
  }
  for (let index = 0; index < sessions.length; index += 1) {
    if (turns.due()) await turns.take();
    if (slugs[index] !== -1) continue;
    const date = sessions.date(index);
    slugs[index] = slugNumber(date, state.slugs.take(date) as string);
  }
  return slugs;
}

/** 1 for the slug `date`, n for `date-n` (session-slugs.ts). */
function slugNumber(date: string, slug: string): number {
  return slug === date ? 1 : Number(slug.slice(date.length + 1));
}

function noteActivity(map: Map<string, Activity>, id: string, date: string) {
  const found = map.get(id);
  if (!found) map.set(id, { id, latest: date });
  else if (found.latest < date) found.latest = date;
}

/**
 * What the import touched moves to the top of its list (docs/api.md §7), the most recently trained
 * first: new rows without an activity of their own are stamped here; existing ones are returned
 * for an update. New rows from our own export keep the activity they had.
 */
function rank(map: Map<string, Activity>, now: number): { id: string; activeAt: string }[] {
  const ordered = [...map.values()]
    .filter((a) => !a.row || a.row.activeAt === undefined)
    .sort((a, b) => (a.latest < b.latest ? -1 : a.latest > b.latest ? 1 : 0));
  const touched: { id: string; activeAt: string }[] = [];
  ordered.forEach((a, index) => {
    const activeAt = new Date(now - ordered.length + index + 1).toISOString();
    if (a.row) a.row.activeAt = activeAt;
    else touched.push({ id: a.id, activeAt });
  });
  return touched;
}
