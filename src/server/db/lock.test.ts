import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirLockedError, lockDataDir, procState } from './lock';

const LOCK_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lock.ts');

/** Another server process: takes the lock with the real code, says so, then holds it until killed. */
function startLockHolder(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    lockDataDir(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    child.stdout?.on('data', (chunk) => {
      if (String(chunk).includes('locked')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${stderr}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL'); // like a crash: the lock file stays behind
  });
}

/** The PID of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  let dir: string;
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wl-lock-'));
  });
  afterEach(async () => {
    await Promise.all(children.splice(0).map(stop));
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes our PID into server.lock and removes it on release', () => {
    const release = lockDataDir(dir);
    const file = path.join(dir, 'server.lock');
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    release();
    expect(existsSync(file)).toBe(false);
    release(); // twice is harmless
    const again = lockDataDir(dir);
    again();
  });

  it('takes over a lock whose owner is a zombie (killed, not yet reaped)', async () => {
    // `sleep 0` exits at once; its parent (exec'd into `sleep 30`) never reaps it: a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent);
    const zombie = Number(
      await new Promise<string>((resolve) => parent.stdout!.once('data', (c) => resolve(String(c)))),
    );
    await expect.poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
    writeFileSync(path.join(dir, 'server.lock'), String(zombie));
    const release = lockDataDir(dir);
    release();
  });

  it('takes over a lock whose PID now belongs to another process (start time differs)', () => {
    writeFileSync(path.join(dir, 'server.lock'), `${process.ppid} 1`);
    const release = lockDataDir(dir);
    release();
  });

  it('creates the data directory when it does not exist yet', () => {
    const nested = path.join(dir, 'a', 'b');
    const release = lockDataDir(nested);
    expect(existsSync(path.join(nested, 'server.lock'))).toBe(true);
    release();
  });

  it('refuses a second lock in the same process while the first is held', () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });

  it('refuses a second lock while another live process holds it, naming that PID', async () => {
    const holder = await startLockHolder(dir);
    children.push(holder);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').split(' ')[0]).toBe(String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by another server \\(PID ${holder.pid}\\)`));
    // Refusing touched nothing: the holder still owns the lock.
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').split(' ')[0]).toBe(String(holder.pid));
  });

  it('takes over a stale lock whose process has died (kill -9)', async () => {
    const holder = await startLockHolder(dir);
    await stop(holder);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').split(' ')[0]).toBe(String(holder.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
  });

  it('takes over a lock file holding our own PID left by an earlier life (container restart as PID 1)', () => {
    writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
  });

  it('takes over a lock file holding a dead PID or garbage', async () => {
    const file = path.join(dir, 'server.lock');
    writeFileSync(file, String(await deadPid()));
    lockDataDir(dir)();
    writeFileSync(file, 'not a pid');
    lockDataDir(dir)();
    writeFileSync(file, '');
    lockDataDir(dir)();
    expect(existsSync(file)).toBe(false);
  });

  it('respects the lock of a live server even while it is stopped (SIGSTOP)', async () => {
    const holder = await startLockHolder(dir);
    children.push(holder);
    holder.kill('SIGSTOP');
    try {
      await expect.poll(() => readFileSync(`/proc/${holder.pid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('T');
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      holder.kill('SIGCONT');
    }
  });

  it('reads a process that is exiting, or has SIGKILL pending, as dying (its lock is taken over)', () => {
    // A real stat line, with the command name holding spaces and parentheses.
    const stat = (state: string, flags: number) =>
      `4242 (node (x) y) ${state} 1 4242 4242 0 -1 ${flags} 1 0 0 0 5 3 0 0 20 0 11 0 98765 0 0`;
    const status = (sigPnd: string, shdPnd: string) =>
      `Name:\tnode\nState:\tR (running)\nSigPnd:\t${sigPnd}\nShdPnd:\t${shdPnd}\nSigBlk:\t0000000000000100\n`;
    const none = '0000000000000000';
    expect(procState(stat('S', 0x400040), status(none, none))).toBe('running');
    expect(procState(stat('R', 0x400040), '')).toBe('running');
    expect(procState(stat('Z', 0x400040), status(none, none))).toBe('gone');
    expect(procState(stat('R', 0x40040c), status(none, none))).toBe('dying'); // PF_EXITING
    expect(procState(stat('D', 0x400040), status(none, '0000000000000100'))).toBe('dying'); // SIGKILL
    expect(procState(stat('S', 0x400040), status('0000000000000100', none))).toBe('dying');
    // Another pending signal (SIGTERM, 15) is not a death sentence: the server may handle it.
    expect(procState(stat('S', 0x400040), status(none, '0000000000004000'))).toBe('running');
    // This very process, read from /proc, is running.
    expect(
      procState(readFileSync('/proc/self/stat', 'utf8'), readFileSync('/proc/self/status', 'utf8')),
    ).toBe('running');
  });

  it('keeps a second server from opening the PGlite database at all', async () => {
    const holder = await startLockHolder(dir);
    children.push(holder);
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
  });
});
