/**
 * A real load balancer in front of the fleet: Debian's nginx, run as a child process on a loopback
 * port with its own configuration, pid, logs and temp files in one directory (never the system's
 * nginx or its port 80).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sleep } from './server';

export interface AccessEntry {
  /** When nginx finished the request (ms since the epoch). */
  at: number;
  status: number;
  method: string;
  uri: string;
  /** Every upstream nginx tried, in order (more than one: it failed over). */
  upstreams: string[];
  upstreamStatuses: string[];
}

export interface LoadBalancer {
  port: number;
  base: string;
  pid: number;
  accessLog(): AccessEntry[];
  /** nginx's own error log (upstream failures, failovers). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** nginx on PATH, else Debian's path; null when it is not installed. */
export function nginxBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

const live = new Set<ChildProcess>();
// SIGTERM (not SIGKILL) so the master takes its workers down with it.
process.on('exit', () => {
  for (const proc of live) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
});

function config(dir: string, port: number, upstreamPorts: number[]): string {
  const servers = upstreamPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format fleet '$msec $status $request_method $uri "$upstream_addr" "$upstream_status"';
  access_log ${dir}/access.log fleet;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 11m;
  client_body_buffer_size 128k;

  upstream fleet {
    # One failed connection takes an instance out for 2 s, then nginx tries it again: a killed
    # instance is skipped at once and rejoins soon after it restarts.
${servers}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://fleet;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The client as nginx saw it, replacing whatever the client sent: the instances trust this
      # header from 127.0.0.1 only (TRUST_PROXY), so the per-IP limits count the real client.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_connect_timeout 1s;
      proxy_read_timeout 15s;
      # Fail over on a refused or broken connection and on a gateway error. nginx retries a GET,
      # PUT or DELETE wherever it failed, but a POST only when it never reached an instance (the
      # connection was refused): non_idempotent is deliberately not set. A POST that reached an
      # instance which then died may have committed; sent again to another instance without its
      # Idempotency-Key it could create a second row. The client holds the key, so the client
      # retries (the same key, the same body), and the server's kept answer makes that safe.
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

function parseAccessLog(text: string): AccessEntry[] {
  const entries: AccessEntry[] = [];
  for (const line of text.split('\n')) {
    const m = /^(\d+\.\d+) (\d+) (\S+) (\S+) "([^"]*)" "([^"]*)"$/.exec(line.trim());
    if (!m) continue;
    entries.push({
      at: Math.round(Number(m[1]) * 1000),
      status: Number(m[2]),
      method: m[3],
      uri: m[4],
      upstreams: m[5] === '-' ? [] : m[5].split(/, | : /),
      upstreamStatuses: m[6] === '-' ? [] : m[6].split(/, | : /),
    });
  }
  return entries;
}

/** Starts nginx on 127.0.0.1:`port` over the instances' ports; resolves once it proxies /api/health. */
export async function startLoadBalancer(
  binary: string,
  port: number,
  upstreamPorts: number[],
): Promise<LoadBalancer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'workout-fleet-nginx-'));
  // nginx's workers run as an unprivileged user when it is started as root: they must reach the
  // temp paths here.
  chmodSync(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, config(dir, port, upstreamPorts));
  const proc = spawn(binary, ['-p', `${dir}/`, '-c', conf, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(proc);
  let out = '';
  proc.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const read = (file: string) => {
    try {
      return readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return '';
    }
  };
  const balancer: LoadBalancer = {
    port,
    base: `http://127.0.0.1:${port}`,
    pid: proc.pid!,
    accessLog: () => parseAccessLog(read('access.log')),
    errorLog: () => read('error.log'),
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGQUIT'); // graceful: finish what is in flight
        const timer = setTimeout(() => proc.kill('SIGTERM'), 5000);
        await exited;
        clearTimeout(timer);
      }
      live.delete(proc);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const began = Date.now();
  while (Date.now() - began < 15_000) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      const said = `${out}\n${read('error.log')}`.trim();
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx exited at start: ${said.slice(0, 1000)}`);
    }
    try {
      const response = await fetch(`${balancer.base}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return balancer;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await balancer.stop();
  throw new Error(`nginx did not proxy /api/health within 15 s: ${out.slice(0, 500)}`);
}
