/**
 * Concurrent writers and the ledger of what the server acknowledged. Each user has a log with a
 * weight and a pace exercise that all of the user's workers write into at once (on a few dates,
 * so they race for the same dated slugs), plus exercises each worker creates, renames and deletes.
 * Every write carries a unique fingerprint in its numbers, so a session found after a crash can be
 * matched to the request that wrote it even when its answer never arrived.
 */
import { randomUUID } from 'node:crypto';
import { cookieFrom, NetworkError, type Reply, request } from './http';

export type Kind = 'wlsession' | 'pasession';
export interface SetInput {
  repetitions: number;
  kilograms: number;
  isHard: boolean;
}
export interface Content {
  createdDate: string;
  set?: SetInput[];
  time?: { hours: number; minutes: number; seconds: number };
  distance?: number;
}

export interface ExerciseRef {
  id: string;
  title: string;
  slugLog: string;
  slugExercise: string;
  kind: Kind;
  /** The index of the user whose log holds it. */
  user: number;
  /** The worker that may rename or delete it; shared exercises have none. */
  owner: number | null;
  state: 'live' | 'deleted';
}

export interface SessionRef {
  id: string;
  exercise: ExerciseRef;
  slug: string;
  content: Content;
  owner: number;
  state: 'live' | 'deleted';
}

/** A write whose answer never came (the server died under it): it may or may not have happened. */
export type Pending =
  | { op: 'create'; exercise: ExerciseRef; content: Content }
  | { op: 'edit'; session: SessionRef; content: Content }
  | { op: 'delete'; session: SessionRef }
  | { op: 'create-exercise'; title: string; kind: Kind; user: UserRef }
  | { op: 'rename-exercise'; exercise: ExerciseRef; title: string }
  | { op: 'delete-exercise'; exercise: ExerciseRef };

export interface UserRef {
  index: number;
  id: string;
  email: string;
  password: string;
  cookie: string;
  slugLog: string;
  logId: string;
  shared: ExerciseRef[];
}

export interface Stats {
  requests: number;
  acked: Record<string, number>;
  fiveXx: string[];
  /** Answers other than the one expected (a 404 on one's own session, a 409 …). */
  unexpected: string[];
  networkErrors: string[];
  latencies: number[];
}

export const DATES = ['2026-03-01', '2026-03-02', '2026-03-03'];

export class Ledger {
  users: UserRef[] = [];
  exercises: ExerciseRef[] = [];
  sessions = new Map<string, SessionRef>();
  pending: Pending[] = [];
  /** Logs created on purpose outside the ledger (the shutdown import): not phantoms. */
  extraLogTitles = new Set<string>();
  private seq = 0;

  /** A unique number with 2 decimals ≤ 100000: the fingerprint of one write. */
  nextMark(): number {
    this.seq += 1;
    return ((this.seq % 9_999_999) + 1) / 100;
  }

  liveSessions(): SessionRef[] {
    return [...this.sessions.values()].filter((s) => s.state === 'live');
  }
}

export function newStats(): Stats {
  return { requests: 0, acked: {}, fiveXx: [], unexpected: [], networkErrors: [], latencies: [] };
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
const encode = encodeURIComponent;
const exerciseBase = (e: ExerciseRef) => `/api/logs/${encode(e.slugLog)}/exercises/${encode(e.slugExercise)}`;
const segment = (kind: Kind) => (kind === 'wlsession' ? 'wlsessions' : 'pasessions');

export function contentFor(kind: Kind, mark: number): Content {
  const createdDate = pick(DATES);
  if (kind === 'wlsession') {
    const sets = 1 + Math.floor(Math.random() * 4);
    return {
      createdDate,
      set: Array.from({ length: sets }, (_, i) => ({
        repetitions: i === 0 ? 1 : 1 + Math.floor(Math.random() * 12),
        kilograms: i === 0 ? mark : Math.round(Math.random() * 20000) / 100,
        isHard: Math.random() < 0.6,
      })),
    };
  }
  return {
    createdDate,
    time: {
      hours: Math.floor(Math.random() * 2),
      minutes: Math.floor(Math.random() * 60),
      seconds: Math.round(Math.random() * 5999) / 100,
    },
    distance: mark,
  };
}

/** Sets up `count` users, each with a log holding one weight and one pace exercise. */
export async function createUsers(base: string, ledger: Ledger, count: number): Promise<void> {
  const run = randomUUID().slice(0, 8);
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const email = `resilience-${run}-${index}@test.io`;
      const password = `password-${run}-${index}`;
      const registered = await request(base, 'POST', '/api/users', {
        body: { username: `Writer ${index}`, email, password },
      });
      if (registered.status !== 201) throw new Error(`register → ${registered.status} ${registered.text}`);
      const cookie = cookieFrom(registered);
      const log = await request(base, 'POST', '/api/logs', {
        cookie,
        body: { title: `Load ${run} ${index}` },
      });
      if (log.status !== 201) throw new Error(`create log → ${log.status} ${log.text}`);
      const user: UserRef = {
        index,
        id: registered.json._id,
        email,
        password,
        cookie,
        slugLog: log.json.slugLog,
        logId: log.json._id,
        shared: [],
      };
      for (const kind of ['wlsession', 'pasession'] as const) {
        const title = kind === 'wlsession' ? 'Shared Squat' : 'Shared Run';
        const r = await request(base, 'POST', `/api/logs/${encode(user.slugLog)}/exercises`, {
          cookie,
          body: { title, session: kind },
        });
        if (r.status !== 201) throw new Error(`create exercise → ${r.status} ${r.text}`);
        const exercise: ExerciseRef = {
          id: r.json._id,
          title,
          slugLog: user.slugLog,
          slugExercise: r.json.slugExercise,
          kind,
          user: index,
          owner: null,
          state: 'live',
        };
        user.shared.push(exercise);
        ledger.exercises.push(exercise);
      }
      ledger.users[index] = user;
    }),
  );
}

interface WorkerOptions {
  base: string;
  ledger: Ledger;
  stats: Stats;
  user: UserRef;
  worker: number;
  /** Checked before each operation. */
  stop: () => boolean;
  /** After a network error: true when the server was killed on purpose (the error is expected). */
  crashed: () => boolean;
}

/** One writer: random operations until told to stop (or, in a crash, until the server is gone). */
export async function runWorker(options: WorkerOptions): Promise<void> {
  const { base, ledger, stats, user, worker } = options;
  const mine = () => ledger.liveSessions().filter((s) => s.owner === worker);
  const myExercises = () => ledger.exercises.filter((e) => e.owner === worker && e.state === 'live');

  /** Sends one request; a network error records `pending` when the server was killed under it. */
  async function send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    expected: number,
    label: string,
    pending: Pending | null,
  ): Promise<Reply | null> {
    stats.requests += 1;
    const started = performance.now();
    let reply: Reply;
    try {
      reply = await request(base, method, path, { cookie: user.cookie, body });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      if (pending) ledger.pending.push(pending);
      if (!options.crashed()) stats.networkErrors.push(`${label}: ${error.message}`);
      return null;
    }
    stats.latencies.push(performance.now() - started);
    if (reply.status >= 500) {
      stats.fiveXx.push(`${label} → ${reply.status} ${reply.text.slice(0, 200)}`);
      if (pending) ledger.pending.push(pending); // an error after the commit is still possible
      return null;
    }
    if (reply.status !== expected) {
      stats.unexpected.push(`${label} → ${reply.status} ${reply.text.slice(0, 200)}`);
      return null;
    }
    stats.acked[label] = (stats.acked[label] ?? 0) + 1;
    return reply;
  }

  while (!options.stop()) {
    const r = Math.random();
    if (r < 0.45) {
      const candidates = [...user.shared, ...myExercises()];
      const exercise = pick(candidates);
      const content = contentFor(exercise.kind, ledger.nextMark());
      const reply = await send(
        'POST',
        `${exerciseBase(exercise)}/${segment(exercise.kind)}`,
        content,
        201,
        'create session',
        { op: 'create', exercise, content },
      );
      if (!reply) continue;
      ledger.sessions.set(reply.json._id, {
        id: reply.json._id,
        exercise,
        slug: reply.json.slugSession,
        content,
        owner: worker,
        state: 'live',
      });
    } else if (r < 0.6) {
      const session = mine().length ? pick(mine()) : null;
      if (!session) continue;
      const content = contentFor(session.exercise.kind, ledger.nextMark());
      const reply = await send(
        'PUT',
        `${exerciseBase(session.exercise)}/${segment(session.exercise.kind)}/edit/${session.id}`,
        content,
        200,
        'edit session',
        { op: 'edit', session, content },
      );
      if (!reply) continue;
      session.content = content;
      session.slug = reply.json.slugSession;
    } else if (r < 0.72) {
      const session = mine().length ? pick(mine()) : null;
      if (!session) continue;
      const reply = await send(
        'DELETE',
        `${exerciseBase(session.exercise)}/${segment(session.exercise.kind)}/${encode(session.slug)}`,
        undefined,
        200,
        'delete session',
        { op: 'delete', session },
      );
      if (reply) session.state = 'deleted';
    } else if (r < 0.78) {
      if (myExercises().length >= 3) continue;
      const kind: Kind = Math.random() < 0.5 ? 'wlsession' : 'pasession';
      const title = `Churn ${worker} ${randomUUID().slice(0, 8)}`;
      const reply = await send(
        'POST',
        `/api/logs/${encode(user.slugLog)}/exercises`,
        { title, session: kind },
        201,
        'create exercise',
        { op: 'create-exercise', title, kind, user },
      );
      if (!reply) continue;
      ledger.exercises.push({
        id: reply.json._id,
        title,
        slugLog: user.slugLog,
        slugExercise: reply.json.slugExercise,
        kind,
        user: user.index,
        owner: worker,
        state: 'live',
      });
    } else if (r < 0.82) {
      const exercise = myExercises().length ? pick(myExercises()) : null;
      if (!exercise) continue;
      const title = `Renamed ${worker} ${randomUUID().slice(0, 8)}`;
      const reply = await send(
        'PUT',
        `/api/logs/${encode(user.slugLog)}/exercises/edit/${exercise.id}`,
        { title },
        200,
        'rename exercise',
        { op: 'rename-exercise', exercise, title },
      );
      if (!reply) continue;
      exercise.title = title;
      exercise.slugExercise = reply.json.slugExercise;
    } else if (r < 0.86) {
      const exercise = myExercises().length ? pick(myExercises()) : null;
      if (!exercise) continue;
      const reply = await send('DELETE', exerciseBase(exercise), undefined, 200, 'delete exercise', {
        op: 'delete-exercise',
        exercise,
      });
      if (!reply) continue;
      exercise.state = 'deleted';
      for (const s of ledger.sessions.values()) if (s.exercise === exercise) s.state = 'deleted';
    } else {
      const exercise = pick(user.shared);
      await send('GET', `${exerciseBase(exercise)}?limit=24`, undefined, 200, 'read page', null);
    }
  }
}
