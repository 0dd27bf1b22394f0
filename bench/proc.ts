import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free loopback port, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB (VmRSS), or null once it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `intervalMs` and keeps the peak. */
export class RssSampler {
  private peak = 0;
  private timer: NodeJS.Timeout | undefined;
  constructor(
    private readonly pid: number,
    private readonly intervalMs = 100,
  ) {}
  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    return this;
  }
  private sample() {
    const mb = rssMb(this.pid);
    if (mb !== null && mb > this.peak) this.peak = mb;
  }
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return this.peak;
  }
}

const live = new Set<ChildProcess>();
let exitHooked = false;
function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  // A crash or Ctrl-C of the bench must not leave a server (and a PGlite lock) behind.
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const child of live) child.kill('SIGTERM');
      process.exit(130);
    });
  }
}

export interface ServerProcess {
  name: string;
  pid: number;
  url: string;
  /** RSS right after it answered its health check. */
  idleRssMb: number | null;
  /** The last lines it printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx <script>` from the repository root (the server or a bench script)
 * and resolves once `healthPath` answers 200.
 */
export async function startServer(options: {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  port: number;
  healthPath: string;
  timeoutMs?: number;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  hookExit();
  // TypeScript runs through tsx; a .mjs script (npm start's scripts/start.mjs) runs as it is.
  const loader = options.script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, options.script], {
    cwd: ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      live.delete(child);
      resolve();
    });
  });

  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exited) throw new Error(`${options.name} exited during start-up:\n${tail}`);
    try {
      const response = await fetch(url + options.healthPath, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not become healthy in time:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    name: options.name,
    pid: child.pid ?? -1,
    url,
    idleRssMb: child.pid ? rssMb(child.pid) : null,
    output: () => tail,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
