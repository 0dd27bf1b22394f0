/**
 * Does one heavy request stall the others? Seeds one exercise with a long history (25,000
 * sessions by default) on PGlite, starts the app as `npm start` runs it, then loops the heaviest
 * reads — one client reading that exercise's progress and records, another exporting the whole
 * account — while two more ask /api/health (which asks the database) and /api/config (which
 * does not) every 20 ms and record how long each answer took.
 * Prints those latencies (p50, p99, max) with and without the heavy load. Not a test: a
 * measurement, like the rest of bench/ (docs/benchmarks.md).
 *
 *   npx tsx bench/heavy-history.ts [--sessions=25000] [--seconds=20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../src/server/lib/passwords';
import { startArgs } from '../scripts/start-command.mjs';
import { BENCH_PASSWORD, exerciseId, exercisePath, sessionToken, WEIGHT_EXERCISES } from './dataset';
import { freePort, type ServerProcess, startServer } from './proc';
import { openTarget, seedUsers } from './seed';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SESSIONS = Number(option('sessions') ?? 25_000);
const SECONDS = Number(option('seconds') ?? 20);
const HEALTH_EVERY_MS = 20;
const salt = 'heavy-history';
const exercise = WEIGHT_EXERCISES[0];

const say = (text: string) => process.stderr.write(`[heavy-history] ${text}\n`);

/** Copies one seeded session SESSIONS times into the same exercise, a day apart, under new slugs. */
async function seed(dataDir: string): Promise<void> {
  const database = await openTarget({ engine: 'pglite', dataDir });
  try {
    await seedUsers(database, { from: 0, to: 1 }, await hashPassword(BENCH_PASSWORD), salt, 1);
    const { sql } = await import('drizzle-orm');
    const columns = (
      (await database.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'sessions' and is_generated = 'NEVER' order by ordinal_position`,
      )) as unknown as { rows: Array<{ column_name: string }> }
    ).rows.map((r) => r.column_name);
    const replaced: Record<string, string> = {
      id: 'gen_random_uuid()',
      slug: "to_char(date '1940-01-01' + g, 'YYYY-MM-DD')",
      created_date: "date '1940-01-01' + g",
      created_at: "(date '1940-01-01' + g)::timestamp at time zone 'UTC'",
      updated_at: "(date '1940-01-01' + g)::timestamp at time zone 'UTC'",
    };
    const select = columns.map((c) => replaced[c] ?? `s.${c}`).join(', ');
    await database.db.execute(
      sql.raw(`insert into sessions (${columns.join(', ')})
select ${select} from (select * from sessions where exercise_id = '${exerciseId(0, exercise)}' limit 1) s
cross join generate_series(1, ${SESSIONS}) g`),
    );
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

const headers = { cookie: `sid=${sessionToken(salt, 0)}`, 'accept-encoding': 'gzip, br' };

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function summary(name: string, ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  return `${name.padEnd(34)} n=${String(sorted.length).padStart(5)}  p50 ${f(quantile(sorted, 0.5))}  p99 ${f(quantile(sorted, 0.99))}  max ${f(sorted.at(-1) ?? NaN)} ms`;
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

/** Asks `path` every HEALTH_EVERY_MS until `until`, one at a time. */
async function sample(server: ServerProcess, path: string, until: number): Promise<number[]> {
  const latencies: number[] = [];
  while (Date.now() < until) {
    latencies.push(await timed(`${server.url}${path}`));
    await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
  }
  return latencies;
}

async function loop(urls: string[], until: number, into: Map<string, number[]>): Promise<void> {
  while (Date.now() < until) {
    for (const url of urls) {
      const ms = await timed(url);
      const key = new URL(url).pathname.split('/').at(-1)!;
      into.set(key, [...(into.get(key) ?? []), ms]);
    }
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-heavy-history-'));
  let server: ServerProcess | undefined;
  try {
    say(`seeding ${SESSIONS} sessions into one exercise (${dataDir})`);
    await seed(dataDir);
    const port = await freePort();
    const env = { ...process.env };
    delete env.DATABASE_URL; // the embedded database, always
    delete env.NODE_ENV;
    server = await startServer({
      name: 'app server',
      script: 'scripts/start.mjs',
      nodeArgs: startArgs().slice(0, -1),
      env: {
        ...env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SKIP_WEB_BUILD: '1',
      },
      port,
      healthPath: '/api/health',
      timeoutMs: 180_000,
    });
    const base = `${server.url}${exercisePath(exercise)}`;
    const reads = [`${base}/progress`, `${base}/records`];
    // Warm: the first reads compile PGlite's WebAssembly paths and fill its caches.
    for (const url of [...reads, `${server.url}/api/export.json`]) await timed(url);

    const idle = await sample(server, '/api/health', Date.now() + 3000);
    const heavy = new Map<string, number[]>();
    const until = Date.now() + SECONDS * 1000;
    const [loaded, config] = await Promise.all([
      sample(server, '/api/health', until),
      sample(server, '/api/config', until),
      loop(reads, until, heavy),
      loop([`${server.url}/api/export.json`], until, heavy),
    ]);
    console.log(`PGlite, ${SESSIONS} sessions in one exercise, ${SECONDS} s of load`);
    console.log(summary('/api/health, idle server', idle));
    console.log(summary('/api/health, under the heavy reads', loaded));
    console.log(summary('/api/config, under the heavy reads', config));
    for (const [key, ms] of heavy) console.log(summary(`  ${key}`, ms));
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
