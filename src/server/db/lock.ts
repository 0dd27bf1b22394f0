import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const heldByThisProcess = new Set<string>();

/**
 * When the process started, in clock ticks since boot (Linux /proc/<pid>/stat, field 22): with the
 * PID it names one process, so a PID the system has since given to another process does not
 * count. null where /proc cannot tell (another OS); 'gone' for no process, or a zombie (dead,
 * waiting to be reaped: after kill -9 its parent may take a moment).
 */
function startTime(pid: number): string | null | 'gone' {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') return existsSync('/proc/self/stat') ? 'gone' : null;
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return 'gone';
  return fields[19] ?? null;
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

/** Whether the process that wrote the lock (`pid`, started at `started`) is still running. */
function ownerRunning(pid: number, started: string | undefined): boolean {
  const now = startTime(pid);
  if (now === 'gone') return false;
  if (now === null) return isAlive(pid);
  return started === undefined || started === now;
}

/**
 * PGlite has no multi-process safety: two processes on one directory silently lose rows.
 * A lock file holding the owner's PID and start time keeps a second server out; a lock left by a
 * dead process (kill -9, power loss), a zombie, or a PID now used by another process is stale and
 * is taken over (docs/api.md §9).
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      const started = startTime(process.pid);
      writeSync(
        fd,
        typeof started === 'string' && started !== 'gone' ? `${process.pid} ${started}` : String(process.pid),
      );
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
      if (
        Number.isInteger(pid) &&
        pid > 0 &&
        (heldHere || (pid !== process.pid && ownerRunning(pid, started)))
      ) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dir)} is in use by another server (PID ${pid}). ` +
            'Stop that server first, or set DATA_DIR to another directory.',
        );
      }
      rmSync(file, { force: true }); // stale: its owner is gone, a zombie, or another process
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dir)}; try again.`);
}
