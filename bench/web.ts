import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { cpuSlowdownMultiplier } from './machine';
import { freePort, ROOT } from './proc';

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
  /** Performance of every run, in run order; the scores above are the median run's. */
  performanceRuns: number[];
  /** The benchmark index each run measured for itself (`lhr.environment.benchmarkIndex`), in run order. */
  benchmarkIndexes: number[];
  /** The CPU slowdown each run simulated, calibrated to its own benchmark index, in run order. */
  cpuSlowdownMultipliers: number[];
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
 * `url`: each run's slowdown is calibrated to the benchmark index that run measured and reports
 * (bench/machine.ts `cpuSlowdownMultiplier`), so the simulated phone is the same on any machine
 * and at any moment of a shared one (docs/benchmarks.md "Lighthouse calibrated to the machine").
 * Signed out, Lighthouse starts its own Chromium with a fresh profile. Signed in, we start
 * Chromium with a fresh profile, put the session cookie and localStorage in it (on /api/health,
 * so no asset of the app gets cached), and Lighthouse drives that browser with its storage reset
 * turned off: still a first visit to the app, but as a signed-in user.
 *
 * It runs `runs` times, scored by the median run. One run's performance moves by
 * ±4 points on this shared machine (its CPU benchmark index varied 1,460–2,840 within one bench),
 * so, as Lighthouse's own guidance on variability says, the run nearest the median FCP and TTI
 * stands for the page (`computeMedianRun`, lighthouse/core/lib/median-run.js); every run's
 * performance is reported beside it. The median run's report is written to `out`.
 */
export async function lighthouse(
  url: string,
  out: string,
  signedIn: SignedIn | undefined,
  runs: number,
): Promise<LighthouseScores> {
  const reports: LighthouseReport[] = [];
  for (let run = 0; run < runs; run += 1) reports.push(await lighthouseRetried(url, signedIn));
  // LighthouseReport is the part of Lighthouse's result type that this file reads.
  const median = computeMedianRun(reports as never) as unknown as LighthouseReport;
  writeFileSync(out, JSON.stringify(median));
  return {
    ...scoresOf(median),
    finalUrl: median.finalDisplayedUrl ?? url,
    performanceRuns: reports.map((r) => score(r, 'performance')),
    benchmarkIndexes: reports.map((r) => Math.round(r.environment?.benchmarkIndex ?? 0)),
    cpuSlowdownMultipliers: reports.map((r) => r.configSettings?.throttling?.cpuSlowdownMultiplier ?? 0),
  };
}

/**
 * One run. Lighthouse sometimes fails to record its own trace (NO_NAVSTART, "Please run
 * Lighthouse again"); that run says nothing about the page, so it is run once more, in a fresh
 * browser. Any other failure (the page never painting, a redirect to /login) stands.
 */
async function lighthouseRetried(url: string, signedIn: SignedIn | undefined): Promise<LighthouseReport> {
  try {
    return await lighthouseOnce(url, signedIn);
  } catch (error) {
    if (!String(error).includes('Please run Lighthouse again')) throw error;
    console.error(
      `[bench] Lighthouse could not record ${url} (${String(error).split('\n').at(-1)}); running it again`,
    );
    return lighthouseOnce(url, signedIn);
  }
}

async function lighthouseOnce(url: string, signedIn: SignedIn | undefined): Promise<LighthouseReport> {
  if (!signedIn) return runLighthouse(url, [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]);
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
    return await runLighthouse(url, [`--port=${port}`, '--disable-storage-reset']);
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

/**
 * One run in Lighthouse's two steps: gather (`-G`: load the page, keep the trace and artifacts,
 * the benchmark index among them), then audit (`-A`) with the CPU slowdown that index calls for.
 * The simulated throttling is applied when auditing, so this is the run Lighthouse would have
 * made had it been given that slowdown from the start. Lighthouse refuses to audit with settings
 * other than those it gathered with: the saved settings get the slowdown too.
 */
async function runLighthouse(url: string, extra: string[]): Promise<LighthouseReport> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-bench-lighthouse-'));
  const out = path.join(dir, 'report.json');
  const saved = path.join(dir, 'artifacts');
  const lighthouseCli = (args: string[]) =>
    run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
        ...extra,
        ...args,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, CHROME_PATH: CHROMIUM },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 180_000,
      },
    );
  try {
    await lighthouseCli([`--gather-mode=${saved}`]);
    const artifactsFile = path.join(saved, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as {
      BenchmarkIndex: number;
      settings: { throttling: { cpuSlowdownMultiplier: number } };
    };
    const multiplier = cpuSlowdownMultiplier(artifacts.BenchmarkIndex);
    artifacts.settings.throttling.cpuSlowdownMultiplier = multiplier;
    writeFileSync(artifactsFile, JSON.stringify(artifacts));
    await lighthouseCli([
      `--audit-mode=${saved}`,
      `--throttling.cpuSlowdownMultiplier=${multiplier}`,
      '--output=json',
      `--output-path=${out}`,
    ]);
    const report = JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
    if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
    return report;
  } finally {
    removeDir(dir);
  }
}

const score = (report: LighthouseReport, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);

function scoresOf(
  report: LighthouseReport,
): Omit<LighthouseScores, 'performanceRuns' | 'finalUrl' | 'benchmarkIndexes' | 'cpuSlowdownMultipliers'> {
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
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    'best-practices': score(report, 'best-practices'),
    seo: score(report, 'seo'),
    failing,
  };
}
