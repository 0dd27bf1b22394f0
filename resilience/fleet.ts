/**
 * A fleet that loses nothing (PostgreSQL only): three server instances on one database behind
 * nginx (load-balancer.ts), clients that create through nginx and retry with their Idempotency-Key,
 * one instance killed with SIGKILL mid-load and restarted. Then every acknowledged write is in
 * the database exactly once, no retry made a second row, and the login limits and sign-ins held
 * across instances and across the restart.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Answer, createWithRetries, send } from './fleet-client';
import { type LoadBalancer, nginxBinary, startLoadBalancer } from './load-balancer';
import {
  freePort,
  type ServerProcess,
  sleep,
  spawnServer,
  stopServer,
  type Store,
  waitHealthy,
} from './server';
import { databaseProblems } from './verify';

export interface Harness {
  check(name: string, body: () => Promise<string>): Promise<boolean>;
  assert(condition: unknown, message: string): asserts condition;
  skip(message: string): void;
}

const INSTANCES = 3;
const USERS = 6;
const WRITERS = 12;
const KILL_AFTER_MS = 6000 + Math.floor(Math.random() * 2000);
const LOAD_AFTER_RESTART_MS = 6000;
/** No write is retried past this (its attempts are bounded too: fleet-client.ts). */
const WRITE_DEADLINE_MS = 30_000;
/** The share of creates whose client gives up on its first attempt after 5-65 ms, then retries. */
const IMPATIENT = 0.05;
const LOGIN_FAILURES_PER_EMAIL = 10;
const LOGIN_PER_IP = 12;

/** One create the clients sent, and what became of it. */
interface Write {
  table: 'sessions' | 'exercises' | 'logs';
  /** Written into the row (a session's notes, a title): how the row is found and counted. */
  marker: string;
  ackedId: string | null;
  /** The final answer when it was not 201. */
  refused: string | null;
  attempts: number;
  failures: string[];
  replayedOnRetry: boolean;
}

interface Exercise {
  path: string;
  kind: 'wlsession' | 'pasession';
}

interface User {
  email: string;
  password: string;
  cookie: string;
  slugLog: string;
  exercises: Exercise[];
}

/**
 * The clients' source addresses: 127.a.b.n in a /24 of loopback picked per run, so the per-IP
 * counts of an earlier run on the same database can never answer for this one.
 */
const subnet = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}`;
const ip = (n: number) => `${subnet}.${n}`;

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
const enc = encodeURIComponent;
const portOf = (upstream: string) => Number(upstream.split(':').at(-1));
const tally = (items: string[]) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return Object.entries(counts)
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');
};
const cookieOf = (answer: Answer) => {
  const sid = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`no session cookie (${answer.status} ${answer.text.slice(0, 200)})`);
  return sid.split(';')[0];
};

/** `${database}_fleet` beside DATABASE_URL's database, made through `postgres`; null if it cannot be. */
async function createDatabase(url: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new URL(url);
  const name = `${decodeURIComponent(admin.pathname.slice(1)) || 'workout'}_fleet`.replace(
    /[^a-z0-9_]/gi,
    '_',
  );
  admin.pathname = '/postgres';
  const target = new URL(url);
  target.pathname = `/${name}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  try {
    await run(`drop database if exists ${name} with (force)`);
    await run(`create database ${name}`);
  } catch (error) {
    console.log(
      `- [fleet] cannot create ${name} (${(error as Error).message}); using DATABASE_URL's own database`,
    );
    return null;
  }
  return {
    url: target.toString(),
    drop: () => run(`drop database if exists ${name} with (force)`).catch(() => undefined),
  };
}

export async function runFleet(databaseUrl: string | undefined, h: Harness): Promise<void> {
  const tag = (name: string) => `[postgres] fleet: ${name}`;
  if (!databaseUrl) {
    h.skip(
      '[postgres] fleet skipped: it needs PostgreSQL (set DATABASE_URL); on PGlite one server owns the data',
    );
    return;
  }
  const binary = nginxBinary();
  if (!binary) {
    await h.check(tag('nginx is installed'), async () => {
      h.assert(false, 'nginx is not installed (apt-get install nginx; .ci/run installs it)');
      return '';
    });
    return;
  }
  const own = await createDatabase(databaseUrl);
  const store: Store = { engine: 'postgres', url: own?.url ?? databaseUrl };
  const env = {
    // nginx is the only proxy, on 127.0.0.1: its X-Forwarded-For is the client's address.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: String(LOGIN_FAILURES_PER_EMAIL),
    RATE_LIMIT_LOGIN_PER_IP: String(LOGIN_PER_IP),
    // Three instances share two cores and one database: a few connections each (decision 0019).
    DATABASE_POOL_SIZE: '3',
  };
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const servers: ServerProcess[] = [];
  const fleet: { lb: LoadBalancer | null } = { lb: null };
  const run = randomUUID().slice(0, 8);
  try {
    const started = await h.check(tag(`${INSTANCES} instances on one database behind nginx`), async () => {
      for (const port of ports) servers.push(spawnServer(store, port, env));
      const ready = await Promise.all(servers.map((s) => waitHealthy(s)));
      fleet.lb = await startLoadBalancer(binary, await freePort(), ports);
      return (
        `instances started at once, healthy in ${ready.join(', ')} ms; nginx (${binary}) on ` +
        `127.0.0.1:${fleet.lb.port} over ports ${ports.join(', ')}`
      );
    });
    if (!started || !fleet.lb) return;
    const balancer = fleet.lb;

    const lockedEmail = `locked-${run}@test.io`;
    const lockedPassword = `password-${run}-locked`;
    await h.check(
      tag(`${LOGIN_FAILURES_PER_EMAIL} wrong passwords spread over the instances, then 429 on every one`),
      async () => {
        const registered = await send(balancer.port, 'POST', '/api/users', {
          body: { username: 'Locked', email: lockedEmail, password: lockedPassword },
        });
        h.assert(registered.status === 201, `register → ${registered.status} ${registered.text}`);
        // Each guess from its own address, so the per-IP limit is never what answers.
        const wrong = (port: number, from: string) =>
          send(port, 'POST', '/api/users/login', {
            from,
            body: { email: lockedEmail, password: 'wrong-password' },
          });
        const guesses: number[] = [];
        for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i += 1)
          guesses.push((await wrong(ports[i % INSTANCES], ip(20 + i))).status);
        h.assert(
          guesses.every((s) => s === 401),
          `the first ${LOGIN_FAILURES_PER_EMAIL} answered ${guesses.join(', ')}`,
        );
        const after: string[] = [];
        for (const [i, port] of ports.entries())
          after.push(`instance ${i + 1}: ${(await wrong(port, ip(40 + i))).status}`);
        after.push(`nginx: ${(await wrong(balancer.port, ip(43))).status}`);
        h.assert(
          after.every((a) => a.endsWith('429')),
          `after the limit: ${after.join(', ')}`,
        );
        return `${guesses.length} × 401 round-robin over ${INSTANCES} instances, then ${after.join(', ')}`;
      },
    );

    await h.check(tag('the per-IP login limit counts the client behind nginx (TRUST_PROXY)'), async () => {
      const attempt = (from: string, headers: Record<string, string> = {}) =>
        send(balancer.port, 'POST', '/api/users/login', {
          from,
          headers,
          body: { email: `nobody-${randomUUID().slice(0, 8)}@test.io`, password: 'wrong-password' },
        });
      const statuses: number[] = [];
      const [limited, fresh] = [ip(2), ip(3)];
      for (let i = 0; i <= LOGIN_PER_IP; i += 1) statuses.push((await attempt(limited)).status);
      const expected = [...Array(LOGIN_PER_IP).fill(401), 429].join();
      h.assert(statuses.join() === expected, `${limited} got ${statuses.join(', ')}, expected ${expected}`);
      const spoofed = await attempt(limited, { 'x-forwarded-for': '203.0.113.9' });
      const other = await attempt(fresh);
      h.assert(spoofed.status === 429, `${limited} claiming to be 203.0.113.9 → ${spoofed.status}`);
      h.assert(other.status === 401, `${fresh}, a client of its own → ${other.status}`);
      return (
        `${limited} through nginx: ${LOGIN_PER_IP} × 401 then 429; with its own X-Forwarded-For ` +
        `still 429; ${fresh}: 401 (its own count)`
      );
    });

    // Users for the load, each with a log and a weight and a pace exercise, made through nginx.
    const ledger: Write[] = [];
    let seq = 0;
    const marker = () => `${run} ${(seq += 1)}`;
    async function create(
      user: Pick<User, 'cookie'>,
      from: string,
      table: Write['table'],
      path: string,
      body: Record<string, unknown>,
      mark: string,
    ): Promise<Answer | null> {
      const entry: Write = {
        table,
        marker: mark,
        ackedId: null,
        refused: null,
        attempts: 0,
        failures: [],
        replayedOnRetry: false,
      };
      ledger.push(entry);
      const key = randomUUID();
      const result = await createWithRetries(balancer.port, path, body, {
        cookie: user.cookie,
        key,
        from,
        deadline: Date.now() + WRITE_DEADLINE_MS,
        firstTimeoutMs: Math.random() < IMPATIENT ? 5 + Math.random() * 60 : undefined,
      });
      Object.assign(entry, {
        attempts: result.attempts,
        failures: result.failures,
        replayedOnRetry: result.replayedOnRetry,
      });
      if (result.answer?.status !== 201) {
        entry.refused = result.answer ? `${result.answer.status} ${result.answer.text.slice(0, 160)}` : null;
        return null;
      }
      entry.ackedId = result.answer.json._id;
      // Now and then the client "lost" the answer and sends the same request again: it must get
      // the same row back, marked as replayed, from whichever instance nginx picks.
      if (Math.random() < 0.05) {
        const again = await createWithRetries(balancer.port, path, body, {
          cookie: user.cookie,
          key,
          from,
          deadline: Date.now() + WRITE_DEADLINE_MS,
        });
        replays.checked += 1;
        if (
          again.answer?.status !== 201 ||
          again.answer.json?._id !== entry.ackedId ||
          again.answer.headers['idempotent-replayed'] !== 'true'
        )
          replays.problems.push(
            `${table} ${mark}: again → ${again.answer?.status} ${again.answer?.json?._id} ` +
              `replayed=${again.answer?.headers['idempotent-replayed']} (first ${entry.ackedId})`,
          );
      }
      return result.answer;
    }
    const replays = { checked: 0, problems: [] as string[] };
    const reads = { ok: 0, failed: [] as string[] };

    async function newExercise(user: User, from: string, kind: Exercise['kind']) {
      const mark = `Fleet ${marker()}`;
      const answer = await create(
        user,
        from,
        'exercises',
        `/api/logs/${enc(user.slugLog)}/exercises`,
        {
          title: mark,
          session: kind,
        },
        mark,
      );
      if (answer)
        user.exercises.push({
          path: `/api/logs/${enc(user.slugLog)}/exercises/${enc(answer.json.slugExercise)}`,
          kind,
        });
    }

    const users: User[] = [];
    const loadOk = await h.check(
      tag(`kill -9 one of ${INSTANCES} instances mid-load: every acknowledged write there exactly once`),
      async () => {
        for (let i = 0; i < USERS; i += 1) {
          const email = `fleet-${run}-${i}@test.io`;
          const password = `password-${run}-${i}`;
          const registered = await send(balancer.port, 'POST', '/api/users', {
            body: { username: `Fleet ${i}`, email, password },
          });
          h.assert(registered.status === 201, `register → ${registered.status} ${registered.text}`);
          const user: User = { email, password, cookie: cookieOf(registered), slugLog: '', exercises: [] };
          const title = `Fleet log ${marker()}`;
          const log = await create(user, ip(1), 'logs', '/api/logs', { title }, title);
          h.assert(log, `creating ${title} failed`);
          user.slugLog = log.json.slugLog;
          await newExercise(user, ip(1), 'wlsession');
          await newExercise(user, ip(1), 'pasession');
          h.assert(user.exercises.length === 2, 'the setup exercises were not created');
          users.push(user);
        }

        let stop = false;
        const began = Date.now();
        async function writer(w: number) {
          const user = users[w % users.length];
          const from = ip(100 + w);
          for (let i = 0; i < 5000 && !stop; i += 1) {
            const r = Math.random();
            if (r < 0.1) {
              try {
                const page = await send(balancer.port, 'GET', `${pick(user.exercises).path}?limit=24`, {
                  cookie: user.cookie,
                  from,
                });
                if (page.status === 200) reads.ok += 1;
                else reads.failed.push(String(page.status));
              } catch (error) {
                reads.failed.push((error as { code?: string }).code ?? 'ERROR');
              }
            } else if (r < 0.16) {
              if (user.exercises.length < 12)
                await newExercise(user, from, Math.random() < 0.5 ? 'wlsession' : 'pasession');
            } else if (r < 0.19) {
              const title = `Fleet log ${marker()}`;
              await create(user, from, 'logs', '/api/logs', { title }, title);
            } else {
              const exercise = pick(user.exercises);
              const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 300) * 86_400_000);
              const createdDate = day.toISOString().slice(0, 10);
              const notes = `fleet ${marker()}`;
              const body =
                exercise.kind === 'wlsession'
                  ? { createdDate, set: [{ repetitions: 5, kilograms: 100, isHard: true }], notes }
                  : { createdDate, time: { hours: 0, minutes: 30, seconds: 0 }, distance: 5, notes };
              const segment = exercise.kind === 'wlsession' ? 'wlsessions' : 'pasessions';
              await create(user, from, 'sessions', `${exercise.path}/${segment}`, body, notes);
            }
          }
        }
        const writers = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

        const victim = Math.floor(Math.random() * INSTANCES);
        const killed = servers[victim];
        let writesBeforeKill = 0;
        let killedAt = 0;
        let backMs = 0;
        try {
          await sleep(KILL_AFTER_MS);
          writesBeforeKill = ledger.length;
          killedAt = Date.now();
          killed.proc.kill('SIGKILL');
          await killed.exited;
          servers[victim] = spawnServer(store, killed.port, env);
          await waitHealthy(servers[victim]);
          backMs = Date.now() - killedAt;
          await sleep(LOAD_AFTER_RESTART_MS);
        } finally {
          stop = true;
          await writers;
        }
        const seconds = (Date.now() - began) / 1000;

        // What PostgreSQL holds for each marker.
        const client = new pg.Client({ connectionString: store.url });
        await client.connect();
        const rows = new Map<string, string[]>();
        try {
          const like = `%${run}%`;
          const found = await client.query<{ t: string; marker: string; id: string }>(
            `select 'sessions' as t, notes as marker, id::text from sessions where notes like $1
             union all select 'exercises', title, id::text from exercises where title like $1
             union all select 'logs', title, id::text from logs where title like $1`,
            [like],
          );
          for (const row of found.rows) {
            const k = `${row.t}|${row.marker}`;
            rows.set(k, [...(rows.get(k) ?? []), row.id]);
          }
        } finally {
          await client.end();
        }

        const acked = ledger.filter((w) => w.ackedId);
        const gaveUp = ledger.filter((w) => !w.ackedId && !w.refused);
        const refused = ledger.filter((w) => w.refused);
        const known = new Set(ledger.map((w) => `${w.table}|${w.marker}`));
        let found = 0;
        let duplicated = 0;
        const problems: string[] = [];
        for (const w of acked) {
          const ids = rows.get(`${w.table}|${w.marker}`) ?? [];
          if (ids.length === 1 && ids[0] === w.ackedId) found += 1;
          else if (ids.length === 0)
            problems.push(`${w.table} "${w.marker}" acknowledged as ${w.ackedId} is missing`);
          else if (!ids.includes(w.ackedId!))
            problems.push(`${w.table} "${w.marker}": rows ${ids}, acknowledged ${w.ackedId}`);
        }
        for (const [k, ids] of rows) {
          duplicated += ids.length - 1;
          if (ids.length > 1) problems.push(`${k.replace('|', ' "')}" is there ${ids.length} times`);
          if (!known.has(k)) problems.push(`${k} matches no write`);
        }
        const committedUnacked = gaveUp.filter((w) => rows.has(`${w.table}|${w.marker}`)).length;

        const attempts = ledger.flatMap((w) => w.failures);
        const errors = attempts.filter((f) => f !== 'impatient');
        const impatient = attempts.length - errors.length;
        const retried = ledger.filter((w) => w.attempts > 1);
        const replayed = ledger.filter((w) => w.replayedOnRetry).length;
        const access = balancer.accessLog();
        const failedOver = access.filter((e) => e.upstreams.length > 1);
        const victimPort = killed.port;
        const rejoined = access.find(
          (e) =>
            e.at > killedAt + backMs - 100 &&
            e.upstreams.at(-1) &&
            portOf(e.upstreams.at(-1)!) === victimPort,
        );
        const served = ports.map(
          (p, i) =>
            `${i + 1}: ${access.filter((e) => e.upstreams.at(-1) && portOf(e.upstreams.at(-1)!) === p).length}`,
        );
        const fiveHundreds = attempts.filter((f) => f === '500');
        const errorLines = servers.flatMap((s) =>
          s
            .output()
            .split('\n')
            .filter((line) => /"level":(50|60)/.test(line)),
        );

        h.assert(
          problems.length === 0,
          `the database does not match the acknowledged writes:\n      ${problems.slice(0, 10).join('\n      ')}`,
        );
        h.assert(duplicated === 0, `${duplicated} rows duplicated`);
        h.assert(
          gaveUp.length === 0,
          `${gaveUp.length} writes were never acknowledged (${committedUnacked} of them committed)`,
        );
        h.assert(
          refused.length === 0,
          `writes refused:\n      ${refused
            .slice(0, 5)
            .map((w) => w.refused)
            .join('\n      ')}`,
        );
        h.assert(
          replays.problems.length === 0,
          `replays:\n      ${replays.problems.slice(0, 5).join('\n      ')}`,
        );
        h.assert(
          fiveHundreds.length === 0,
          `${fiveHundreds.length} answers were 500; the instances' errors:\n      ${errorLines.slice(0, 3).join('\n      ')}`,
        );
        h.assert(
          errorLines.length === 0,
          `the instances logged errors:\n      ${errorLines.slice(0, 3).join('\n      ')}`,
        );
        h.assert(errors.length + failedOver.length > 0, 'no request met the kill: the check proved nothing');
        h.assert(rejoined, `the restarted instance (port ${victimPort}) took no traffic through nginx`);

        const figures =
          `${seconds.toFixed(0)} s of load by ${WRITERS} clients over ${USERS} accounts; ` +
          `instance ${victim + 1} killed after ${(KILL_AFTER_MS / 1000).toFixed(1)} s ` +
          `(${writesBeforeKill} writes sent by then), healthy again ` +
          `${backMs} ms after the kill, served through nginx again ${rejoined.at - killedAt} ms after it; ` +
          `writes acknowledged ${acked.length} (${tally(acked.map((w) => w.table))}), found ${found}, ` +
          `duplicated ${duplicated}; writes retried by their client ${retried.length} ` +
          `(${replayed} answered by the kept answer of an attempt whose answer was lost), ` +
          `errors seen by clients ${errors.length}${errors.length ? ` (${tally(errors)})` : ''} ` +
          `besides ${impatient} first attempts given up after 5-65 ms on purpose, ` +
          `requests nginx failed over ${failedOver.length}; ` +
          `${replays.checked} deliberate resends answered with the same row; ` +
          `${reads.ok} page reads ok, ${reads.failed.length} failed${reads.failed.length ? ` (${tally(reads.failed)})` : ''}; ` +
          `requests per instance ${served.join(', ')}`;
        return figures;
      },
    );

    await h.check(tag('after the restart: sign-ins and limits held on every instance'), async () => {
      h.assert(users.length > 0 || !loadOk, 'no users from the load step');
      const notes: string[] = [];
      // Cookies given out through nginx before the kill work on every instance, the restarted one included.
      for (const [i, user] of users.entries()) {
        for (const [n, port] of ports.entries()) {
          const me = await send(port, 'GET', '/api/users/profile', { cookie: user.cookie });
          h.assert(
            me.status === 200 && me.json?.email === user.email,
            `user ${i}'s cookie on instance ${n + 1} → ${me.status}`,
          );
        }
      }
      notes.push(`${users.length} cookies from before the kill → 200 on all ${INSTANCES} instances`);
      // A sign-in on one instance is a sign-in on the others.
      if (users.length) {
        const [user] = users;
        const login = await send(ports[0], 'POST', '/api/users/login', {
          from: ip(5),
          body: { email: user.email, password: user.password },
        });
        h.assert(login.status === 200, `login on instance 1 → ${login.status} ${login.text}`);
        const cookie = cookieOf(login);
        const on = [];
        for (const port of [...ports.slice(1), balancer.port]) {
          on.push((await send(port, 'GET', '/api/users/profile', { cookie })).status);
        }
        h.assert(
          on.every((s) => s === 200),
          `a cookie from instance 1 on instances 2, 3 and nginx → ${on}`,
        );
        notes.push(`a sign-in on instance 1 → 200 on instances 2, 3 and through nginx`);
      }
      // The account locked before the kill is still locked, on every instance, even for its own password.
      const locked: string[] = [];
      for (const [n, port] of ports.entries()) {
        const answer = await send(port, 'POST', '/api/users/login', {
          from: ip(50 + n),
          body: { email: lockedEmail, password: lockedPassword },
        });
        locked.push(`${n + 1}: ${answer.status}`);
      }
      h.assert(
        locked.every((s) => s.endsWith('429')),
        `the locked account's right password → ${locked.join(', ')}`,
      );
      notes.push(
        `the account locked before the kill: its right password → 429 on instances ${locked.join(', ')}`,
      );
      // The per-IP count of the limited client outlived the kill: 429 from every instance nginx sends it to.
      const byUpstream = new Map<number, number>();
      for (let i = 0; i < 9 && byUpstream.size < INSTANCES; i += 1) {
        const answer = await send(balancer.port, 'POST', '/api/users/login', {
          from: ip(2),
          body: { email: `nobody-${randomUUID().slice(0, 8)}@test.io`, password: 'wrong-password' },
        });
        byUpstream.set(portOf(String(answer.headers['x-upstream'] ?? '')), answer.status);
      }
      const perIp = [...byUpstream].map(([port, status]) => `${ports.indexOf(port) + 1}: ${status}`);
      h.assert(
        [...byUpstream.values()].every((s) => s === 429) && byUpstream.size === INSTANCES,
        `${ip(2)} through nginx → ${perIp.join(', ')}`,
      );
      notes.push(`${ip(2)}'s per-IP count through nginx → 429 from instances ${perIp.sort().join(', ')}`);
      return notes.join('; ');
    });
  } finally {
    const exits = await Promise.all(servers.map((s) => stopServer(s)));
    if (fleet.lb) await fleet.lb.stop();
    if (servers.length) {
      await h.check(
        tag('the database after the fleet: no orphan, nothing half-written; exit 0'),
        async () => {
          const client = new pg.Client({ connectionString: store.url });
          await client.connect();
          try {
            const { problems, counts } = await databaseProblems(
              async (text) => (await client.query(text)).rows,
            );
            h.assert(problems.length === 0, problems.join('\n      '));
            h.assert(
              exits.every((e) => e.code === 0),
              `the instances exited with ${exits.map((e) => e.code ?? e.signal).join(', ')}`,
            );
            return `${counts}; the ${INSTANCES} instances stopped with exit 0`;
          } finally {
            await client.end();
          }
        },
      );
    }
    await own?.drop();
  }
}
