import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { freePort, ROOT } from './proc';
import { median, middleRun } from './stats';

const run = promisify(execFile);

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why the web budgets cannot run here, or null when they can. */
export function webUnavailable(): string | null {
  if (!existsSync(path.join(ROOT, 'src/web/index.html')))
    return 'src/web/index.html is missing (no web app yet)';
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  return null;
}

/**
 * `vite build` into a private directory: dist/web may be in use by a running server or test,
 * and the bench serves its own copy (bench/web-server.ts) with the production server code.
 */
export async function buildWeb(): Promise<{ dir: string; seconds: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-web-'));
  const started = performance.now();
  await run(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir'],
    {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return { dir, seconds: (performance.now() - started) / 1000 };
}

/** Best effort: a leftover temporary directory must not fail a run. */
export function removeDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (error) {
    process.stderr.write(`could not remove ${dir}: ${(error as Error).message}\n`);
  }
}

export interface ScriptWeight {
  url: string;
  gzipBytes: number;
}
export interface FirstVisit {
  scripts: ScriptWeight[];
  gzipBytes: number;
  /** Scripts that hold the exercise chart's code (CHART_MARKER): none should load on `/`. */
  chartScripts: string[];
}

/**
 * A string only the exercise chart's code holds (src/web/features/exercises/progress-chart.tsx).
 * The chart is drawn by code in the exercise page's chunk, so no file name says chart: what a
 * script contains is checked instead.
 */
const CHART_MARKER = 'Bar chart with no series shown';

/**
 * Loads `url` in a fresh Chromium profile (a first visit: empty cache) until the network is idle
 * and sums the gzip size (zlib level 9) of every JavaScript response.
 */
export async function firstVisitJs(url: string): Promise<FirstVisit> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const bodies: Array<Promise<(ScriptWeight & { hasChart: boolean }) | null>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type !== 'script' && !contentType.includes('javascript')) return;
      bodies.push(
        response.body().then(
          (body) => ({
            url: response.url(),
            gzipBytes: gzipSync(body, { level: 9 }).length,
            hasChart: body.includes(CHART_MARKER),
          }),
          () => null,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    const loaded = (await Promise.all(bodies)).filter((s) => s !== null);
    return {
      scripts: loaded.map(({ url, gzipBytes }) => ({ url, gzipBytes })),
      gzipBytes: loaded.reduce((sum, s) => sum + s.gzipBytes, 0),
      chartScripts: loaded.filter((s) => s.hasChart).map((s) => s.url),
    };
  } finally {
    await browser.close();
  }
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  /** Audits that cost points, `category: audit id (score)`, for the analysis. */
  failing: string[];
  /** Where the page ended up (a signed-in page that redirects to /login was not signed in). */
  finalUrl: string;
  /**
   * Performance of every run, in run order. `performance` above is their median (decision 0044);
   * the other scores and `failing` are the median run's.
   */
  performanceRuns: number[];
  /** The benchmark index each run measured in its fresh browser (`lhr.environment.benchmarkIndex`), in run order. */
  benchmarkIndexes: number[];
  /**
   * The CPU slowdown each run simulated, in run order: the page's, calibrated to the median of their
   * indexes (decision 0040), times the run's main-thread CPU share (decision 0041).
   */
  cpuSlowdownMultipliers: number[];
  /** Each run's main-thread CPU share (`mainThreadCpuShare`), in run order. */
  mainThreadCpuShares: number[];
}

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; displayValue?: string }>;
  runtimeError?: { message: string };
  finalDisplayedUrl?: string;
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
}

export interface SignedIn {
  /** The session cookie (httpOnly, as the server sets it). */
  cookie: { name: string; value: string };
  /** What the web app keeps in localStorage once signed in (it decides what the UI shows). */
  localStorage: Record<string, string>;
}

/**
 * Lighthouse 12 CLI, default config (mobile, simulated throttling) but for the CPU slowdown, on
 * `url`: the page's runs are gathered first, each measuring the benchmark index in its fresh
 * browser, then all are scored at the slowdown the median of those indexes calls for
 * (`cpuSlowdownMultiplier` below, decision 0040), each times the share of its tasks'
 * time the page's main thread was on a CPU (decision 0041), so the simulated phone is the same on
 * any machine and at any moment of a shared one (docs/benchmarks.md "Lighthouse calibrated to the
 * machine").
 * Signed out, Lighthouse starts its own Chromium with a fresh profile. Signed in, we start
 * Chromium with a fresh profile, put the session cookie and localStorage in it (on /api/health,
 * so no asset of the app gets cached), and Lighthouse drives that browser with its storage reset
 * turned off: still a first visit to the app, but as a signed-in user.
 *
 * It runs `runs` times. One run's performance moves by ±8 points on this shared machine, so the
 * page's performance is the median of its runs' scores (decision 0044; the lower middle of an even
 * count). The run nearest the median FCP and TTI (`computeMedianRun`,
 * lighthouse/core/lib/median-run.js, Lighthouse's guidance on variability) stands for the page
 * otherwise: its other categories and failing audits are reported, its report is written to `out`.
 */
export async function lighthouse(
  url: string,
  out: string,
  signedIn: SignedIn | undefined,
  runs: number,
): Promise<LighthouseScores> {
  const gathered: Gathered[] = [];
  try {
    for (let run = 0; run < runs; run += 1) gathered.push(await gather(url, signedIn));
    // One sample of the index moves by ±25 % within a minute here while the page's traces do not
    // (decision 0040): the page's runs together say how fast the machine was.
    const multiplier = cpuSlowdownMultiplier(Math.round(median(gathered.map((g) => g.benchmarkIndex))));
    const reports: LighthouseReport[] = [];
    for (const [i, run] of gathered.entries()) {
      reports.push(
        await auditRetried(run, multiplier, url, signedIn, (again) => {
          removeDir(gathered[i].dir);
          gathered[i] = again;
        }),
      );
    }
    const shares = gathered.map((run) => run.cpuShare);
    // LighthouseReport is the part of Lighthouse's result type that this file reads.
    const medianRun = computeMedianRun(reports as never) as unknown as LighthouseReport;
    writeFileSync(out, JSON.stringify(medianRun));
    const performanceRuns = reports.map((r) => score(r, 'performance'));
    return {
      ...scoresOf(medianRun),
      performance: middleRun(performanceRuns),
      finalUrl: medianRun.finalDisplayedUrl ?? url,
      performanceRuns,
      benchmarkIndexes: reports.map((r) => Math.round(r.environment?.benchmarkIndex ?? 0)),
      cpuSlowdownMultipliers: shares.map((share) => runMultiplier(multiplier, share)),
      mainThreadCpuShares: shares,
    };
  } finally {
    for (const run of gathered) removeDir(run.dir);
  }
}

/** A run's first step: the page loaded, its trace and artifacts saved in `dir`. */
interface Gathered {
  dir: string;
  /** The command line's own flags, which the audit repeats (Lighthouse compares the settings). */
  flags: string[];
  /** The index the run measured in its fresh browser (`artifacts.BenchmarkIndex`). */
  benchmarkIndex: number;
  /** The page's main thread's CPU time ÷ its tasks' wall time in the run's trace (`mainThreadCpuShare`). */
  cpuShare: number;
}

/**
 * The CPU slowdown that makes Lighthouse's simulated phone the same on any machine, from the
 * machine's benchmark index, as Lighthouse's throttling documentation calibrates it
 * (lighthouse/docs/throttling.md "Calibrating the CPU slowdown" and its CPU throttling
 * calculator): the default 4× is right for an index of 1,533; 3× at 1,300 with 1× more per 233
 * above; 2× at 800 and 1× at 150, linear in between. Below 150 the machine is slower than the
 * phone itself: 1×, and the scores say more about the machine than about the page.
 */
export function cpuSlowdownMultiplier(benchmarkIndex: number): number {
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else if (benchmarkIndex >= 150) multiplier = 1 + (benchmarkIndex - 150) / 650;
  else multiplier = 1;
  return +multiplier.toFixed(2);
}

/**
 * The slowdown a run is audited at (decision 0041): the page's, calibrated to the machine's speed,
 * times the share of its tasks' time the page's main thread was on a CPU. Lantern multiplies each
 * task's wall time, so a task that waited for a core (Chromium's browser and compositor processes
 * and Lighthouse's tracing share two cores with it) would otherwise be charged as the phone's CPU
 * work: the calibration is meant for the page's own work. Never below 1.
 */
function runMultiplier(multiplier: number, cpuShare: number): number {
  return Math.max(1, +(multiplier * cpuShare).toFixed(2));
}

/**
 * How much of its tasks' time the page's main thread spent on a CPU during the run, from the
 * trace a gather saved: Σ thread time ÷ Σ wall time of its top-level tasks from the navigation
 * on (Lantern's CPU nodes are these tasks, timed by their wall time). A task without a thread
 * time is left out of both sums. When the trace cannot tell, `share` is 1 and `unknown` says
 * why: the run is then audited at the page's slowdown.
 */
export function mainThreadCpuShare(traceEvents: TraceEvent[]): { share: number; unknown?: string } {
  const navigation = traceEvents.find(
    (e) =>
      e.name === 'navigationStart' &&
      typeof e.args?.data?.documentLoaderURL === 'string' &&
      e.args.data.documentLoaderURL.startsWith('http'),
  );
  if (!navigation) return { share: 1, unknown: 'no navigationStart to an http URL' };
  const main = traceEvents.find(
    (e) => e.name === 'thread_name' && e.pid === navigation.pid && e.args?.name === 'CrRendererMain',
  );
  if (!main) return { share: 1, unknown: `no CrRendererMain in the navigation's process ${navigation.pid}` };
  const tasks = traceEvents
    .filter(
      (e) =>
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ph === 'X' &&
        TASK_NAMES.has(e.name) &&
        e.ts >= navigation.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  let wall = 0;
  let cpu = 0;
  let untimed = 0;
  let end = -Infinity;
  for (const { ts, dur = 0, tdur } of tasks) {
    if (ts < end) continue; // nested in the task before (RunTask inside ThreadControllerImpl::RunTask)
    end = ts + dur;
    if (tdur === undefined) untimed += 1;
    else {
      wall += dur;
      cpu += tdur;
    }
  }
  if (wall === 0)
    return { share: 1, unknown: `no timed task among ${tasks.length} (${untimed} without thread time)` };
  return { share: +Math.min(1, cpu / wall).toFixed(2) };
}

/** The trace's top-level task events (Lantern's `isScheduleableTask`). */
const TASK_NAMES = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'ThreadControllerImpl::DoWork',
  'TaskQueueManager::ProcessTaskFromWorkQueue',
]);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: unknown } };
}

/**
 * A run's second step. Lighthouse sometimes fails to record its own trace (NO_NAVSTART, "Please
 * run Lighthouse again"); that run says nothing about the page, so it is gathered once more, in a
 * fresh browser. Any other failure (the page never painting, a redirect to /login) stands.
 */
async function auditRetried(
  run: Gathered,
  multiplier: number,
  url: string,
  signedIn: SignedIn | undefined,
  replaced: (again: Gathered) => void,
): Promise<LighthouseReport> {
  try {
    return await audit(run, multiplier, url);
  } catch (error) {
    if (!String(error).includes('Please run Lighthouse again')) throw error;
    console.error(
      `[bench] Lighthouse could not record ${url} (${String(error).split('\n').at(-1)}); running it again`,
    );
    const again = await gather(url, signedIn);
    replaced(again);
    return audit(again, multiplier, url);
  }
}

/** Gathers one run in a fresh browser: signed out, Lighthouse's own; signed in, ours (see above). */
async function gather(url: string, signedIn: SignedIn | undefined): Promise<Gathered> {
  if (!signedIn) return gatherIn(url, [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]);
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-chrome-'));
  const chrome = spawn(
    CHROMIUM,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group, so the renderer and helper processes can be stopped with it.
    { stdio: 'ignore', detached: true },
  );
  try {
    const endpoint = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`${endpoint}/json/version`)).ok) break;
      } catch {
        if (i > 100) throw new Error('Chromium did not open its debugging port');
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const browser = await chromium.connectOverCDP(endpoint);
    const context = browser.contexts()[0];
    const origin = new URL(url).origin;
    await context.addCookies([{ ...signedIn.cookie, url: origin, httpOnly: true, sameSite: 'Strict' }]);
    const page = await context.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(signedIn.localStorage));
    await page.close();
    await browser.close(); // disconnects; the browser keeps running for Lighthouse
    return await gatherIn(url, [`--port=${port}`, '--disable-storage-reset']);
  } finally {
    // Chromium and its helpers write the profile until they have exited: stop the group we
    // started, wait, then remove it.
    if (chrome.exitCode === null && chrome.signalCode === null && chrome.pid) {
      const exited = new Promise((resolve) => chrome.once('exit', resolve));
      try {
        process.kill(-chrome.pid, 'SIGTERM');
      } catch {
        chrome.kill();
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    removeDir(profile);
  }
}

const lighthouseCli = (url: string, args: string[]) =>
  run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      ...args,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    },
  );

/** Lighthouse's first step (`-G`): load the page, keep the trace and artifacts, the index among them. */
async function gatherIn(url: string, extra: string[]): Promise<Gathered> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-lighthouse-'));
  try {
    await lighthouseCli(url, [...extra, `--gather-mode=${path.join(dir, 'artifacts')}`]);
    const artifacts = JSON.parse(readFileSync(path.join(dir, 'artifacts/artifacts.json'), 'utf8')) as {
      BenchmarkIndex: number;
    };
    const trace = JSON.parse(readFileSync(path.join(dir, 'artifacts/defaultPass.trace.json'), 'utf8')) as {
      traceEvents: TraceEvent[];
    };
    const { share, unknown } = mainThreadCpuShare(trace.traceEvents);
    if (unknown)
      console.error(`[bench] Lighthouse's trace of ${url}: no main-thread CPU share (${unknown}); share 1`);
    return {
      dir,
      flags: extra,
      benchmarkIndex: artifacts.BenchmarkIndex,
      cpuShare: share,
    };
  } catch (error) {
    removeDir(dir);
    throw error;
  }
}

/**
 * Lighthouse's second step (`-A`): score the saved run at the page's slowdown `multiplier` times
 * the run's main-thread CPU share (`runMultiplier`). The simulated throttling is applied when
 * auditing, so this is the run Lighthouse would have made had it been given that slowdown from
 * the start. Lighthouse refuses to audit with settings other than those it gathered with: the
 * saved settings get the slowdown too.
 */
async function audit(gathered: Gathered, multiplier: number, url: string): Promise<LighthouseReport> {
  const rate = runMultiplier(multiplier, gathered.cpuShare);
  const artifactsFile = path.join(gathered.dir, 'artifacts/artifacts.json');
  const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as {
    settings: { throttling: { cpuSlowdownMultiplier: number } };
  };
  artifacts.settings.throttling.cpuSlowdownMultiplier = rate;
  writeFileSync(artifactsFile, JSON.stringify(artifacts));
  const out = path.join(gathered.dir, 'report.json');
  await lighthouseCli(url, [
    ...gathered.flags,
    `--audit-mode=${path.join(gathered.dir, 'artifacts')}`,
    `--throttling.cpuSlowdownMultiplier=${rate}`,
    '--output=json',
    `--output-path=${out}`,
  ]);
  const report = JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
  return report;
}

const score = (report: LighthouseReport, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);

/** The median run's timing-free scores and failing audits (its performance is not the page's: 0044). */
function scoresOf(
  report: LighthouseReport,
): Omit<
  LighthouseScores,
  | 'performance'
  | 'performanceRuns'
  | 'finalUrl'
  | 'benchmarkIndexes'
  | 'cpuSlowdownMultipliers'
  | 'mainThreadCpuShares'
> {
  const failing: string[] = [];
  for (const [category, { auditRefs }] of Object.entries(report.categories)) {
    for (const ref of auditRefs) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (ref.weight === 0 && category !== 'performance') continue;
      const value = audit.displayValue ? ` ${audit.displayValue}` : '';
      failing.push(`${category}: ${ref.id} (${Math.round(audit.score * 100)}${value})`);
    }
  }
  return {
    accessibility: score(report, 'accessibility'),
    'best-practices': score(report, 'best-practices'),
    seo: score(report, 'seo'),
    failing,
  };
}
