import autocannon, { type AutocannonRequest } from 'autocannon';
import { cpuMs, RssSampler } from './proc';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  /** Builds every request afresh: a different account, page or body each time. */
  next: () => RequestSpec;
  /** The status a correct answer has; anything else counts as bad. */
  expectStatus: number;
  connections: number;
  seconds: number;
  /** Requests per second over all connections (the login burst); unbounded when absent. */
  overallRate?: number;
  /** Seconds before a request counts as a timeout (10 by default). */
  timeoutSeconds?: number;
  /** Whose RSS and CPU time to sample while the load runs. */
  pid?: number;
  /** Lists the database server's processes serving this load (PostgreSQL backends), for their CPU time. */
  dbPids?: () => Promise<number[] | undefined>;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  reqPerSec: number;
  /** Latency of the good answers, in milliseconds (sub-millisecond precision). */
  p50: number;
  p99: number;
  /** The slowest good answer. */
  max: number;
  good: number;
  bad: number;
  /** Connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  rssPeakMb: number | null;
  /** CPU time used during the load, in ms: the server process, the database backends, this process. */
  cpu: { server: number | null; db: number | null; client: number };
  /** Sorted latencies of the good answers (not written to the results file). */
  latencies?: Float64Array;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

async function dbCpu(list: LoadOptions['dbPids']): Promise<Map<number, number> | null> {
  const pids = list ? await list() : undefined;
  return pids ? new Map(pids.map((pid) => [pid, cpuMs(pid)])) : null;
}

/** One bounded autocannon run over loopback. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const request: AutocannonRequest = {
    setupRequest: (req) => {
      const spec = options.next();
      return { ...req, method: spec.method, path: spec.path, headers: spec.headers, body: spec.body ?? '' };
    },
  };
  const sampler = options.pid ? new RssSampler(options.pid).start() : null;
  const serverStart = options.pid ? cpuMs(options.pid) : null;
  const dbStart = await dbCpu(options.dbPids);
  const clientStart = process.cpuUsage();
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const statusCodes: Record<string, number> = {};
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    overallRate: options.overallRate,
    timeout: options.timeoutSeconds ?? 10,
    // autocannon checks for the end of a run on its sample tick (1 s by default): tick often so
    // short runs last what they say.
    sampleInt: 100,
    requests: [request],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    if (statusCode !== options.expectStatus) return;
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
  });
  const result = await instance;
  const rssPeakMb = sampler ? sampler.stop() : null;
  const client = process.cpuUsage(clientStart);
  const dbEnd = await dbCpu(options.dbPids);
  let db: number | null = null;
  if (dbStart && dbEnd) {
    // A backend that appeared during the load counts whole; one that left is lost (rare: pools
    // keep their connections while busy).
    db = 0;
    for (const [pid, ms] of dbEnd) db += Math.max(0, ms - (dbStart.get(pid) ?? 0));
  }
  const cpu = {
    server: serverStart === null || !options.pid ? null : cpuMs(options.pid) - serverStart,
    db,
    client: (client.user + client.system) / 1000,
  };
  const sorted = latencies.slice(0, count).sort();
  const requests = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    requests,
    seconds: result.duration,
    reqPerSec: count / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
    good: count,
    bad: requests - count,
    errors: result.errors,
    statusCodes,
    rssPeakMb,
    cpu,
    latencies: sorted,
  };
}

/** Several slices of one load (interleaved with other loads) as one result. */
export function mergeResults(parts: LoadResult[]): LoadResult {
  if (parts.length === 1) return parts[0];
  const total = parts.reduce((n, p) => n + (p.latencies?.length ?? 0), 0);
  const all = new Float64Array(total);
  let at = 0;
  for (const p of parts) {
    if (p.latencies) all.set(p.latencies, at);
    at += p.latencies?.length ?? 0;
  }
  all.sort();
  const sum = (f: (p: LoadResult) => number) => parts.reduce((n, p) => n + f(p), 0);
  const statusCodes: Record<string, number> = {};
  for (const p of parts) {
    for (const [code, n] of Object.entries(p.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  }
  const peaks = parts.map((p) => p.rssPeakMb).filter((m): m is number => m !== null);
  const seconds = sum((p) => p.seconds);
  const cpuSum = (f: (p: LoadResult) => number | null) =>
    parts.some((p) => f(p) === null) ? null : sum((p) => f(p) ?? 0);
  const good = sum((p) => p.good);
  return {
    requests: sum((p) => p.requests),
    seconds,
    reqPerSec: good / seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: percentile(all, 100),
    good,
    bad: sum((p) => p.bad),
    errors: sum((p) => p.errors),
    statusCodes,
    rssPeakMb: peaks.length ? Math.max(...peaks) : null,
    cpu: {
      server: cpuSum((p) => p.cpu.server),
      db: cpuSum((p) => p.cpu.db),
      client: sum((p) => p.cpu.client),
    },
    latencies: all,
  };
}
