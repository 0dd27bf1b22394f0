/**
 * `npm run bench` (full, about 12 minutes) and `npm run bench -- --quick` (about a minute).
 * Seeds PostgreSQL (and PGlite) in bulk, runs the app server as a child process, loads it with
 * autocannon from this process, measures the floors and the machine's speed in the same run, then
 * prints one table and every budget (bench/report.ts BUDGETS). See docs/benchmarks.md.
 *
 * Options: --quick, --engines=postgres,pglite, --scales=10000,1000000, --pglite-scale=N,
 *          --seconds=S, --rounds=N, --no-web, --no-lighthouse, --lighthouse (in quick mode),
 *          --lighthouse-runs=N (runs per page, scored by the median of their scores; 5, quick 1),
 *          --pages=/,/login,/logs,exercise,workout,routine,history,day,workout-screen (the web
 *          pages: Lighthouse's eight and the workout screen's Done tick; all by default),
 *          --no-reads (seed, but skip the regular loads), --no-heavy (skip the heavy history),
 *          --heavy (in quick mode),
 *          --keep-bodies (autocannon decodes every answer's body, as it does by default).
 * Env: BENCH_DATABASE_URL (default postgres://workout:workout@127.0.0.1:5432/workout_bench;
 *      the database is dropped and recreated).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../src/server/lib/passwords';
import { skipResponseBodies } from './autocannon-bodies';
import {
  BENCH_PASSWORD,
  EXERCISES,
  exercisePath,
  HEAVY_SESSIONS,
  LOGS,
  SESSIONS_PER_EXERCISE,
  SESSIONS_PER_USER,
  sessionDate,
  sessionToken,
  userEmail,
  userId,
  usersForScale,
  workoutId,
} from './dataset';
import { type LoadResult, mergeResults, type RequestSpec, runLoad } from './load';
import {
  endLoadAverage,
  helloReqPerSec,
  machineBasics,
  type MachineSpeed,
  measureBenchmarkIndex,
} from './machine';
import { freePort, ROOT, type ServerProcess, startServer } from './proc';
import {
  type Budget,
  type BudgetContext,
  type Engine,
  evaluateBudgets,
  formatBudgets,
  formatSummary,
  formatTable,
  GYM_READS,
  MEASURED_READS,
  PHONE_READS,
  machineLine,
  type Part,
  READS,
  type Row,
  scaleLabel,
  type WebResult,
} from './report';
import { appScenarios, floorScenarios, heavyScenarios, type Population, type Scenario } from './scenarios';
import { openTarget, recreatePostgresDatabase, seedHeavyAccount, seedUsers } from './seed';
import { buildWeb, firstVisitJs, lighthouse, removeDir, type SignedIn, webUnavailable } from './web';
import { prepareWorkoutScreen, workoutScreenTicks } from './workout-screen';
import { startArgs } from '../scripts/start-command.mjs';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const numbers = (text: string | undefined) => text?.split(',').map((s) => Number(s.replace(/_/g, '')));

const quick = flag('quick');
const settings = {
  quick,
  engines: (option('engines')?.split(',') ?? (quick ? ['postgres'] : ['postgres', 'pglite'])) as Engine[],
  scales: (numbers(option('scales')) ?? (quick ? [2_400, 24_000] : [10_000, 1_000_000])).sort(
    (a, b) => a - b,
  ),
  pgliteScale: Number(option('pglite-scale') ?? (quick ? 2_400 : 10_000)),
  seconds: Number(option('seconds') ?? (quick ? 0.8 : 10)),
  warmupSeconds: quick ? 0.5 : 1,
  /** Slices per load, interleaved with the other loads of its group. */
  rounds: Number(option('rounds') ?? (quick ? 1 : 3)),
  /** PGlite restarts its processes every round: fewer, longer slices. */
  pgliteRounds: Number(option('rounds') ?? (quick ? 1 : 2)),
  connections: 50,
  web: !flag('no-web'),
  lighthouse: quick ? flag('lighthouse') : !flag('no-lighthouse'),
  /** Lighthouse runs per page; the median of their scores is the page's (bench/web.ts). */
  lighthouseRuns: Number(option('lighthouse-runs') ?? (quick ? 1 : 5)),
  /**
   * Web pages by path ('exercise', 'workout', 'routine', 'history' and 'day' = an exercise page, a
   * workout's page, a log's routines, History and a day of it; 'workout-screen' = the Done tick
   * on the workout screen); all by default.
   */
  pages: option('pages')?.split(','),
  reads: !flag('no-reads'),
  heavy: quick ? flag('heavy') : !flag('no-heavy'),
  /** Seconds of bare Fastify load that measure the machine, at the start and at the end. */
  helloSeconds: 3,
  /** Samples of Lighthouse's CPU benchmark (bench/machine.ts), for the header: the machine's speed. */
  benchmarkSamples: 9,
  /** autocannon's default: every response body decoded into a string (bench/autocannon-bodies.ts). */
  keepBodies: flag('keep-bodies'),
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://workout:workout@127.0.0.1:5432/workout_bench',
};

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const say = (text: string) => process.stderr.write(`[bench ${elapsed()}] ${text}\n`);

const rows: Row[] = [];
/** Scales at which each engine's part of the bench ran (bench/report.ts BudgetContext). */
const ran: BudgetContext['ran'] = {};
const markRan = (engine: Engine, part: Part, scale: number) => {
  ran[`${engine}:${part}`] = [...(ran[`${engine}:${part}`] ?? []), scale].sort((a, b) => a - b);
};
/** PostgreSQL backends of the bench database (app and floor pools), for their CPU time. */
let dbPids: () => Promise<number[] | undefined> = async () => undefined;
const salt = randomBytes(8).toString('hex');

/** Env for a server child: only what we set decides the database. */
function serverEnv(
  database: { url?: string; dataDir?: string },
  port: number,
  extra: NodeJS.ProcessEnv = {},
) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.NODE_ENV;
  return {
    ...env,
    ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The login burst signs in 20 times a second from one IP: the limits must not answer 429.
    RATE_LIMIT_LOGIN_PER_IP: '1000000000',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '1000000000',
    // The create runs thousands of writes a second for a few accounts: counted, never refused.
    RATE_LIMIT_WRITES_PER_USER: '1000000000',
    ...extra,
  };
}

const idleRss: Record<string, number> = {};

async function startApp(database: { url?: string; dataDir?: string }): Promise<ServerProcess> {
  const port = await freePort();
  const server = await startServer({
    name: 'app server',
    // Exactly what `npm start` runs (its node flags too), without the web build.
    script: 'scripts/start.mjs',
    nodeArgs: startArgs().slice(0, -1),
    env: serverEnv(database, port, { SKIP_WEB_BUILD: '1' }),
    port,
    healthPath: '/api/health',
  });
  const engine = database.url ? 'PostgreSQL' : 'PGlite';
  if (server.idleRssMb && !idleRss[engine]) {
    idleRss[engine] = Math.round(server.idleRssMb);
    say(`app server on ${engine}: ${idleRss[engine]} MB RSS idle, after start-up`);
  }
  return server;
}

async function startFloor(database: { url?: string; dataDir?: string }): Promise<ServerProcess> {
  const port = await freePort();
  return startServer({
    name: 'floor server',
    script: 'bench/floor-server.ts',
    env: serverEnv(database, port),
    port,
    healthPath: '/floor/health',
  });
}

/** One request checked by hand before the load, so a fast error cannot pass for a figure. */
async function check(server: ServerProcess, scenario: Scenario): Promise<string | null> {
  const spec: RequestSpec = scenario.next();
  const headers = { ...spec.headers };
  delete headers['accept-encoding'];
  try {
    const response = await fetch(server.url + spec.path, { method: spec.method, headers, body: spec.body });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    if (response.status !== scenario.expectStatus) {
      return `${spec.method} ${spec.path} answered ${response.status} ${text.slice(0, 160)}`;
    }
    return scenario.check(response.status, body);
  } catch (error) {
    return `${spec.method} ${spec.path} failed: ${(error as Error).message}`;
  }
}

interface RowOptions {
  engine: Engine;
  scale: number;
  key?: string;
  label?: string;
  note?: string;
  /** The larger scale this load is the scaling base for (Row.baseFor). */
  baseFor?: number;
}

function newRow(scenario: Scenario, o: RowOptions): Row {
  const row: Row = {
    key: o.key ?? scenario.key,
    endpoint: o.label ?? scenario.label,
    engine: o.engine,
    scale: o.scale,
    note: o.note,
    baseFor: o.baseFor,
  };
  rows.push(row);
  return row;
}

/** A load that can run in slices: each slice answers one result per row. */
interface Item {
  rows: Row[];
  slice(seconds: number, sample: boolean): Promise<LoadResult[]>;
}

/**
 * A plain load of one scenario, or null (and the row marked) when its check fails.
 * `overallRate` fixes the offered load; unbounded otherwise.
 */
async function loadItem(
  server: ServerProcess,
  scenario: Scenario,
  o: RowOptions & { overallRate?: number; connections?: number },
): Promise<Item | null> {
  const row = newRow(scenario, o);
  const problem = await check(server, scenario);
  if (problem) {
    row.error = problem;
    say(`${row.endpoint}: ${problem}`);
    return null;
  }
  return {
    rows: [row],
    slice: async (seconds, sample) => [
      await runLoad({
        url: server.url,
        next: () => scenario.next(),
        expectStatus: scenario.expectStatus,
        connections: o.connections ?? settings.connections,
        overallRate: o.overallRate,
        seconds,
        pid: sample ? server.pid : undefined,
        dbPids: sample ? dbPids : undefined,
      }),
    ],
  };
}

/**
 * Runs the items round-robin in `settings.rounds` slices each (a warm-up slice first), so slow
 * drifts of a shared machine's background load hit the app and its floor alike; each row's
 * result merges its slices.
 */
async function runInterleaved(items: Array<Item | null>, rounds = settings.rounds) {
  const live = items.filter((i): i is Item => i !== null);
  const parts = live.map((item) => item.rows.map((): LoadResult[] => []));
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, item] of live.entries()) {
      if (round === 0) await item.slice(settings.warmupSeconds, false);
      const results = await item.slice(settings.seconds / rounds, true);
      results.forEach((r, k) => parts[i][k].push(r));
    }
  }
  live.forEach((item, i) =>
    item.rows.forEach((row, k) => {
      row.result = mergeResults(parts[i][k]);
      row.sliceP50s = parts[i][k].map((r) => r.p50);
      report(row);
    }),
  );
}

function report(row: Row) {
  const r = row.result as LoadResult;
  const bad = r.bad + r.errors ? `  BAD ${r.bad + r.errors} ${JSON.stringify(r.statusCodes)}` : '';
  say(
    `${(row.endpoint + (row.note ? ` (${row.note})` : '')).padEnd(32)} ${row.engine.padEnd(8)} ${scaleLabel(row.scale).padStart(4)} ` +
      `${Math.round(r.reqPerSec).toString().padStart(6)} req/s  p50 ${r.p50.toFixed(1)}  p99 ${r.p99.toFixed(1)} ms  ` +
      `RSS ${Math.round(r.rssPeakMb ?? 0)} MB${bad}`,
  );
}

const FLOOR_OF: Record<string, string> = {
  'floor-insert': 'insert floor',
  'floor-insert-workout': 'workout insert floor',
};

function ratio(row: Row | undefined, floor: Row | undefined) {
  if (row?.result && floor?.result && floor.result.reqPerSec > 0) {
    row.ratio = row.result.reqPerSec / floor.result.reqPerSec;
    row.floor = FLOOR_OF[floor.key] ?? 'SQL floor';
  }
}

/**
 * A write's p99 unit: the p99 of its own insert floor in the same run (the workout create's,
 * bench/report.ts CREATE_P99_VS_FLOOR), where a read's is the one-statement floor's.
 */
function p99Unit(row: Row | undefined, floor: Row | undefined) {
  if (row?.result && floor?.result) {
    row.floorP99 = floor.result.p99;
    row.p99Floor = FLOOR_OF[floor.key];
  }
}

/**
 * The second reference of the reads: the one-statement floor. Its throughput ratio is reported;
 * its p99 is the unit of the reads' p99 budgets (bench/report.ts P99_VS_FLOOR).
 */
function ratioOne(row: Row | undefined, floor: Row | undefined) {
  if (row?.result && floor?.result && floor.result.reqPerSec > 0) {
    row.ratioOne = row.result.reqPerSec / floor.result.reqPerSec;
    row.floorP99 = floor.result.p99;
  }
}

const rowOf = (item: Item | null) => item?.rows[0];

/**
 * A second database with only the smallest scale's accounts, and an app and a floor server on
 * it, kept while the largest scale runs: each scaling ratio compares two loads run in alternate
 * slices (docs/benchmarks.md "Scaling, measured side by side").
 */
interface Base {
  scale: number;
  pop: Population;
  app: ServerProcess;
  floor: ServerProcess;
}

/** Keys whose p50 scaling is judged (bench/report.ts BUDGETS), and the raw-SQL floor's for reference. */
const SCALING_KEYS = [...READS, ...GYM_READS];

/** The base's loads for `scale`'s run, by the key of the load each alternates with. */
async function baseItems(base: Base, engine: Engine, scale: number): Promise<Map<string, Item | null>> {
  const o = { engine, scale: base.scale, baseFor: scale, note: `base for @${scaleLabel(scale)}` };
  const app = appScenarios(base.pop);
  const out = new Map<string, Item | null>();
  out.set(
    'floor-exercise',
    await loadItem(base.floor, floorScenarios(base.pop).exercise, { ...o, key: 'floor-exercise' }),
  );
  for (const key of SCALING_KEYS) out.set(key, await loadItem(base.app, app[key], o));
  return out;
}

/**
 * Every load of one engine at one scale. With a floor server beside the app (PostgreSQL), the
 * reads interleave with their floor and the create with the insert floor.
 */
async function measureScale(
  engine: Engine,
  scale: number,
  pop: Population,
  servers: { app: ServerProcess; floor: ServerProcess },
  extras: { jsonFloor: boolean; burst: boolean; identity: boolean; base?: Base },
) {
  const app = appScenarios(pop);
  const floorSc = floorScenarios(pop);
  const o = { engine, scale };
  const json = extras.jsonFloor
    ? await loadItem(servers.floor, floorSc.json, { ...o, key: 'floor-json' })
    : null;
  const sqlFloor = await loadItem(servers.floor, floorSc.exercise, { ...o, key: 'floor-exercise' });
  const oneFloor = await loadItem(servers.floor, floorSc.exerciseOne, { ...o, key: 'floor-exercise-one' });
  const reads = [];
  for (const key of [...READS, ...GYM_READS, ...PHONE_READS, ...MEASURED_READS])
    reads.push(await loadItem(servers.app, app[key], o));
  if (extras.identity) {
    const plain = appScenarios({ ...pop, compressed: false });
    reads.push(
      await loadItem(servers.app, plain.exercise, { ...o, key: 'exercise-identity', note: 'no compression' }),
    );
  }
  // The scaling ratios' base: the same reads on the smallest scale's data, each load right after
  // its counterpart here, so both sides of a ratio share the machine's state of that moment.
  const bases = extras.base ? await baseItems(extras.base, engine, scale) : new Map<string, Item | null>();
  const paired = (item: Item | null) => [item, bases.get(rowOf(item)?.key ?? '') ?? null];
  await runInterleaved([json, ...paired(sqlFloor), oneFloor, ...reads.flatMap(paired)]);
  for (const item of reads) {
    ratio(rowOf(item), rowOf(sqlFloor));
    ratioOne(rowOf(item), rowOf(oneFloor));
  }

  if (extras.burst) await loginBurst(servers.app, app, o);

  const create = await loadItem(servers.app, app.create, o);
  const insertFloor = await loadItem(servers.floor, floorSc.insert, { ...o, key: 'floor-insert' });
  await runInterleaved([insertFloor, create]);
  ratio(rowOf(create), rowOf(insertFloor));

  const createWorkout = await loadItem(servers.app, app.createWorkout, o);
  const workoutFloor = await loadItem(servers.floor, floorSc.insertWorkout, {
    ...o,
    key: 'floor-insert-workout',
  });
  await runInterleaved([workoutFloor, createWorkout]);
  ratio(rowOf(createWorkout), rowOf(workoutFloor));
  p99Unit(rowOf(createWorkout), rowOf(workoutFloor));
}

/**
 * GET /api/logs at a fixed offered load (half of what it sustained at saturation, over 50
 * connections), alone and with 20 logins/s (argon2id) beside it, interleaved. A fixed rate
 * measures stalls; a saturating load would only measure the CPU the hashing takes.
 */
async function loginBurst(
  server: ServerProcess,
  app: Record<string, Scenario>,
  o: { engine: Engine; scale: number },
) {
  const saturated = rows.find(
    (r) => r.key === 'logs' && r.engine === o.engine && r.scale === o.scale,
  )?.result;
  if (!saturated) return;
  const rate = Math.max(50, Math.round(saturated.reqPerSec / 2));
  const note = `${rate} req/s offered`;
  const label = 'GET /api/logs, no logins';
  const quiet = await loadItem(server, app.logs, {
    ...o,
    key: 'burst-quiet',
    label,
    note,
    overallRate: rate,
  });
  const logsRow = newRow(app.logs, { ...o, key: 'burst-logins', label: 'GET /api/logs + 20 logins/s', note });
  const loginRow = newRow(app.login, { ...o, note: '20/s offered' });
  const problem = await check(server, app.login);
  if (problem) {
    loginRow.error = problem;
    logsRow.error = 'login check failed';
    say(`login: ${problem}`);
    return;
  }
  const burst: Item = {
    rows: [logsRow, loginRow],
    slice: (seconds, sample) =>
      Promise.all([
        runLoad({
          url: server.url,
          next: () => app.logs.next(),
          expectStatus: 200,
          connections: settings.connections,
          overallRate: rate,
          seconds,
          pid: sample ? server.pid : undefined,
          dbPids: sample ? dbPids : undefined,
        }),
        runLoad({
          url: server.url,
          next: () => app.login.next(),
          expectStatus: 200,
          connections: 10,
          overallRate: 20,
          seconds,
        }),
      ]),
  };
  await runInterleaved([quiet, burst]);
}

/** The heavy account's population: its cookie is derived from the same salt as everyone's. */
const heavyPop: Population = { users: 0, salt, compressed: true };

/**
 * Waits until /api/health answers within 100 ms (60 s at most): a heavy load that outlasted its
 * slice leaves requests behind, and the next load must not measure them.
 */
async function drain(server: ServerProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const sent = performance.now();
    try {
      await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(30_000) });
    } catch {
      // still busy, or restarting: ask again
    }
    if (performance.now() - sent < 100) return;
  }
}

/**
 * Light requests beside heavy ones (docs/benchmarks.md "Heavy histories"): /api/health and
 * /api/config at 20 req/s each while one client reads the heavy exercise's progress and records
 * in turn and another exports the heavy account, for `settings.seconds`.
 */
async function heavyStall(server: ServerProcess, o: { engine: Engine; scale: number }) {
  const h = heavyScenarios(heavyPop);
  const loads = [
    { scenario: h.health, connections: 5, overallRate: 20, note: '20 req/s offered' },
    { scenario: h.config, connections: 5, overallRate: 20, note: '20 req/s offered' },
    { scenario: h.reader, connections: 1, note: 'one client' },
    { scenario: h.export, connections: 1, note: 'one client' },
  ].map((load) => ({ ...load, row: newRow(load.scenario, { ...o, note: load.note }) }));
  for (const { scenario, row } of loads) {
    row.error = (await check(server, scenario)) ?? undefined;
    if (row.error) say(`${row.endpoint}: ${row.error}`);
  }
  if (loads.some((l) => l.row.error)) return;
  const results = await Promise.all(
    loads.map(({ scenario, connections, overallRate }, i) =>
      runLoad({
        url: server.url,
        next: () => scenario.next(),
        expectStatus: scenario.expectStatus,
        connections,
        overallRate,
        seconds: settings.seconds,
        timeoutSeconds: 60,
        pid: i === 0 ? server.pid : undefined,
      }),
    ),
  );
  loads.forEach(({ row }, i) => {
    row.result = results[i];
    report(row);
  });
  await drain(server);
}

/**
 * The heavy exercise's records at 50 connections, as every read is measured (interleaved with
 * `floor` when given, whose p99 is then the budget's unit; otherwise the caller sets it), and
 * alone on one connection for what one request costs. Timeouts are long: today's code answers in
 * seconds, and a figure says more than a count of timeouts.
 */
async function heavyRecords(
  server: ServerProcess,
  o: { engine: Engine; scale: number },
  floor: ServerProcess | null,
): Promise<Row | undefined> {
  const h = heavyScenarios(heavyPop);
  const alone = newRow(h.records, { ...o, key: 'heavy-records-alone', note: 'one connection' });
  alone.error = (await check(server, h.records)) ?? undefined;
  if (alone.error) {
    say(`${alone.endpoint}: ${alone.error}`);
    return undefined;
  }
  const heavyLoad = (connections: number) => ({
    url: server.url,
    next: () => h.records.next(),
    expectStatus: 200,
    connections,
    timeoutSeconds: 60,
  });
  alone.result = await runLoad({
    ...heavyLoad(1),
    seconds: Math.max(2, settings.seconds / 3),
    pid: server.pid,
  });
  report(alone);
  await drain(server);
  const row = newRow(h.records, o);
  const item: Item = {
    rows: [row],
    slice: async (seconds, sample) => {
      const result = await runLoad({
        ...heavyLoad(settings.connections),
        seconds,
        pid: sample ? server.pid : undefined,
        dbPids: sample ? dbPids : undefined,
      });
      await drain(server);
      return [result];
    },
  };
  // One round: every slice of today's code leaves a backlog to drain, and one is enough to fail.
  if (!floor) {
    await runInterleaved([item], 1);
    return row;
  }
  const pop: Population = { users: usersForScale(o.scale), salt, compressed: true };
  const oneFloor = await loadItem(floor, floorScenarios(pop).exerciseOne, {
    ...o,
    key: 'floor-exercise-one-heavy',
    note: 'beside the heavy records',
  });
  await runInterleaved([oneFloor, item], 1);
  ratioOne(row, rowOf(oneFloor));
  return row;
}

/** Base (above): the smallest scale's accounts seeded into `url` (recreated), its two servers started. */
async function startBase(url: string, passwordHash: string): Promise<Base> {
  const scale = settings.scales[0];
  const users = usersForScale(scale);
  await recreatePostgresDatabase(url);
  const database = await openTarget({ engine: 'postgres', databaseUrl: url });
  try {
    const s = await seedUsers(database, { from: 0, to: users }, passwordHash, salt, 2);
    say(`seeded ${s.sessions} sessions into ${new URL(url).pathname.slice(1)}, the scaling ratios' base`);
  } finally {
    await database.close();
  }
  const [app, floor] = await Promise.all([startApp({ url }), startFloor({ url })]);
  return { scale, pop: { users, salt, compressed: true }, app, floor };
}

async function postgresPhase(passwordHash: string) {
  const url = settings.databaseUrl;
  say(`PostgreSQL: recreating ${new URL(url).pathname.slice(1)} and migrating`);
  await recreatePostgresDatabase(url);
  const database = await openTarget({ engine: 'postgres', databaseUrl: url });
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  const baseUrl = new URL(url);
  baseUrl.pathname += '_base';
  dbPids = async () =>
    (
      await monitor.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where datname in (current_database(), $1) and backend_type = 'client backend' and pid <> pg_backend_pid()`,
        [baseUrl.pathname.slice(1)],
      )
    ).rows.map((r) => r.pid);
  let servers: { app: ServerProcess; floor: ServerProcess } | undefined;
  let base: Base | undefined;
  let seededUsers = 0;
  try {
    if (settings.reads && settings.scales.length > 1)
      base = await startBase(baseUrl.toString(), passwordHash);
    for (const [i, scale] of settings.scales.entries()) {
      const users = usersForScale(scale);
      if (users > seededUsers) {
        const s = await seedUsers(database, { from: seededUsers, to: users }, passwordHash, salt, 2);
        say(
          `seeded ${s.users} users, ${s.sessions} sessions in ${s.seconds.toFixed(1)} s (total ${users * SESSIONS_PER_USER})`,
        );
        seededUsers = users;
      }
      if (!servers) {
        const [app, floor] = await Promise.all([startApp({ url }), startFloor({ url })]);
        servers = { app, floor };
      }
      if (!settings.reads) continue;
      const pop: Population = { users, salt, compressed: true };
      await measureScale('postgres', scale, pop, servers, {
        jsonFloor: i === 0,
        burst: i === 0,
        identity: !settings.quick && i === 0,
        base: i === settings.scales.length - 1 ? base : undefined,
      });
      markRan('postgres', 'reads', scale);
    }
    if (settings.heavy && servers) {
      const scale = settings.scales[settings.scales.length - 1];
      const seconds = await seedHeavyAccount(database, passwordHash, salt);
      say(`seeded the heavy account (${HEAVY_SESSIONS} sessions in one exercise) in ${seconds.toFixed(1)} s`);
      await heavyStall(servers.app, { engine: 'postgres', scale });
      await heavyRecords(servers.app, { engine: 'postgres', scale }, servers.floor);
      markRan('postgres', 'heavy', scale);
    }
    if (settings.web) await webPhase({ url });
  } finally {
    await base?.app.stop();
    await base?.floor.stop();
    await servers?.app.stop();
    await servers?.floor.stop();
    dbPids = async () => undefined;
    await monitor.end();
    await database.close();
  }
}

async function pglitePhase(passwordHash: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-pglite-'));
  try {
    const users = usersForScale(settings.pgliteScale);
    say(`PGlite: seeding ${users * SESSIONS_PER_USER} sessions into ${dataDir}`);
    const opened = performance.now();
    const database = await openTarget({ engine: 'pglite', dataDir });
    const s = await seedUsers(database, { from: 0, to: users }, passwordHash, salt, 1);
    if (settings.heavy) await seedHeavyAccount(database, passwordHash, salt);
    await database.close();
    say(
      `seeded ${s.sessions} sessions${settings.heavy ? ` and the heavy account's ${HEAVY_SESSIONS}` : ''} ` +
        `in ${((performance.now() - opened) / 1000).toFixed(1)} s (open + insert + close)`,
    );
    const pop: Population = { users, salt, compressed: true };
    const o = { engine: 'pglite' as const, scale: users * SESSIONS_PER_USER };
    const appSc = appScenarios(pop);
    const floorSc = floorScenarios(pop);
    const appLoads = [...READS, 'create'].map((key) => ({
      scenario: appSc[key],
      row: newRow(appSc[key], o),
    }));
    const floorLoads = [
      { scenario: floorSc.exercise, row: newRow(floorSc.exercise, { ...o, key: 'floor-exercise' }) },
      { scenario: floorSc.insert, row: newRow(floorSc.insert, { ...o, key: 'floor-insert' }) },
      {
        scenario: floorSc.exerciseOne,
        row: newRow(floorSc.exerciseOne, { ...o, key: 'floor-exercise-one' }),
      },
    ];
    const parts = new Map<Row, LoadResult[]>();
    // One process per data dir: the app and the floor take turns, each round a fresh process
    // (warmed up again), so both see the same drift of the machine's background load.
    for (let round = 0; round < (settings.reads ? settings.pgliteRounds : 0); round += 1) {
      for (const [start, loads] of [
        [startApp, appLoads],
        [startFloor, floorLoads],
      ] as const) {
        const server = await start({ dataDir });
        try {
          const ready = [];
          for (const { scenario, row } of loads) {
            if (round === 0) {
              row.error = (await check(server, scenario)) ?? undefined;
              if (row.error) say(`${row.endpoint}: ${row.error}`);
            }
            if (row.error) continue;
            const load = {
              url: server.url,
              next: () => scenario.next(),
              expectStatus: scenario.expectStatus,
              connections: settings.connections,
            };
            // A fresh PGlite process is slow until its WebAssembly is compiled and its caches
            // are warm: warm every load before measuring any.
            await runLoad({ ...load, seconds: settings.warmupSeconds });
            ready.push({ row, load });
          }
          for (const { row, load } of ready) {
            const result = await runLoad({
              ...load,
              seconds: settings.seconds / settings.rounds,
              pid: server.pid,
            });
            parts.set(row, [...(parts.get(row) ?? []), result]);
          }
        } finally {
          await server.stop();
        }
      }
    }
    for (const [row, results] of parts) {
      row.result = mergeResults(results);
      report(row);
    }
    const sqlFloor = floorLoads[0].row;
    for (const { row } of appLoads) {
      ratio(row, row.key === 'create' ? floorLoads[1].row : sqlFloor);
      if (row.key !== 'create') ratioOne(row, floorLoads[2].row);
    }
    if (settings.reads) markRan('pglite', 'reads', o.scale);
    else for (const { row } of [...appLoads, ...floorLoads]) rows.splice(rows.indexOf(row), 1);
    if (settings.heavy) {
      // Each in a fresh process: a heavy load that outlasts its slice must not slow the next.
      let server = await startApp({ dataDir });
      try {
        await heavyStall(server, o);
      } finally {
        await server.stop();
      }
      let floorOne = floorLoads[2].row;
      if (!settings.reads) {
        // The records' unit, measured here when the regular loads (and their floors) did not run.
        server = await startFloor({ dataDir });
        try {
          const item = await loadItem(server, floorSc.exerciseOne, { ...o, key: 'floor-exercise-one' });
          await runInterleaved([item], 1);
          floorOne = rowOf(item) ?? floorOne;
        } finally {
          await server.stop();
        }
      }
      server = await startApp({ dataDir });
      try {
        ratioOne(await heavyRecords(server, o, null), floorOne);
      } finally {
        await server.stop();
      }
      markRan('pglite', 'heavy', o.scale);
    }
  } finally {
    removeDir(dataDir);
  }
}

const web: WebResult = {};

async function webPhase(database: { url: string }) {
  const why = webUnavailable();
  if (why) {
    web.skipped = why;
    say(`web budgets skipped: ${why}`);
    return;
  }
  say('web: vite build');
  let dir: string | undefined;
  let server: ServerProcess | undefined;
  try {
    const build = await buildWeb();
    dir = build.dir;
    web.buildSeconds = build.seconds;
    const port = await freePort();
    server = await startServer({
      name: 'web server',
      script: 'bench/web-server.ts',
      env: serverEnv(database, port, { BENCH_WEB_DIST: dir }),
      port,
      healthPath: '/api/health',
    });
    web.firstVisit = await firstVisitJs(`${server.url}/`);
    say(`web: first visit to / loads ${(web.firstVisit.gzipBytes / 1024).toFixed(1)} KB of JS (gzip)`);
    if (!settings.lighthouse) {
      web.lighthouseSkipped = 'quick mode (add --lighthouse)';
      return;
    }
    const signedInAs = (u: number): SignedIn => ({
      cookie: { name: 'sid', value: sessionToken(salt, u) },
      localStorage: {
        userInfo: JSON.stringify({
          _id: userId(u),
          username: `bench${u}`,
          email: userEmail(u),
          isAdmin: false,
        }),
      },
    });
    const signedIn = signedInAs(0);
    const exercisePage = exercisePath(0).replace('/api/logs', '/logs').replace('/exercises/', '/');
    // Push Day's newest workout and its routines (bench/seed.ts).
    const workoutPage = `/logs/${LOGS[0].slug}/workouts/${workoutId(0, 0, SESSIONS_PER_EXERCISE - 1)}`;
    const routinesPage = `/logs/${LOGS[0].slug}/routines`;
    // The newest day of Push Day's sessions (bench/dataset.ts sessionDate): a workout of its exercises.
    const dayPage = `/history/${sessionDate(
      EXERCISES.findIndex((e) => e.log === 0),
      SESSIONS_PER_EXERCISE - 1,
    )}`;
    const allPages: Array<[string, string, SignedIn | undefined, string]> = [
      ['home /', '/', undefined, '/'],
      ['/login', '/login', undefined, '/login'],
      ['/logs', '/logs', signedIn, '/logs'],
      [`exercise ${exercisePage}`, exercisePage, signedIn, 'exercise'],
      [`workout ${workoutPage}`, workoutPage, signedIn, 'workout'],
      [`routines ${routinesPage}`, routinesPage, signedIn, 'routine'],
      ['/history', '/history', signedIn, 'history'],
      [`day ${dayPage}`, dayPage, signedIn, 'day'],
    ];
    const chosen = (key: string) => !settings.pages || settings.pages.includes(key);
    const pages = allPages.filter(([, , , key]) => chosen(key));
    web.lighthouse = {};
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    for (const [name, page, session] of pages) {
      try {
        const file = `lighthouse-${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`;
        const scores = await lighthouse(
          server.url + page,
          path.join(ROOT, 'bench/results', file),
          session,
          settings.lighthouseRuns,
        );
        if (new URL(scores.finalUrl).pathname !== page) {
          throw new Error(`ended on ${new URL(scores.finalUrl).pathname}, not ${page} (signed out?)`);
        }
        web.lighthouse[name] = scores;
        say(
          `Lighthouse ${name}: perf ${scores.performance} (runs ${scores.performanceRuns.join(', ')}; ` +
            `their benchmarkIndex ${scores.benchmarkIndexes.join(', ')}, ` +
            `CPU ${scores.cpuSlowdownMultipliers.join(', ')}×: their median's ` +
            `times their main-thread CPU share ${scores.mainThreadCpuShares.join(', ')}), ` +
            `a11y ${scores.accessibility}, ` +
            `BP ${scores['best-practices']}, SEO ${scores.seo}` +
            (scores.failing.length ? `; costs: ${scores.failing.join('; ')}` : ''),
        );
      } catch (error) {
        web.lighthouse[name] = { error: (error as Error).message.split('\n')[0] };
        say(`Lighthouse ${name} failed: ${(error as Error).message}`);
      }
    }
    if (chosen('workout-screen')) await workoutScreenPhase(server.url, signedInAs(1));
  } catch (error) {
    web.skipped = `web phase failed: ${(error as Error).message.split('\n')[0]}`;
    say(web.skipped);
  } finally {
    await server?.stop();
    if (dir) removeDir(dir);
  }
}

/**
 * The Done tick on the workout screen (bench/workout-screen.ts), for account 1, and on its plain
 * page: each run at the CPU slowdown calibrated to its own browser's benchmark index, as a
 * Lighthouse run (judged: the reference phone Lighthouse's 4× stands for), and at a plain 4× (INFO).
 */
async function workoutScreenPhase(origin: string, signedIn: SignedIn) {
  web.workoutScreen = {};
  try {
    const url = origin + (await prepareWorkoutScreen(origin, signedIn));
    // The plain 4× is for reading only: at most 3 runs.
    for (const [which, rate, runs] of [
      ['calibrated', 'calibrated', settings.lighthouseRuns],
      ['plain4x', 4, Math.min(3, settings.lighthouseRuns)],
    ] as const) {
      const result = await workoutScreenTicks(url, signedIn, runs, rate);
      web.workoutScreen[which] = result;
      say(
        `workout screen at ${result.runs.map((r) => `${r.cpuSlowdownMultiplier}×`).join(', ')} CPU: ` +
          `Done → rest timer ${result.median.toFixed(1)} ms (median run's slowest tick; ` +
          `runs ${result.runs.map((r) => r.worst.toFixed(0)).join(', ')}; every tick ` +
          `${result.runs.flatMap((r) => r.ticks.map((t) => t.ms.toFixed(0))).join(' ')} ms); ` +
          `its plain page ${result.floor.toFixed(1)} ms (runs ` +
          `${result.runs.map((r) => r.floorWorst.toFixed(0)).join(', ')}; every tick ` +
          `${result.runs.flatMap((r) => r.floorTicks.map((t) => t.ms.toFixed(0))).join(' ')} ms); ` +
          `ratio ${result.ratio.toFixed(2)}× (runs ${result.runs.map((r) => r.ratio.toFixed(2)).join(', ')})`,
      );
    }
  } catch (error) {
    web.workoutScreen.error = (error as Error).message.split('\n')[0];
    say(`workout screen failed: ${(error as Error).message}`);
  }
}

/** The machine's speed before any load (docs/benchmarks.md "Comparing two runs"). */
async function machineAtStart(): Promise<MachineSpeed> {
  const basics = machineBasics();
  const hello = await helloReqPerSec(serverEnv({}, 0), settings.helloSeconds);
  const benchmarkIndex = webUnavailable()
    ? { error: webUnavailable() ?? '' }
    : await measureBenchmarkIndex(settings.benchmarkSamples).catch((error: unknown) => ({
        error: (error as Error).message.split('\n')[0],
      }));
  const machine: MachineSpeed = { ...basics, helloReqPerSec: { start: hello, end: null }, benchmarkIndex };
  say(
    `machine: bare Fastify ${hello} req/s; benchmarkIndex ` +
      ('error' in benchmarkIndex ? `unknown (${benchmarkIndex.error})` : benchmarkIndex.median) +
      `; ${basics.cores} cores; load ${basics.loadAverage.start.join(' ')}`,
  );
  return machine;
}

async function main() {
  if (!settings.keepBodies) skipResponseBodies();
  say(
    `${quick ? 'QUICK mode (small scales, short runs: indicative only)' : 'FULL mode'}; ` +
      `engines ${settings.engines.join(', ')}; scales ${settings.scales.map(scaleLabel).join(', ')} sessions` +
      (settings.engines.includes('pglite') ? `; PGlite at ${scaleLabel(settings.pgliteScale)}` : '') +
      `; ${settings.seconds} s per run at ${settings.connections} connections` +
      `; web ${settings.web ? (settings.lighthouse ? 'JS size + Lighthouse' : 'JS size, no Lighthouse') : 'off'}` +
      (settings.keepBodies ? '; autocannon keeps response bodies' : ''),
  );
  const machine = await machineAtStart();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  if (settings.engines.includes('postgres')) await postgresPhase(passwordHash);
  else if (settings.web) web.skipped = 'needs the PostgreSQL phase';
  if (settings.engines.includes('pglite')) await pglitePhase(passwordHash);
  if (!settings.web) web.skipped = '--no-web';
  machine.helloReqPerSec.end = await helloReqPerSec(serverEnv({}, 0), settings.helloSeconds).catch(
    () => null,
  );
  machine.loadAverage.end = endLoadAverage();

  const budgets: Budget[] = evaluateBudgets({ rows, engines: settings.engines, ran }, web);
  const title = quick
    ? `QUICK mode: scales ${settings.scales.map(scaleLabel).join(' and ')} (not 10k/1M), ${settings.seconds} s runs` +
      `, ${settings.engines.join(' + ')} only; budgets are indicative, the exit code ignores them`
    : `FULL mode: ${settings.seconds} s runs at ${settings.connections} connections`;
  const bodies = settings.keepBodies ? ' (--keep-bodies: autocannon decoded every response body)' : '';
  const out = [
    '',
    title + bodies,
    `app server RSS idle after start-up: ${Object.entries(idleRss)
      .map(([engine, mb]) => `${mb} MB on ${engine}`)
      .join(', ')}`,
    `machine: ${machineLine(machine)}`,
    `         ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}`,
    '',
    formatTable(rows),
    '',
    formatBudgets(budgets),
    '',
    formatSummary(machine, web, budgets),
    '',
  ].join('\n');
  process.stdout.write(out);

  const failed = budgets.filter((b) => b.status === 'FAIL');
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench/results/latest.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        settings: { ...settings, databaseUrl: settings.databaseUrl.replace(/:[^:@/]*@/, ':***@') },
        machine,
        idleRss,
        rows,
        web,
        budgets,
      },
      (key, value: unknown) => (key === 'latencies' ? undefined : value),
      2,
    ),
  );
  const count = (status: string) => budgets.filter((b) => b.status === status).length;
  const summary = `${count('PASS')} PASS, ${count('FAIL')} FAIL, ${count('SKIP')} SKIP`;
  process.stdout.write(`${summary} (${elapsed()}); results in bench/results/latest.json\n`);
  if (failed.length && !quick) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error('bench failed:', error);
  process.exit(2);
});
