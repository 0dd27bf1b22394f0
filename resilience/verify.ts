/**
 * Compares what the server holds (each user's own JSON export) with the ledger of acknowledged
 * writes, and checks the database itself for orphans and half-written rows.
 */
import { paceFigures, sessionVolumes, setVolume } from '../src/contract/metrics';
import { request } from './http';
import type { Content, ExerciseRef, Ledger, Pending, SessionRef } from './workload';

interface FoundSession {
  _id: string;
  slugSession: string;
  createdDate: string;
  set?: { repetitions: number; kilograms: number; isHard: boolean; volume: number }[];
  totalVolume?: number;
  workingVolume?: number;
  junkVolume?: number;
  time?: { hours: number; minutes: number; seconds: number };
  distance?: number;
  paceMinutes?: number;
  paceSeconds?: number;
  speed?: number;
}
interface FoundExercise {
  _id: string;
  title: string;
  slugExercise: string;
  session: 'wlsession' | 'pasession';
  sessions: FoundSession[];
}

export interface Verdict {
  problems: string[];
  /** Live sessions the ledger expects (acknowledged and not deleted). */
  expected: number;
  /** Of those, found with their acknowledged (or in-flight edited) content. */
  found: number;
  /** Sessions whose write was in flight when the server died, and which did commit. */
  inFlightCommitted: number;
  /** Sessions whose delete was in flight, or whose exercise's delete was: allowed either way. */
  maybe: number;
  totalFound: number;
}

function contentOf(s: FoundSession): Content {
  if (s.set) {
    return {
      createdDate: s.createdDate,
      set: s.set.map(({ repetitions, kilograms, isHard }) => ({ repetitions, kilograms, isHard })),
    };
  }
  return { createdDate: s.createdDate, time: s.time, distance: s.distance };
}

const same = (a: Content, b: Content) => JSON.stringify(a) === JSON.stringify(b);

/** A session as stored must be whole: derived numbers equal a recomputation, a dated slug. */
export function sessionProblems(s: FoundSession): string[] {
  const problems: string[] = [];
  if (!new RegExp(`^${s.createdDate}(-\\d+)?$`).test(s.slugSession)) problems.push(`slug ${s.slugSession}`);
  if (s.set) {
    if (s.set.length === 0) problems.push('no sets');
    for (const set of s.set) if (set.volume !== setVolume(set)) problems.push(`set volume ${set.volume}`);
    const v = sessionVolumes(s.set);
    if (
      v.totalVolume !== s.totalVolume ||
      v.workingVolume !== s.workingVolume ||
      v.junkVolume !== s.junkVolume
    )
      problems.push(`volumes ${s.totalVolume}/${s.workingVolume}/${s.junkVolume} ≠ ${JSON.stringify(v)}`);
  } else {
    if (!s.time || typeof s.distance !== 'number') return ['no time or distance'];
    const p = paceFigures(s.time, s.distance);
    if (p.paceMinutes !== s.paceMinutes || p.paceSeconds !== s.paceSeconds || p.speed !== s.speed)
      problems.push(`pace ${s.paceMinutes}:${s.paceSeconds} speed ${s.speed} ≠ ${JSON.stringify(p)}`);
  }
  return problems;
}

/**
 * Reads every user's export and checks it against the ledger (pending writes may go either way).
 * With `reconcile`, the ledger then takes what was found for those pending writes, and forgets them.
 */
export async function verifyAgainstLedger(base: string, ledger: Ledger, reconcile = false): Promise<Verdict> {
  const verdict: Verdict = {
    problems: [],
    expected: 0,
    found: 0,
    inFlightCommitted: 0,
    maybe: 0,
    totalFound: 0,
  };
  const problem = (text: string) => {
    if (verdict.problems.length < 50) verdict.problems.push(text);
  };
  const pendingOf = <K extends Pending['op']>(op: K) =>
    ledger.pending.filter((p): p is Extract<Pending, { op: K }> => p.op === op);

  for (const user of ledger.users) {
    const reply = await request(base, 'GET', '/api/export.json', { cookie: user.cookie, timeoutMs: 120_000 });
    if (reply.status !== 200) {
      problem(`export of user ${user.index} → ${reply.status} ${reply.text.slice(0, 200)}`);
      continue;
    }
    const logs = reply.json.logs as { _id: string; title: string; exercises: FoundExercise[] }[];
    const log = logs.find((l) => l._id === user.logId);
    const strangers = logs.filter((l) => l !== log && !ledger.extraLogTitles.has(l.title));
    if (!log || strangers.length) {
      problem(
        `user ${user.index}: their log ${log ? 'is there' : 'is missing'}, unknown logs: ${strangers.length}`,
      );
      continue;
    }
    const foundExercises = new Map(log.exercises.map((e) => [e._id, e]));
    const foundSessions = new Map<string, { session: FoundSession; exercise: FoundExercise }>();
    for (const exercise of log.exercises) {
      const slugs = new Set<string>();
      for (const session of exercise.sessions) {
        foundSessions.set(session._id, { session, exercise });
        if (slugs.has(session.slugSession))
          problem(`slug collision ${exercise.slugExercise}/${session.slugSession}`);
        slugs.add(session.slugSession);
        for (const p of sessionProblems(session)) problem(`session ${session._id}: ${p}`);
      }
    }
    verdict.totalFound += foundSessions.size;

    // Exercises.
    const deletingExercise = new Set(pendingOf('delete-exercise').map((p) => p.exercise));
    const mine = ledger.exercises.filter((e) => e.user === user.index);
    for (const exercise of mine) {
      const found = foundExercises.get(exercise.id);
      if (exercise.state === 'deleted') {
        if (found) problem(`exercise ${exercise.title} was deleted (acknowledged) but is still there`);
        continue;
      }
      if (!found) {
        if (!deletingExercise.has(exercise)) problem(`exercise ${exercise.title} (acknowledged) is missing`);
        else if (reconcile) {
          exercise.state = 'deleted';
          for (const s of ledger.sessions.values()) if (s.exercise === exercise) s.state = 'deleted';
        }
        continue;
      }
      if (reconcile) {
        exercise.title = found.title;
        exercise.slugExercise = found.slugExercise;
      }
      const titles = [
        exercise.title,
        ...pendingOf('rename-exercise')
          .filter((p) => p.exercise === exercise)
          .map((p) => p.title),
      ];
      if (!titles.includes(found.title))
        problem(`exercise ${exercise.id} is titled ${found.title}, expected ${titles}`);
      if (found.session !== exercise.kind) problem(`exercise ${exercise.id} changed kind`);
    }
    for (const found of log.exercises) {
      if (mine.some((e) => e.id === found._id)) continue;
      const inFlight = pendingOf('create-exercise').some(
        (p) => p.user === user && p.title === found.title && p.kind === found.session,
      );
      if (!inFlight) problem(`unknown exercise ${found.title} in user ${user.index}'s log`);
      else if (found.sessions.length) problem(`in-flight exercise ${found.title} has sessions`);
      else if (reconcile) {
        ledger.exercises.push({
          id: found._id,
          title: found.title,
          slugLog: user.slugLog,
          slugExercise: found.slugExercise,
          kind: found.session,
          user: user.index,
          owner: -1,
          state: 'live',
        });
      }
    }

    // Sessions.
    const deletingSession = new Set(pendingOf('delete').map((p) => p.session));
    const edits = pendingOf('edit');
    const known = new Set<string>();
    for (const session of ledger.sessions.values()) {
      if (session.exercise.user !== user.index) continue;
      known.add(session.id);
      const hit = foundSessions.get(session.id);
      if (session.state === 'deleted') {
        if (hit) problem(`session ${session.id} was deleted (acknowledged) but is still there`);
        continue;
      }
      const mayBeGone = deletingSession.has(session) || deletingExercise.has(session.exercise);
      if (mayBeGone) verdict.maybe += 1;
      else verdict.expected += 1;
      if (!hit) {
        if (!mayBeGone) problem(`session ${session.id} (acknowledged) is missing`);
        else if (reconcile) session.state = 'deleted';
        continue;
      }
      if (hit.exercise._id !== session.exercise.id)
        problem(`session ${session.id} moved to another exercise`);
      const allowed = [session.content, ...edits.filter((p) => p.session === session).map((p) => p.content)];
      const content = contentOf(hit.session);
      if (!allowed.some((c) => same(c, content)))
        problem(
          `session ${session.id}: content ${JSON.stringify(content)} ≠ acknowledged ${JSON.stringify(session.content)}`,
        );
      else {
        if (!mayBeGone) verdict.found += 1;
        if (reconcile) {
          session.content = content;
          session.slug = hit.session.slugSession;
        }
      }
    }
    for (const [id, { session, exercise }] of foundSessions) {
      if (known.has(id)) continue;
      const content = contentOf(session);
      const inFlight = pendingOf('create').find(
        (p) => p.exercise.id === exercise._id && same(p.content, content),
      );
      if (!inFlight) {
        problem(`session ${id} in ${exercise.title} matches no write: ${JSON.stringify(content)}`);
        continue;
      }
      verdict.inFlightCommitted += 1;
      if (reconcile) {
        const slug = session.slugSession;
        ledger.sessions.set(id, { id, exercise: inFlight.exercise, slug, content, owner: -1, state: 'live' });
      }
    }
  }
  if (reconcile) ledger.pending = [];
  return verdict;
}

export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Straight SQL on the database: nothing orphaned, nothing half-written, nothing duplicated. */
export async function databaseProblems(query: Query): Promise<{ problems: string[]; counts: string }> {
  const checks: [string, string][] = [
    [
      'logs without their user',
      `select count(*)::int as n from logs l left join users u on u.id = l.author_id where u.id is null`,
    ],
    [
      'exercises without their log (or in another author’s log)',
      `select count(*)::int as n from exercises e left join logs l on l.id = e.log_id
       where l.id is null or l.author_id <> e.author_id`,
    ],
    [
      'sessions without their exercise (or in another author’s, or of another kind)',
      `select count(*)::int as n from sessions s left join exercises e on e.id = s.exercise_id
         where e.id is null or e.author_id <> s.author_id or e.kind <> s.kind`,
    ],
    [
      'weight sessions with no sets or non-finite numbers',
      `select count(*)::int as n from sessions where kind = 'wlsession' and (jsonb_typeof(sets) <> 'array'
       or jsonb_array_length(sets) = 0 or total_volume in ('NaN', 'Infinity', '-Infinity')
       or working_volume in ('NaN', 'Infinity', '-Infinity') or junk_volume in ('NaN', 'Infinity', '-Infinity'))`,
    ],
    [
      'pace sessions with non-finite numbers',
      `select count(*)::int as n from sessions where kind = 'pasession' and (pace_minutes in ('NaN', 'Infinity', '-Infinity')
       or pace_seconds in ('NaN', 'Infinity', '-Infinity') or speed in ('NaN', 'Infinity', '-Infinity')
       or distance in ('NaN', 'Infinity', '-Infinity'))`,
    ],
    [
      'duplicate session slugs',
      `select count(*)::int as n from (select 1 from sessions group by author_id, exercise_id, slug having count(*) > 1) d`,
    ],
    [
      'rows of an import that was taken back (decision 0017)',
      `select (select count(*) from sessions s where s.import_id is not null
                and not exists (select 1 from imports i where i.id = s.import_id))
            + (select count(*) from logs l where l.import_id is not null
                and not exists (select 1 from imports i where i.id = l.import_id))::int as n`,
    ],
    [
      'sessions whose slug is not their date',
      `select count(*)::int as n from sessions s
       where s.slug !~ ('^' || to_char(s.created_date, 'YYYY-MM-DD') || '(-[0-9]+)?$')`,
    ],
  ];
  const problems: string[] = [];
  for (const [label, sql] of checks) {
    const [row] = await query(sql);
    if (Number(row.n) !== 0) problems.push(`${label}: ${row.n}`);
  }
  const [c] = await query(
    `select (select count(*) from users)::int as users, (select count(*) from logs)::int as logs,
      (select count(*) from exercises)::int as exercises, (select count(*) filter (where kind = 'wlsession') from sessions)::int as wl,
      (select count(*) filter (where kind = 'pasession') from sessions)::int as pa`,
  );
  return {
    problems,
    counts: `${c.users} users, ${c.logs} logs, ${c.exercises} exercises, ${c.wl} weight + ${c.pa} pace sessions`,
  };
}

export type { ExerciseRef, SessionRef };
