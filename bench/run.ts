/**
 * `npm run bench` (full, a few minutes) and `npm run bench -- --quick` (under a minute).
 * Seeds PostgreSQL (and PGlite) in bulk, runs the app server as a child process, loads it with
 * autocannon from this process, measures the floors in the same run, then prints one table and
 * the budgets of issue 4. See docs/benchmarks.md.
 *
 * Options: --quick, --engines=postgres,pglite, --scales=10000,1000000, --pglite-scale=N,
 *          --seconds=S, --rounds=N, --no-web, --no-lighthouse, --lighthouse (in quick mode),
 *          --lighthouse-runs=N (runs per page, scored by the median run; 5, quick 1),
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
  exercisePath,
  SESSIONS_PER_USER,
  sessionToken,
  userEmail,
  userId,
  usersForScale,
} from './dataset';
import { type LoadResult, mergeResults, type RequestSpec, runLoad } from './load';
import { freePort, ROOT, type ServerProcess, startServer } from './proc';
import {
  type Budget,
  type Engine,
  evaluateBudgets,
  formatBudgets,
  formatTable,
  READS,
  type Row,
  scaleLabel,
  type WebResult,
} from './report';
import { appScenarios, floorScenarios, type Population, type Scenario } from './scenarios';
import { openTarget, recreatePostgresDatabase, seedUsers } from './seed';
import { buildWeb, firstVisitJs, lighthouse, removeDir, type SignedIn, webUnavailable } from './web';
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
  /** Lighthouse runs per page; the median run scores the page (bench/web.ts). */
  lighthouseRuns: Number(option('lighthouse-runs') ?? (quick ? 1 : 5)),
  /** autocannon's default: every response body decoded into a string (bench/autocannon-bodies.ts). */
  keepBodies: flag('keep-bodies'),
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://workout:workout@127.0.0.1:5432/workout_bench',
};

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const say = (text: string) => process.stderr.write(`[bench ${elapsed()}] ${text}\n`);

const rows: Row[] = [];
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
}

function newRow(scenario: Scenario, o: RowOptions): Row {
  const row: Row = {
    key: o.key ?? scenario.key,
    endpoint: o.label ?? scenario.label,
    engine: o.engine,
    scale: o.scale,
    note: o.note,
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

function ratio(row: Row | undefined, floor: Row | undefined) {
  if (row?.result && floor?.result && floor.result.reqPerSec > 0) {
    row.ratio = row.result.reqPerSec / floor.result.reqPerSec;
    row.floor = floor.key === 'floor-insert' ? 'insert floor' : 'SQL floor';
  }
}

/** The second reference of the reads: the one-statement floor (reported, not a budget). */
function ratioOne(row: Row | undefined, floor: Row | undefined) {
  if (row?.result && floor?.result && floor.result.reqPerSec > 0)
    row.ratioOne = row.result.reqPerSec / floor.result.reqPerSec;
}

const rowOf = (item: Item | null) => item?.rows[0];

/**
 * Every load of one engine at one scale. With a floor server beside the app (PostgreSQL), the
 * reads interleave with their floor and the create with the insert floor.
 */
async function measureScale(
  engine: Engine,
  scale: number,
  pop: Population,
  servers: { app: ServerProcess; floor: ServerProcess },
  extras: { jsonFloor: boolean; burst: boolean; identity: boolean },
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
  for (const key of READS) reads.push(await loadItem(servers.app, app[key], o));
  if (extras.identity) {
    const plain = appScenarios({ ...pop, compressed: false });
    reads.push(
      await loadItem(servers.app, plain.exercise, { ...o, key: 'exercise-identity', note: 'no compression' }),
    );
  }
  await runInterleaved([json, sqlFloor, oneFloor, ...reads]);
  for (const item of reads) {
    ratio(rowOf(item), rowOf(sqlFloor));
    ratioOne(rowOf(item), rowOf(oneFloor));
  }

  if (extras.burst) await loginBurst(servers.app, app, o);

  const create = await loadItem(servers.app, app.create, o);
  const insertFloor = await loadItem(servers.floor, floorSc.insert, { ...o, key: 'floor-insert' });
  await runInterleaved([insertFloor, create]);
  ratio(rowOf(create), rowOf(insertFloor));
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

async function postgresPhase(passwordHash: string) {
  const url = settings.databaseUrl;
  say(`PostgreSQL: recreating ${new URL(url).pathname.slice(1)} and migrating`);
  await recreatePostgresDatabase(url);
  const database = await openTarget({ engine: 'postgres', databaseUrl: url });
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  dbPids = async () =>
    (
      await monitor.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      )
    ).rows.map((r) => r.pid);
  let servers: { app: ServerProcess; floor: ServerProcess } | undefined;
  let seededUsers = 0;
  try {
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
      const pop: Population = { users, salt, compressed: true };
      await measureScale('postgres', scale, pop, servers, {
        jsonFloor: i === 0,
        burst: i === 0,
        identity: !settings.quick && i === 0,
      });
    }
    if (settings.web) await webPhase({ url });
  } finally {
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
    await database.close();
    say(
      `seeded ${s.sessions} sessions in ${((performance.now() - opened) / 1000).toFixed(1)} s (open + insert + close)`,
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
    for (let round = 0; round < settings.pgliteRounds; round += 1) {
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
    const signedIn: SignedIn = {
      cookie: { name: 'sid', value: sessionToken(salt, 0) },
      localStorage: {
        userInfo: JSON.stringify({ _id: userId(0), username: 'bench0', email: userEmail(0), isAdmin: false }),
      },
    };
    const exercisePage = exercisePath(0).replace('/api/logs', '/logs').replace('/exercises/', '/');
    const pages: Array<[string, string, SignedIn | undefined]> = [
      ['home /', '/', undefined],
      ['/login', '/login', undefined],
      ['/logs', '/logs', signedIn],
      [`exercise ${exercisePage}`, exercisePage, signedIn],
    ];
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
          `Lighthouse ${name}: perf ${scores.performance} (runs ${scores.performanceRuns.join(', ')}), ` +
            `a11y ${scores.accessibility}, ` +
            `BP ${scores['best-practices']}, SEO ${scores.seo}` +
            (scores.failing.length ? `; costs: ${scores.failing.join('; ')}` : ''),
        );
      } catch (error) {
        web.lighthouse[name] = { error: (error as Error).message.split('\n')[0] };
        say(`Lighthouse ${name} failed: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    web.skipped = `web phase failed: ${(error as Error).message.split('\n')[0]}`;
    say(web.skipped);
  } finally {
    await server?.stop();
    if (dir) removeDir(dir);
  }
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
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  if (settings.engines.includes('postgres')) await postgresPhase(passwordHash);
  else if (settings.web) web.skipped = 'needs the PostgreSQL phase';
  if (settings.engines.includes('pglite')) await pglitePhase(passwordHash);
  if (!settings.web) web.skipped = '--no-web';

  const pgliteRow = rows.find((r) => r.engine === 'pglite');
  const budgets: Budget[] = evaluateBudgets(rows, web, settings.scales, pgliteRow ? pgliteRow.scale : null);
  const machine = {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    loadAverageAtEnd: os.loadavg().map((n) => +n.toFixed(2)),
  };
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
    `machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, load ${machine.loadAverageAtEnd.join(' ')}`,
    '',
    formatTable(rows),
    '',
    formatBudgets(budgets),
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
