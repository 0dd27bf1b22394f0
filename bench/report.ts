import type { LoadResult } from './load';
import type { MachineSpeed } from './machine';
import { median, middleRun } from './stats';
import type { FirstVisit, LighthouseScores } from './web';
import type { WorkoutScreenResult } from './workout-screen';

export type Engine = 'postgres' | 'pglite';

export interface Row {
  /** app: logs, log, exercise, progress, session, create, exercise-identity, burst-*, login, heavy-*; floor: floor-*. */
  key: string;
  endpoint: string;
  engine: Engine;
  /** Sessions in the database. */
  scale: number;
  result?: LoadResult;
  /** Why there is no figure (a failed check or run). */
  error?: string;
  /** Throughput ÷ the floor's, same engine and scale. */
  ratio?: number;
  floor?: string;
  /** Reads: throughput ÷ the one-statement floor's (a page and its count in one SQL statement). */
  ratioOne?: number;
  /** Reads: the one-statement floor's p99 in the same run, same engine and scale (the p99 budgets' unit). */
  floorP99?: number;
  /** Whose p99 `floorP99` is when not the one-statement floor's (the workout create: its insert floor). */
  p99Floor?: string;
  note?: string;
  /**
   * Set on the scaling ratios' base: this load ran on a database of only this scale's accounts,
   * in alternate slices with the same load at the scale named here (bench/run.ts `Base`). The
   * scaling budgets read these rows; every other budget reads the rows without it.
   */
  baseFor?: number;
  /** Each measured slice's p50, in round order (bench/run.ts runInterleaved): a scaling ratio pairs them. */
  sliceP50s?: number[];
}

export interface WebResult {
  skipped?: string;
  buildSeconds?: number;
  firstVisit?: FirstVisit;
  lighthouse?: Record<string, LighthouseScores | { error: string }>;
  lighthouseSkipped?: string;
  /** The Done tick on the workout screen: at the calibrated slowdown (judged) and at a plain 4×. */
  workoutScreen?: { calibrated?: WorkoutScreenResult; plain4x?: WorkoutScreenResult; error?: string };
}

/**
 * Done → the rest timer painted, on the workout screen with 10 × 6 sets (docs/api.md §11): the
 * median run's ratio of its slowest tick to its plain page's slowest tick (decision 0045). §11's
 * 50 ms at 4× stays beside it as a figure.
 */
const TICK_VS_FLOOR = 2;
const TICK_MS = 50;

/** INFO: a reference figure, not a budget. */
export type Status = 'PASS' | 'FAIL' | 'SKIP' | 'INFO';
export interface Budget {
  name: string;
  figure: string;
  limit: string;
  status: Status;
}

export function scaleLabel(n: number): string {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(n % 1e6 === 0 ? 0 : 2)}M`;
  if (n >= 1e3) return `${Math.round(n / 1e3)}k`;
  return String(n);
}

const fmt = (n: number | undefined | null, digits = 1) =>
  n === undefined || n === null || Number.isNaN(n) ? '—' : n.toFixed(digits);

/** One Markdown table of every run (pasteable into docs/benchmarks.md). */
export function formatTable(rows: Row[]): string {
  const header = [
    'endpoint',
    'engine',
    'scale',
    'req/s',
    'p50 ms',
    'p99 ms',
    'server RSS MB',
    '× floor',
    '× 1-stmt floor',
    'server CPU ms/req',
    'DB CPU ms/req',
    'client CPU ms/req',
    'bad',
  ];
  const body = rows.map((r) => {
    const res = r.result;
    const bad = res ? res.bad + res.errors : 0;
    const perRequest = (ms: number | null | undefined) =>
      res && ms !== null && ms !== undefined && res.good ? fmt(ms / res.good, 2) : '—';
    return [
      r.endpoint + (r.note ? ` (${r.note})` : ''),
      r.engine === 'postgres' ? 'PostgreSQL' : 'PGlite',
      scaleLabel(r.scale),
      res ? Math.round(res.reqPerSec).toString() : 'ERROR',
      fmt(res?.p50),
      fmt(res?.p99),
      res?.rssPeakMb ? Math.round(res.rssPeakMb).toString() : '—',
      r.ratio === undefined ? (r.floor ?? '—') : `${r.ratio.toFixed(2)} (${r.floor})`,
      r.ratioOne === undefined ? '—' : r.ratioOne.toFixed(2),
      perRequest(res?.cpu.server),
      perRequest(res?.cpu.db),
      perRequest(res?.cpu.client),
      r.error ? `error: ${r.error}` : bad ? String(bad) : '0',
    ];
  });
  return markdown(header, body);
}

export function formatBudgets(budgets: Budget[]): string {
  return markdown(
    ['budget', 'figure', 'limit', 'result'],
    budgets.map((b) => [b.name, b.figure, b.limit, b.status]),
  );
}

export function markdown(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

export const READS = ['logs', 'log', 'exercise', 'progress', 'session', 'records', 'activity'] as const;
/** Gym mode's reads (docs/api.md §11): on PostgreSQL, beside the reads and their floors. */
export const GYM_READS = ['workouts', 'workout'] as const;
/** The phone-first screens' reads (docs/api.md §14 "Budgets"): judged as the other reads. */
export const PHONE_READS = ['day', 'trash'] as const;
/**
 * Measured and printed, not judged: History's page of 12 days with their sessions (about 55 KB of
 * JSON in the bench's data, 30-odd sessions) is a dozen day answers in one, not a page like the
 * one-statement floor's, so that floor's factor does not apply (docs/benchmarks.md "Budgets").
 */
export const MEASURED_READS = ['days'] as const;

/**
 * A read's p99 at 50 connections may be at most this many times the p99 of the one-statement
 * floor (a page and its count in one SQL statement) measured in the same run, on the same engine
 * and data: the former 50 ms on the machine where it was set. Why 2.0: docs/benchmarks.md "Budgets".
 */
export const P99_VS_FLOOR = 2.0;
/** The heavy exercise's records: 30 ms on the same machine, where the floor's p99 was 23 ms. */
export const HEAVY_VS_FLOOR = 1.3;
/** Gym mode's reads: their 30 ms read as the heavy records' 30 ms (docs/benchmarks.md "Gym mode's budgets"). */
export const GYM_READ_VS_FLOOR = HEAVY_VS_FLOOR;
/**
 * The workout create's p99 ÷ the p99 of the raw workout insert floor of the same run: at 50
 * connections a load's mean wait is 50 ÷ its req/s, so a create at the throughput budget's 0.5×
 * the floor waits about 2× as long; its former 50 ms (docs/benchmarks.md "Gym mode's budgets").
 */
export const CREATE_P99_VS_FLOOR = 2.0;

/**
 * Every budget, one line each, in one of these forms (docs/benchmarks.md "Budgets"). `key` is a
 * row's key (a load of bench/scenarios.ts); a rule applies to every scale its engine ran at, and
 * to none when its part of the bench did not run (`part`, default 'reads').
 * - throughput: req/s ÷ the row's floor (run.ts sets it: the page + count floor for reads, the
 *   insert floor for the create) at least `atLeast`.
 * - p99: p99 ÷ the one-statement floor's p99 at most `atMost`; the absolute p99 is printed as an
 *   INFO line beside it, with `note` (the absolute figure it stands for) if any.
 * - scaling: p50 at the run's largest scale ÷ at its smallest, over the raw-SQL floor's same
 *   ratio, at most `atMost`; the smallest scale's p50 is its base row's (Row.baseFor), run in
 *   alternate slices with the largest's, and each ratio is the median of the rounds' (0043).
 * - beside: p99 of `key` ÷ p99 of `base` (the same load alone, same run) at most `atMost`.
 * - stall: the p99 of a light request while heavy ones run, at most `atMostMs` (absolute: a
 *   stall is a wait a user sees, not a cost to compare with a floor); `info` = printed, not judged.
 * - rss: the peak server RSS over every app load of the engine, at most `atMostMb`.
 * A write's p99 is judged against its own insert floor's p99 (Row.p99Floor), a read's against the
 * one-statement floor's.
 */
export type BudgetRule = {
  engine: Engine;
  part?: Part;
  /** Judged at the run's largest scale only (a budget set "at 1M"); every scale otherwise. */
  largestOnly?: boolean;
} & (
  | { form: 'throughput'; key: string; atLeast: number }
  | { form: 'p99'; key: string; atMost: number; note?: string }
  | { form: 'scaling'; key: string; atMost: number }
  | { form: 'beside'; key: string; base: string; atMost: number; label: string }
  | { form: 'stall'; key: string; atMostMs: number; info?: boolean }
  | { form: 'rss'; atMostMb: number }
);

/** What a run measured: the regular loads, the heavy-history loads. */
export type Part = 'reads' | 'heavy';

export const BUDGETS: BudgetRule[] = [
  { form: 'throughput', key: 'exercise', engine: 'postgres', atLeast: 0.8 },
  { form: 'throughput', key: 'log', engine: 'postgres', atLeast: 0.8 },
  { form: 'throughput', key: 'logs', engine: 'postgres', atLeast: 0.8 },
  { form: 'p99', key: 'exercise', engine: 'postgres', atMost: P99_VS_FLOOR, note: 'was ≤ 50 ms' },
  { form: 'p99', key: 'log', engine: 'postgres', atMost: P99_VS_FLOOR, note: 'was ≤ 50 ms' },
  { form: 'p99', key: 'logs', engine: 'postgres', atMost: P99_VS_FLOOR, note: 'was ≤ 50 ms' },
  { form: 'p99', key: 'records', engine: 'postgres', atMost: P99_VS_FLOOR, note: 'was ≤ 50 ms' },
  { form: 'p99', key: 'activity', engine: 'postgres', atMost: P99_VS_FLOOR, note: 'was ≤ 50 ms' },
  ...PHONE_READS.map((key): BudgetRule => ({ form: 'p99', key, engine: 'postgres', atMost: P99_VS_FLOOR })),
  ...READS.map((key): BudgetRule => ({ form: 'scaling', key, engine: 'postgres', atMost: 1.3 })),
  { form: 'throughput', key: 'create', engine: 'postgres', atLeast: 0.5 },
  {
    form: 'beside',
    key: 'burst-logins',
    base: 'burst-quiet',
    engine: 'postgres',
    atMost: 2,
    label: 'GET /api/logs p99 during 20 logins/s ÷ without',
  },
  { form: 'rss', engine: 'postgres', atMostMb: 200 },
  ...READS.map((key): BudgetRule => ({ form: 'throughput', key, engine: 'pglite', atLeast: 0.8 })),
  // Heavy histories: one exercise with 20,000 sessions (bench/seed.ts seedHeavyAccount).
  {
    form: 'p99',
    key: 'heavy-records',
    engine: 'postgres',
    part: 'heavy',
    atMost: HEAVY_VS_FLOOR,
    note: '≤ 30 ms',
  },
  {
    form: 'p99',
    key: 'heavy-records',
    engine: 'pglite',
    part: 'heavy',
    atMost: HEAVY_VS_FLOOR,
    note: '≤ 30 ms',
  },
  { form: 'stall', key: 'heavy-health', engine: 'pglite', part: 'heavy', atMostMs: 100 },
  { form: 'stall', key: 'heavy-config', engine: 'pglite', part: 'heavy', atMostMs: 100, info: true },
  // Gym mode (docs/api.md §11 "Budgets"), PostgreSQL.
  { form: 'throughput', key: 'create-workout', engine: 'postgres', atLeast: 0.5 },
  {
    form: 'p99',
    key: 'create-workout',
    engine: 'postgres',
    atMost: CREATE_P99_VS_FLOOR,
    note: 'was ≤ 50 ms',
  },
  ...GYM_READS.map((key): BudgetRule => ({
    form: 'p99',
    key,
    engine: 'postgres',
    atMost: GYM_READ_VS_FLOOR,
    note: '≤ 30 ms at 1M',
    largestOnly: true,
  })),
  ...GYM_READS.map((key): BudgetRule => ({ form: 'scaling', key, engine: 'postgres', atMost: 1.25 })),
];

/** What the rules are evaluated against: the rows, and which parts ran at which scales. */
export interface BudgetContext {
  rows: Row[];
  /** The engines of the run: a rule of another engine prints nothing. */
  engines: Engine[];
  /** Scales each engine's part ran at, smallest first; absent = that part did not run. */
  ran: Partial<Record<`${Engine}:${Part}`, number[]>>;
}

const ENGINE_NAME: Record<Engine, string> = { postgres: '', pglite: 'PGlite ' };
const FLOOR_NAME: Record<string, string> = {
  'SQL floor': 'raw-SQL floor',
  'insert floor': 'raw insert floor',
  'workout insert floor': 'raw workout insert floor',
};
const shownRatio = (v: number) => `${v.toFixed(2)}×`;

function find(rows: Row[], key: string, engine: Engine, scale?: number, baseFor?: number): Row | undefined {
  return rows.find(
    (r) =>
      r.key === key &&
      r.engine === engine &&
      (scale === undefined || r.scale === scale) &&
      r.baseFor === baseFor,
  );
}

function judge(name: string, figure: string, limit: string, ok: boolean): Budget {
  return { name, figure, limit, status: ok ? 'PASS' : 'FAIL' };
}

/** Why a row cannot be judged (no figure, or wrong answers during its load), or null. */
function unusable(row: Row | undefined): string | null {
  if (!row?.result) return row?.error ? `no figure: ${row.error}` : 'no figure';
  if (!row.result.good) return `no correct answer within its ${row.result.seconds.toFixed(0)} s`;
  const bad = row.result.bad + row.result.errors;
  return bad ? `${bad} bad answers or timeouts ${JSON.stringify(row.result.statusCodes)}` : null;
}

function evaluateRule(rule: BudgetRule, ctx: BudgetContext): Budget[] {
  if (!ctx.engines.includes(rule.engine)) return [];
  const scales = ctx.ran[`${rule.engine}:${rule.part ?? 'reads'}`];
  if (rule.form === 'rss') {
    const app = ctx.rows.filter(
      (r) => r.engine === rule.engine && !r.key.startsWith('floor') && r.result?.rssPeakMb,
    );
    const name = `server RSS under load, ${rule.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} (peak)`;
    if (!app.length) return scales ? [judge(name, 'no figure', `≤ ${rule.atMostMb} MB`, false)] : [];
    const peak = app.reduce((m, r) => ((r.result?.rssPeakMb ?? 0) > (m.result?.rssPeakMb ?? 0) ? r : m));
    const mb = peak.result?.rssPeakMb ?? 0;
    const figure = `${mb.toFixed(1)} MB (${peak.endpoint} @${scaleLabel(peak.scale)})`;
    return [judge(name, figure, `≤ ${rule.atMostMb} MB`, mb <= rule.atMostMb)];
  }
  const label = (key: string) => find(ctx.rows, key, rule.engine)?.endpoint ?? key;
  const prefix = ENGINE_NAME[rule.engine];
  if (!scales) return []; // one SKIP line for the whole part (evaluateBudgets)
  if (rule.form === 'scaling') {
    if (scales.length < 2) return [];
    const [small, large] = [scales[0], scales[scales.length - 1]];
    const name = `${prefix}${label(rule.key)}: p50 @${scaleLabel(large)} ÷ p50 @${scaleLabel(small)}, over the floor's`;
    const limit = `≤ ${rule.atMost.toFixed(2)}×`;
    const r = scalingRatio(ctx.rows, rule.key, rule.engine, small, large);
    const floor = scalingRatio(ctx.rows, 'floor-exercise', rule.engine, small, large);
    if (!r || !floor) return [judge(name, 'no figure', limit, false)];
    const ratio = r.ratio / floor.ratio;
    const figure = `${shownRatio(ratio)} (${shownRatio(r.ratio)} ÷ the floor's ${shownRatio(floor.ratio)}; ${r.figure})`;
    return [judge(name, figure, limit, ratio <= rule.atMost)];
  }
  if (rule.form === 'beside') {
    const base = find(ctx.rows, rule.base, rule.engine);
    const row = find(ctx.rows, rule.key, rule.engine);
    const name = `${prefix}${rule.label}`;
    const limit = `≤ ${rule.atMost.toFixed(2)}×`;
    if (!row && !base) return [];
    const why = unusable(base) ?? unusable(row);
    if (why || !base?.result || !row?.result) return [judge(name, why ?? 'no figure', limit, false)];
    const [q, b] = [base.result.p99, row.result.p99];
    return [
      judge(name, `${shownRatio(b / q)} (${q.toFixed(1)} → ${b.toFixed(1)} ms)`, limit, b / q <= rule.atMost),
    ];
  }
  const out: Budget[] = [];
  for (const scale of rule.largestOnly ? scales.slice(-1) : scales) {
    const row = find(ctx.rows, rule.key, rule.engine, scale);
    const at = `${prefix}${row?.endpoint ?? rule.key} @${scaleLabel(scale)}`;
    const why = unusable(row);
    const result = row?.result;
    if (rule.form === 'throughput') {
      const name = `${at}: throughput vs ${FLOOR_NAME[row?.floor ?? ''] ?? 'its floor'}`;
      const limit = `≥ ${rule.atLeast.toFixed(2)}×`;
      if (why || row?.ratio === undefined) out.push(judge(name, why ?? 'no floor figure', limit, false));
      else out.push(judge(name, shownRatio(row.ratio), limit, row.ratio >= rule.atLeast));
    } else if (rule.form === 'p99') {
      const name = `${at}: p99 ÷ ${row?.p99Floor ?? '1-stmt floor'} p99`;
      const limit = `≤ ${rule.atMost.toFixed(2)}×`;
      if (why || !result || !row?.floorP99) out.push(judge(name, why ?? 'no floor figure', limit, false));
      else {
        const v = result.p99 / row.floorP99;
        const figure = `${shownRatio(v)} (${result.p99.toFixed(1)} / ${row.floorP99.toFixed(1)} ms)`;
        out.push(judge(name, figure, limit, v <= rule.atMost));
      }
      if (result) {
        out.push({
          name: `${at}: p99 at 50 connections`,
          figure: `${result.p99.toFixed(1)} ms`,
          limit: rule.note ? `(${rule.note})` : '—',
          status: 'INFO',
        });
      }
    } else {
      const name = `${at}: p99${row?.note ? ` (${row.note})` : ''}`;
      const limit = `≤ ${rule.atMostMs} ms`;
      if (why || !result) out.push(judge(name, why ?? 'no figure', limit, false));
      else {
        const figure = `${result.p99.toFixed(1)} ms (slowest ${(result.max ?? result.p99).toFixed(1)} ms)`;
        out.push(
          rule.info
            ? { name, figure, limit: `(${limit}, not judged)`, status: 'INFO' }
            : judge(name, figure, limit, result.p99 <= rule.atMostMs),
        );
      }
    }
  }
  return out;
}

/** Every budget of BUDGETS and the web's, each with its figure. */
export function evaluateBudgets(ctx: BudgetContext, web: WebResult): Budget[] {
  const out = BUDGETS.flatMap((rule) => evaluateRule(rule, ctx));
  for (const engine of ctx.engines) {
    for (const part of ['reads', 'heavy'] as const) {
      const skipped = BUDGETS.filter(
        (r) => r.engine === engine && (r.part ?? 'reads') === part && r.form !== 'rss',
      );
      if (ctx.ran[`${engine}:${part}`] || !skipped.length) continue;
      out.push({
        name: `${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${part === 'reads' ? 'loads' : 'heavy history'}`,
        figure: `not run (${part === 'reads' ? '--no-reads' : '--no-heavy'})`,
        limit: `${skipped.length} budgets`,
        status: 'SKIP',
      });
    }
  }
  // At 50 connections p50 ≈ connections ÷ req/s: the floor's own ratio, measured side by side as
  // the reads' are, tells how much of a scaling ratio is the data rather than the app.
  const pg = ctx.ran['postgres:reads'];
  if (pg && pg.length >= 2) {
    const [small, large] = [pg[0], pg[pg.length - 1]];
    const r = scalingRatio(ctx.rows, 'floor-exercise', 'postgres', small, large);
    if (r) {
      out.push({
        name: `(for reference) raw-SQL floor: p50 @${scaleLabel(large)} ÷ p50 @${scaleLabel(small)}`,
        figure: r.figure,
        limit: '—',
        status: 'INFO',
      });
    }
  }
  out.push(...webBudgets(web));
  return out;
}

/**
 * A read's p50 at `large` ÷ its base's at `small`, as the median of the rounds' own ratios: each
 * round's slice against the base slice run right beside it (bench/run.ts runInterleaved). One
 * slice disturbed by the machine moves one of three ratios, not the verdict (decision 0043). The
 * `scaling` budgets judge it over the raw-SQL floor's own ratio, measured the same way: what the
 * larger table costs this machine at this moment (a page cache too small for it), the floor
 * pays too. The merged p50s are shown for information.
 */
function scalingRatio(rows: Row[], key: string, engine: Engine, small: number, large: number) {
  const base = find(rows, key, engine, small, large);
  const row = find(rows, key, engine, large);
  const [a, b] = [base?.result?.p50, row?.result?.p50];
  if (!a || !b) return null;
  const pa = base?.sliceP50s ?? [a];
  const pb = row?.sliceP50s ?? [b];
  const ratios = pb
    .slice(0, pa.length)
    .map((p, i) => p / pa[i])
    .sort((x, y) => x - y);
  const ratio = median(ratios);
  const rounds = ratios.length > 1 ? `median of ${ratios.map((x) => x.toFixed(2)).join(', ')}; ` : '';
  return { ratio, figure: `${shownRatio(ratio)} (${rounds}${a.toFixed(1)} → ${b.toFixed(1)} ms)` };
}

const LH_LIMITS: Array<['performance' | 'accessibility' | 'best-practices' | 'seo', number]> = [
  ['performance', 95],
  ['accessibility', 100],
  ['best-practices', 100],
  ['seo', 95],
];

function webBudgets(web: WebResult): Budget[] {
  if (web.skipped) {
    return [
      {
        name: 'web: JS of the first visit to / (gzip)',
        figure: web.skipped,
        limit: '≤ 100 KB',
        status: 'SKIP',
      },
      {
        name: 'web: Lighthouse',
        figure: web.skipped,
        limit: 'perf ≥ 95, a11y 100, BP 100, SEO ≥ 95',
        status: 'SKIP',
      },
    ];
  }
  const out: Budget[] = [];
  const visit = web.firstVisit;
  if (visit) {
    const kb = visit.gzipBytes / 1024;
    out.push(
      judge('web: JS of the first visit to / (gzip -9)', `${kb.toFixed(1)} KB`, '≤ 100 KB', kb <= 100),
    );
    out.push({
      name: 'web: no chart code on /',
      figure: visit.chartScripts.length
        ? visit.chartScripts.map((u) => new URL(u).pathname).join(', ')
        : 'none loaded',
      limit: 'none',
      status: visit.chartScripts.length ? 'FAIL' : 'PASS',
    });
  } else {
    out.push({
      name: 'web: JS of the first visit to / (gzip -9)',
      figure: 'no figure',
      limit: '≤ 100 KB',
      status: 'FAIL',
    });
  }
  if (web.lighthouseSkipped) {
    out.push({
      name: 'web: Lighthouse',
      figure: web.lighthouseSkipped,
      limit: 'perf ≥ 95, a11y 100, BP 100, SEO ≥ 95',
      status: 'SKIP',
    });
    return out;
  }
  const calibration = calibrationLine(web);
  if (calibration) {
    out.push({
      name: 'Lighthouse CPU slowdown, calibrated to the machine and each run',
      figure: calibration,
      limit: '(4× at 1,533)',
      status: 'INFO',
    });
  }
  out.push(...tickBudgets(web));
  for (const [page, scores] of Object.entries(web.lighthouse ?? {})) {
    for (const [category, min] of LH_LIMITS) {
      const name = `Lighthouse ${page}: ${category}`;
      const limit = min === 100 ? '= 100' : `≥ ${min}`;
      if ('error' in scores) out.push({ name, figure: `error: ${scores.error}`, limit, status: 'FAIL' });
      else
        out.push({
          name,
          figure:
            category === 'performance' && scores.performanceRuns.length > 1
              ? `${scores[category]} (median of ${scores.performanceRuns.join(', ')})`
              : String(scores[category]),
          limit,
          status: scores[category] >= min ? 'PASS' : 'FAIL',
        });
    }
  }
  return out;
}

/**
 * The CPU slowdowns the Lighthouse runs simulated, the benchmark indexes they were calibrated to
 * and, from decision 0041 on, the runs' main-thread CPU shares (bench/web.ts), or null when no
 * page ran.
 */
export function calibrationLine(web: WebResult): string | null {
  // Runs before late 2026-11-27 had one slowdown for all (no cpuSlowdownMultipliers): not shown.
  const runs = Object.values(web.lighthouse ?? {}).flatMap((s) =>
    'error' in s || !s.cpuSlowdownMultipliers
      ? []
      : s.benchmarkIndexes.map((index, i) => ({
          index,
          rate: s.cpuSlowdownMultipliers[i],
          share: s.mainThreadCpuShares?.[i],
        })),
  );
  if (!runs.length) return null;
  const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
  const rates = runs.map((r) => r.rate);
  const indexes = runs.map((r) => r.index);
  const shares = runs.flatMap((r) => (r.share === undefined ? [] : [r.share]));
  return (
    `${range(rates)}× (median ${middleRun(rates)}×) for the runs' own benchmarkIndex ` +
    `${range(indexes)} (median ${middleRun(indexes)})` +
    (shares.length ? ` and main-thread CPU share ${range(shares)} (median ${middleRun(shares)})` : '')
  );
}

function tickBudgets(web: WebResult): Budget[] {
  const screen = web.workoutScreen;
  if (!screen) return [];
  const name = (why: string) =>
    `web: workout screen 10 × 6 sets, Done → rest timer painted ÷ its plain page's, CPU ${why}`;
  const limit = `≤ ${TICK_VS_FLOOR.toFixed(2)}×`;
  if (screen.error && !screen.calibrated) {
    return [
      { name: name('calibrated to each run'), figure: `error: ${screen.error}`, limit, status: 'FAIL' },
    ];
  }
  const ratio = (r: WorkoutScreenResult) =>
    `${r.ratio.toFixed(2)}× (median of ${r.runs.map((x) => x.ratio.toFixed(2)).join(', ')}; ` +
    `slowest ticks ${r.runs.map((x) => `${x.worst.toFixed(0)} / ${x.floorWorst.toFixed(0)} ms at ${x.cpuSlowdownMultiplier}×`).join(', ')})`;
  const out: Budget[] = [];
  if (screen.calibrated) {
    const r = screen.calibrated;
    out.push(judge(name('calibrated to each run'), ratio(r), limit, r.ratio <= TICK_VS_FLOOR));
    out.push({
      name: 'web: workout screen 10 × 6 sets, Done → rest timer painted, CPU calibrated to each run',
      figure: `${r.median.toFixed(1)} ms (median run's slowest tick; its plain page's ${r.floor.toFixed(1)} ms)`,
      limit: `(was ≤ ${TICK_MS} ms)`,
      status: 'INFO',
    });
  }
  if (screen.plain4x) {
    const r = screen.plain4x;
    out.push({
      name: name("4× (Lighthouse's default, not calibrated)"),
      figure: `${ratio(r)}; ${r.median.toFixed(1)} ms`,
      limit: `(${limit}, not judged)`,
      status: 'INFO',
    });
  }
  return out;
}

/** One line: how fast the machine was (docs/benchmarks.md "Comparing two runs"). */
export function machineLine(m: MachineSpeed): string {
  const hello = m.helloReqPerSec;
  const index = 'error' in m.benchmarkIndex ? 'unknown' : String(m.benchmarkIndex.median);
  const load = (l: number[] | null) => (l ? l.join(' ') : '—');
  return (
    `bare Fastify ${hello.start ?? '—'} → ${hello.end ?? '—'} req/s (start → end); ` +
    `benchmarkIndex ${index}; ${m.cores} cores; load ${load(m.loadAverage.start)} → ${load(m.loadAverage.end)}`
  );
}

/**
 * The run in a few lines that can be set beside another run's: the machine's speed, Lighthouse's
 * calibration and scores, then every judged budget as `STATUS name` in a fixed order, without
 * figures, so `diff` of two summaries shows exactly the verdicts that changed.
 */
export function formatSummary(machine: MachineSpeed, web: WebResult, budgets: Budget[]): string {
  const count = (status: Status) => budgets.filter((b) => b.status === status).length;
  const lines = [`SUMMARY`, `machine: ${machineLine(machine)}`];
  const calibration = calibrationLine(web);
  if (calibration) {
    const pages = Object.entries(web.lighthouse ?? {}).map(([page, s]) =>
      'error' in s
        ? `${page} error`
        : `${page} ${s.performance}/${s.accessibility}/${s['best-practices']}/${s.seo}`,
    );
    lines.push(`Lighthouse: CPU slowdown ${calibration}; perf/a11y/BP/SEO: ${pages.join('; ')}`);
  } else lines.push(`Lighthouse: ${web.skipped ?? web.lighthouseSkipped ?? 'not run'}`);
  lines.push(`verdicts: ${count('PASS')} PASS, ${count('FAIL')} FAIL, ${count('SKIP')} SKIP`);
  for (const b of budgets) if (b.status !== 'INFO') lines.push(`${b.status.padEnd(4)}  ${b.name}`);
  return lines.join('\n');
}
