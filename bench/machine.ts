import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { runLoad } from './load';
import { freePort, startServer } from './proc';
import { median } from './stats';
import { CHROME_FLAGS, CHROMIUM } from './web';

/**
 * How fast the machine was during a run, so two runs can be compared (docs/benchmarks.md
 * "Comparing two runs"): bare Fastify's req/s and the load average at the start and at the end,
 * and the CPU benchmark index Lighthouse reports (`lhr.environment.benchmarkIndex`).
 */
export interface MachineSpeed {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  /** Bare Fastify hello world, 50 connections, req/s: at the start and at the end of the run. */
  helloReqPerSec: { start: number | null; end: number | null };
  /** 1, 5 and 15 minute load averages. */
  loadAverage: { start: number[]; end: number[] | null };
  /** Lighthouse's benchmark index in this machine's Chromium (median of its samples), or why not. */
  benchmarkIndex: BenchmarkIndex | { error: string };
}

export interface BenchmarkIndex {
  median: number;
  samples: number[];
}

const loadAverage = () => os.loadavg().map((n) => +n.toFixed(2));

export function machineBasics(): Omit<MachineSpeed, 'helloReqPerSec' | 'benchmarkIndex'> {
  return {
    cores: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    loadAverage: { start: loadAverage(), end: null },
  };
}

export function endLoadAverage(): number[] {
  return loadAverage();
}

/** Bare Fastify's req/s at 50 connections over loopback: one second of warm-up, then `seconds`. */
export async function helloReqPerSec(env: NodeJS.ProcessEnv, seconds: number): Promise<number> {
  const port = await freePort();
  const server = await startServer({
    name: 'hello server',
    script: 'bench/hello-server.ts',
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    port,
    healthPath: '/',
  });
  try {
    const load = {
      url: server.url,
      next: () => ({ method: 'GET' as const, path: '/', headers: { accept: 'application/json' } }),
      expectStatus: 200,
      connections: 50,
    };
    await runLoad({ ...load, seconds: 1 });
    return Math.round((await runLoad({ ...load, seconds })).reqPerSec);
  } finally {
    await server.stop();
  }
}

/** One sample of Lighthouse's own CPU benchmark (`computeBenchmarkIndex`) in `page`. */
export async function benchmarkIndexIn(page: Page): Promise<number> {
  return Math.round(Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)));
}

/**
 * Lighthouse's own CPU benchmark (`computeBenchmarkIndex`, the function behind
 * `lhr.environment.benchmarkIndex`), run `samples` times in one page of this machine's Chromium
 * after one warm-up run; the median stands for the machine. One sample moves by ±25 % on a shared
 * machine and the first one of a fresh browser is lower still (V8 not warm yet).
 */
export async function measureBenchmarkIndex(samples: number): Promise<BenchmarkIndex> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    await benchmarkIndexIn(page);
    const values: number[] = [];
    for (let i = 0; i < samples; i += 1) values.push(await benchmarkIndexIn(page));
    return { median: Math.round(median(values)), samples: values };
  } finally {
    await browser.close();
  }
}
