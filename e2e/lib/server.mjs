// Starts the real server (scripts/start.mjs) on a free port with a fresh data directory, keeps
// its output (the forgot-password journey reads the emailed link from it), and stops it with SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startArgs } from '../../scripts/start-command.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds the web app unless dist/web is newer than everything it is built from. */
export function buildWebIfStale(root) {
  const built = path.join(root, 'dist/web/index.html');
  const inputs = ['src/web', 'src/contract', 'vite.config.ts', 'package-lock.json'].map((p) =>
    path.join(root, p),
  );
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt && inputs.every((input) => newestMtime(input) <= builtAt)) {
    console.log('[e2e] reusing the fresh build in dist/web');
    return;
  }
  console.log('[e2e] npx vite build');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}

export async function startServer(root) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workout-e2e-data-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    // Not 'production': that would mark the cookie Secure on this plain-HTTP address.
    NODE_ENV: 'test',
    // Every journey registers fresh users from one IP; the defaults (20 an hour) would trip.
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_FORGOT_PER_IP: '1000',
    RATE_LIMIT_RESET_PER_IP: '1000',
    SKIP_WEB_BUILD: '1',
  };
  // DATABASE_URL, when set (CI on PostgreSQL), is passed through untouched.
  delete env.SMTP_URL;
  delete env.TURNSTILE_SECRET_KEY;
  delete env.TURNSTILE_SITE_KEY;

  const child = spawn(process.execPath, startArgs(), {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk) => {
    output += chunk.toString();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  const server = {
    baseURL,
    dataDir,
    /** Everything the server printed so far. */
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      return result;
    },
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server not healthy after 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return server;
}

/** The newest reset link the server wrote to its log (emails go to the log without SMTP_URL). */
export function latestResetLink(output, email) {
  const lines = output.split('\n').filter((line) => line.includes('/reset-password/'));
  const mine = email ? lines.filter((line) => line.toLowerCase().includes(email.toLowerCase())) : lines;
  const line = (mine.length ? mine : lines).at(-1);
  const match = line && /https?:\/\/[^\s"\\]+\/reset-password\/([A-Za-z0-9_~.%-]+)/.exec(line);
  return match ? { url: match[0], token: match[1] } : null;
}
