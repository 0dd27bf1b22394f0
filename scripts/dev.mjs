#!/usr/bin/env node
// npm run dev: the API server (tsx watch, port 3000) and the Vite dev server (which proxies /api to it),
// started together and stopped together, so a crashed or interrupted one never leaves the other running.
import { spawn } from 'node:child_process';

const isWindows = process.platform === 'win32';
const npx = isWindows ? 'npx.cmd' : 'npx';
const children = [];
let isStopping = false;

function start(name, args, env) {
  const child = spawn(npx, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    // Own process group, so stopping it also stops what npx started underneath.
    detached: !isWindows,
  });
  child.on('exit', (code, signal) => {
    if (!isStopping) {
      console.error(`[dev] ${name} exited (${signal ?? code}); stopping the other one`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      if (isWindows) child.kill('SIGTERM');
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  // Give both a moment to close their ports cleanly, then leave.
  setTimeout(() => process.exit(code), 1500).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', ['tsx', 'watch', 'src/server/main.ts'], { PORT: process.env.PORT ?? '3000' });
start('web', ['vite'], {});
