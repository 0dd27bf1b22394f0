import type { LoadResult } from './load';
import type { FirstVisit, LighthouseScores } from './web';

export type Engine = 'postgres' | 'pglite';

export interface Row {
  /** app: logs, log, exercise, progress, session, create, exercise-identity, burst-*, login; floor: floor-*. */
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
  note?: string;
}

export interface WebResult {
  skipped?: string;
  buildSeconds?: number;
  firstVisit?: FirstVisit;
  lighthouse?: Record<string, LighthouseScores | { error: string }>;
  lighthouseSkipped?: string;
}

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

function markdown(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

export const READS = ['logs', 'log', 'exercise', 'progress', 'session', 'records', 'activity'] as const;
const THROUGHPUT_BUDGET = ['exercise', 'log', 'logs'] as const;
/** Issue 16: records and activity answer within the p99 budget too (they have no raw-SQL floor of their own). */
const P99_ONLY_BUDGET = ['records', 'activity'] as const;

function find(rows: Row[], key: string, engine: Engine, scale?: number): Row | undefined {
  return rows.find((r) => r.key === key && r.engine === engine && (scale === undefined || r.scale === scale));
}

function budget(
  name: string,
  figure: number | undefined,
  limit: string,
  ok: (v: number) => boolean,
  unit = '',
) {
  if (figure === undefined || Number.isNaN(figure))
    return { name, figure: 'no figure', limit, status: 'FAIL' as Status };
  const shown = unit === '×' ? `${figure.toFixed(2)}×` : `${figure.toFixed(1)}${unit}`;
  return { name, figure: shown, limit, status: (ok(figure) ? 'PASS' : 'FAIL') as Status };
}

/** Issue 4 item 2, each budget with its figure. */
export function evaluateBudgets(
  rows: Row[],
  web: WebResult,
  scales: number[],
  pgliteScale: number | null,
): Budget[] {
  const out: Budget[] = [];
  const pgScales = scales.filter((s) => rows.some((r) => r.engine === 'postgres' && r.scale === s));
  for (const scale of pgScales) {
    const s = scaleLabel(scale);
    for (const key of THROUGHPUT_BUDGET) {
      const row = find(rows, key, 'postgres', scale);
      const label = row?.endpoint ?? key;
      out.push(
        budget(`${label} @${s}: throughput vs raw-SQL floor`, row?.ratio, '≥ 0.80×', (v) => v >= 0.8, '×'),
      );
      out.push(
        budget(`${label} @${s}: p99 at 50 connections`, row?.result?.p99, '≤ 50 ms', (v) => v <= 50, ' ms'),
      );
    }
    for (const key of P99_ONLY_BUDGET) {
      const row = find(rows, key, 'postgres', scale);
      const label = row?.endpoint ?? key;
      out.push(
        budget(`${label} @${s}: p99 at 50 connections`, row?.result?.p99, '≤ 50 ms', (v) => v <= 50, ' ms'),
      );
    }
  }
  if (pgScales.length >= 2) {
    const [small, large] = [pgScales[0], pgScales[pgScales.length - 1]];
    for (const key of READS) {
      const a = find(rows, key, 'postgres', small)?.result?.p50;
      const b = find(rows, key, 'postgres', large)?.result?.p50;
      const label = find(rows, key, 'postgres', small)?.endpoint ?? key;
      const ratio = a && b ? b / a : undefined;
      const item = budget(
        `${label}: p50 @${scaleLabel(large)} ÷ p50 @${scaleLabel(small)}`,
        ratio,
        '≤ 1.30×',
        (v) => v <= 1.3,
        '×',
      );
      if (a && b) item.figure += ` (${a.toFixed(1)} → ${b.toFixed(1)} ms)`;
      out.push(item);
    }
    // At 50 connections p50 ≈ connections ÷ req/s: the floor's own drift between the two runs
    // tells how much of a ratio is the machine rather than the app.
    const fa = find(rows, 'floor-exercise', 'postgres', small)?.result?.p50;
    const fb = find(rows, 'floor-exercise', 'postgres', large)?.result?.p50;
    if (fa && fb) {
      out.push({
        name: `(for reference) raw-SQL floor: p50 @${scaleLabel(large)} ÷ p50 @${scaleLabel(small)}`,
        figure: `${(fb / fa).toFixed(2)}× (${fa.toFixed(1)} → ${fb.toFixed(1)} ms)`,
        limit: '—',
        status: 'INFO',
      });
    }
  }
  for (const scale of pgScales) {
    const row = find(rows, 'create', 'postgres', scale);
    out.push(
      budget(
        `create weight session @${scaleLabel(scale)}: vs raw insert floor`,
        row?.ratio,
        '≥ 0.50×',
        (v) => v >= 0.5,
        '×',
      ),
    );
  }
  const quiet = rows.find((r) => r.key === 'burst-quiet' && r.engine === 'postgres');
  const burst = rows.find((r) => r.key === 'burst-logins' && r.engine === 'postgres');
  if (quiet || burst) {
    const q = quiet?.result?.p99;
    const b = burst?.result?.p99;
    const item = budget(
      'GET /api/logs p99 during 20 logins/s ÷ without',
      q && b ? b / q : undefined,
      '≤ 2.00×',
      (v) => v <= 2,
      '×',
    );
    if (q && b) item.figure += ` (${q.toFixed(1)} → ${b.toFixed(1)} ms)`;
    out.push(item);
  }
  const pgApp = rows.filter(
    (r) => r.engine === 'postgres' && !r.key.startsWith('floor') && r.result?.rssPeakMb,
  );
  if (pgApp.length) {
    const peak = pgApp.reduce((m, r) => ((r.result?.rssPeakMb ?? 0) > (m.result?.rssPeakMb ?? 0) ? r : m));
    const item = budget(
      'server RSS under load, PostgreSQL (peak)',
      peak.result?.rssPeakMb ?? undefined,
      '≤ 200 MB',
      (v) => v <= 200,
      ' MB',
    );
    item.figure += ` (${peak.endpoint} @${scaleLabel(peak.scale)})`;
    out.push(item);
  }
  if (pgliteScale !== null) {
    for (const key of READS) {
      const row = find(rows, key, 'pglite', pgliteScale);
      out.push(
        budget(
          `PGlite ${row?.endpoint ?? key} @${scaleLabel(pgliteScale)}: vs PGlite floor`,
          row?.ratio,
          '≥ 0.80×',
          (v) => v >= 0.8,
          '×',
        ),
      );
    }
  }
  out.push(...webBudgets(web));
  return out;
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
    out.push(
      budget(
        'web: JS of the first visit to / (gzip -9)',
        visit.gzipBytes / 1024,
        '≤ 100 KB',
        (v) => v <= 100,
        ' KB',
      ),
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
              ? `${scores[category]} (median run of ${scores.performanceRuns.join(', ')})`
              : String(scores[category]),
          limit,
          status: scores[category] >= min ? 'PASS' : 'FAIL',
        });
    }
  }
  return out;
}
