import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { sessionValues } from '../sessions/session-record';
import { YIELD_EVERY } from './import-limits';
import {
  type DateRange,
  findExercisesOfLogs,
  findLogsBySlugs,
  type NewExercise,
  type NewLog,
  type NewSession,
} from './data.repository';
import { type ImportPlan, kindConflict, lineNumber, type PlannedSession, skipRow } from './import-plan';
import { loadSessionStates, type SessionState, sessionKey } from './session-state';

/**
 * A session the import adds, as small as it can be until its statement is written: its row (id,
 * sets with their ids, volumes, best set figures) is made then, by `sessionRow`. Made here for a
 * whole file, those rows were about 1.2 KB a session, and 200,000 of them beside the plan ran
 * the server out of its 512 MB heap.
 */
export interface ImportedSession {
  session: PlannedSession;
  exerciseId: string;
  slug: string;
  createdAt: string;
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
    const hex = randomBytes(16).toString('hex');
    const head = (next++).toString(16).padStart(12, '0');
    return `${head.slice(0, 8)}-${head.slice(8)}-4${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  };
}

/**
 * The rows a plan adds to an account. Logs and exercises are matched by slug (an existing one is
 * reused); a session is not added when its exercise already holds one on that date with the same
 * content (counted in `duplicates`), so importing a file twice adds nothing the second time.
 * An existing exercise of the other kind keeps its sessions and the file's are skipped.
 * `pause` runs every YIELD_EVERY sessions (import-apply.ts: other requests get a turn).
 */
export async function diffPlan(
  tx: Executor,
  authorId: string,
  plan: ImportPlan,
  now: number,
  pause: () => Promise<void>,
) {
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
  // Existing exercises the file adds sessions to, with the dates it adds them on (finish() sorted them).
  const reused: DateRange[] = [];
  for (const [slug, log] of plan.logs) {
    const logId = existingLogs.get(slug);
    for (const exercise of logId ? log.exercises.values() : []) {
      const found = existingExercises.get(`${logId}|${exercise.slug}`);
      const dates = exercise.sessions;
      if (found && dates.length > 0)
        reused.push({ exerciseId: found.id, from: dates[0].createdDate, to: dates.at(-1)!.createdDate });
    }
  }
  const stateOf = await loadSessionStates(tx, authorId, reused, pause);

  // Records without timestamps get ones just before now, in file order: a day's later sessions
  // sort as newer, and an export lists logs and exercises in the order the file had them.
  let records = plan.rows;
  for (const log of plan.logs.values()) records += 1 + log.exercises.size;
  let tick = now - records - 1;
  const stamp = () => new Date((tick += 1)).toISOString();
  const nowIso = new Date(now).toISOString();

  const rows = {
    logs: [] as NewLog[],
    exercises: [] as NewExercise[],
    sessions: [] as ImportedSession[],
  };
  const activity = { logs: new Map<string, Activity>(), exercises: new Map<string, Activity>() };
  let duplicates = 0;
  // Every loop over sessions counts its steps here, to pause every YIELD_EVERY of them.
  let steps = 0;
  const due = () => ++steps % YIELD_EVERY === 0;

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
      const state = stateOf(exerciseId);
      const fresh: PlannedSession[] = [];
      for (const session of exercise.sessions) {
        if (due()) await pause();
        if (!state.consume(sessionKey(session))) fresh.push(session);
      }
      duplicates += exercise.sessions.length - fresh.length;
      for (const [session, slugSession] of await assignSlugs(state, fresh, due, pause)) {
        if (due()) await pause();
        rows.sessions.push({
          session,
          exerciseId,
          slug: slugSession,
          createdAt: session.createdAt ?? stamp(),
        });
        noteActivity(activity.logs, logId, session.createdDate);
        noteActivity(activity.exercises, exerciseId, session.createdDate);
      }
    }
  }
  /** The row of a session this import adds; ids keep increasing in the order rows are made. */
  const sessionRow = ({ session, exerciseId, slug, createdAt }: ImportedSession): NewSession => ({
    id: newId(),
    authorId,
    exerciseId,
    kind: session.kind,
    slug,
    createdDate: session.createdDate,
    createdAt,
    updatedAt: session.updatedAt ?? createdAt,
    ...sessionValues(
      session.kind === 'wlsession'
        ? { kind: session.kind, set: session.sets, notes: session.notes }
        : session,
    ),
  });
  return {
    rows,
    sessionRow,
    duplicates,
    touched: { logs: rank(activity.logs, now), exercises: rank(activity.exercises, now) },
  };
}

/** Slugs the file carried first (a round trip keeps its -2, -3), then the next free one for the rest. */
async function assignSlugs(
  state: SessionState,
  sessions: PlannedSession[],
  due: () => boolean,
  pause: () => Promise<void>,
): Promise<Map<PlannedSession, string>> {
  const slugs = new Map<PlannedSession, string>();
  for (const session of sessions) {
    if (due()) await pause();
    const kept = session.slugSession && state.slugs.take(session.createdDate, session.slugSession);
    if (kept) slugs.set(session, kept);
  }
  const ordered = new Map<PlannedSession, string>();
  for (const session of sessions) {
    if (due()) await pause();
    ordered.set(session, slugs.get(session) ?? (state.slugs.take(session.createdDate) as string));
  }
  return ordered;
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
