import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const heldByThisProcess = new Set<string>();

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
 * PGlite has no multi-process safety: two processes on one directory silently lose rows.
 * A lock file holding the owner's PID keeps a second server out; a lock left by a dead
 * process (kill -9, power loss) is stale and is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
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
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      // Our own PID in the file is stale too (a container restarted as PID 1), unless this
      // very process holds the lock: then it is a second open from the same process.
      const heldHere = pid === process.pid && heldByThisProcess.has(path.resolve(dir));
      if (Number.isInteger(pid) && pid > 0 && (heldHere || (pid !== process.pid && isAlive(pid)))) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dir)} is in use by another server (PID ${pid}). ` +
            'Stop that server first, or set DATA_DIR to another directory.',
        );
      }
      rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dir)}; try again.`);
}
