import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const heldByThisProcess = new Set<string>();

/** PF_EXITING in the flags of /proc/<pid>/stat (field 9): the process has begun to exit. */
const PF_EXITING = 0x4;
/** SIGKILL (signal 9) in a pending-signal mask of /proc/<pid>/status. */
const SIGKILL_BIT = 1n << 8n;
/** How long a dying owner is given to finish exiting before its lock is taken over anyway. */
const DYING_WAIT_MS = 2000;

/** The fields of /proc/<pid>/stat from field 3 (state) on: the command name (field 2) may hold spaces and ')'. */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * What /proc says of a process that exists: 'gone' for a zombie (dead, waiting to be reaped: after
 * kill -9 its parent may take a moment), 'dying' for one that has begun to exit (a big heap takes
 * a while to free) or has SIGKILL pending (it dies as soon as it is scheduled), else 'running'.
 * `stat` is /proc/<pid>/stat, `status` /proc/<pid>/status ('' when unreadable).
 */
export function procState(stat: string, status: string): 'running' | 'dying' | 'gone' {
  const fields = statFields(stat);
  if (fields[0] === 'Z' || fields[0] === 'X') return 'gone';
  if ((Number(fields[6]) & PF_EXITING) !== 0) return 'dying';
  const pending = [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gim)];
  return pending.some(([, mask]) => (BigInt(`0x${mask}`) & SIGKILL_BIT) !== 0n) ? 'dying' : 'running';
}

function readProc(pid: number | 'self', file: 'stat' | 'status'): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The process that wrote the lock (`pid`, started at `started`: clock ticks since boot, field 22
 * of /proc/<pid>/stat). With the PID, the start time names one process, so a PID the system has
 * since given to another process counts as gone. Where /proc cannot tell (another OS), the PID alone.
 */
function ownerState(pid: number, started: string | undefined): 'running' | 'dying' | 'gone' {
  const stat = readProc(pid, 'stat');
  if (stat === null) {
    if (readProc('self', 'stat') === null) return isAlive(pid) ? 'running' : 'gone';
    return 'gone';
  }
  if (started !== undefined && statFields(stat)[19] !== started) return 'gone';
  return procState(stat, readProc(pid, 'status') ?? '');
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * PGlite has no multi-process safety: two processes on one directory silently lose rows.
 * A lock file holding the owner's PID and start time keeps a second server out; a lock left by a
 * dead process (kill -9, power loss), a zombie, a dying process, or a PID now used by another
 * process is stale and is taken over (docs/api.md §9). A dying owner is first given up to
 * DYING_WAIT_MS to finish exiting, so nothing it was still writing lands after we start.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      const self = readProc('self', 'stat');
      const started = self === null ? undefined : statFields(self)[19];
      writeSync(fd, started ? `${process.pid} ${started}` : String(process.pid));
      closeSync(fd);
      heldByThisProcess.add(path.resolve(dir));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(path.resolve(dir));
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, started] = readFileSync(file, 'utf8').trim().split(' ');
      const pid = Number.parseInt(pidText, 10);
      // Our own PID in the file is stale too (a container restarted as PID 1), unless this
      // very process holds the lock: then it is a second open from the same process.
      const heldHere = pid === process.pid && heldByThisProcess.has(path.resolve(dir));
      let owner = Number.isInteger(pid) && pid > 0 && pid !== process.pid ? ownerState(pid, started) : 'gone';
      for (const until = Date.now() + DYING_WAIT_MS; owner === 'dying' && Date.now() < until;) {
        sleepSync(50);
        owner = ownerState(pid, started);
      }
      if (heldHere || owner === 'running') {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dir)} is in use by another server (PID ${pid}). ` +
            'Stop that server first, or set DATA_DIR to another directory.',
        );
      }
      rmSync(file, { force: true }); // stale: its owner is gone, dying, a zombie, or another process
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dir)}; try again.`);
}
