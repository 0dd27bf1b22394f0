import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startArgs } from '../scripts/start-command.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the server keeps its data: an embedded PGlite directory or a PostgreSQL database. */
export type Store = { engine: 'pglite'; dataDir: string } | { engine: 'postgres'; url: string };

export interface ServerProcess {
  proc: ChildProcess;
  pid: number;
  port: number;
  base: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  isRunning(): boolean;
}

const live = new Set<ChildProcess>();
/** Never leave a server behind, whatever happens to the runner. */
process.on('exit', () => {
  for (const proc of live) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The environment the server gets: the runner's, minus anything that would point it elsewhere. */
function serverEnv(store: Store, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|DATA_DIR|PORT|HOST|APP_URL|SMTP_URL|NODE_ENV|COOKIE_SECURE|RATE_LIMIT_.*)$/.test(key))
      delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // Every client here is 127.0.0.1: the per-IP limits would stop the load, not an attacker.
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '1000000',
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_REGISTER_PER_IP: '1000000',
    RATE_LIMIT_FORGOT_PER_IP: '1000000',
    RATE_LIMIT_FORGOT_PER_EMAIL: '1000000',
    RATE_LIMIT_RESET_PER_IP: '1000000',
    // The writers here make thousands of changes a minute per account on purpose: the per-account
    // write limit (docs/api.md §12) is proven by the server suite, not by stopping this load.
    RATE_LIMIT_WRITES_PER_USER: '1000000',
    ...(store.engine === 'pglite' ? { DATA_DIR: store.dataDir } : { DATABASE_URL: store.url }),
    ...extra,
  });
  return env;
}

/** Starts the server as `npm start` does (the server bundle), without the web build. */
export function spawnServer(
  store: Store,
  port: number,
  extraEnv: Record<string, string> = {},
): ServerProcess {
  const proc = spawn(process.execPath, startArgs(), {
    cwd: ROOT,
    env: { ...serverEnv(store, port, extraEnv), SKIP_WEB_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(proc);
  let out = '';
  proc.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => {
      proc.once('exit', (code, signal) => {
        live.delete(proc);
        resolve({ code, signal, at: Date.now() });
      });
    },
  );
  return {
    proc,
    pid: proc.pid!,
    port,
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    isRunning: () => proc.exitCode === null && proc.signalCode === null,
  };
}

/** Polls /api/health until it answers 200; throws if the process exits or time runs out. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!server.isRunning()) {
      throw new Error(`the server exited before it was ready:\n${server.output().slice(-2000)}`);
    }
    try {
      const response = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return Date.now() - started;
      await response.arrayBuffer();
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server was not healthy after ${timeoutMs} ms:\n${server.output().slice(-2000)}`);
}

export async function startServer(store: Store, port?: number): Promise<ServerProcess> {
  const server = spawnServer(store, port ?? (await freePort()));
  await waitHealthy(server);
  return server;
}

/** SIGTERM, then the exit; SIGKILL if it hangs (and the caller's check will say so). */
export async function stopServer(server: ServerProcess, timeoutMs = 15_000) {
  if (!server.isRunning()) return server.exited;
  server.proc.kill('SIGTERM');
  const timer = setTimeout(() => server.proc.kill('SIGKILL'), timeoutMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
