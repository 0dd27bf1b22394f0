import { PGlite } from '@electric-sql/pglite';
import { existsSync, renameSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from './lock';

// PGlite is one process per data directory, so a backup takes the same lock as the server:
// a consistent snapshot needs the server stopped (PostgreSQL users have pg_dump instead).

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Writes a gzipped tarball of the embedded database to `file`; returns its size in bytes. */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  if (!existsSync(pgliteDir(dataDir))) throw new Error(`No database in ${path.resolve(dataDir)} to back up.`);
  const release = lockDataDir(dataDir);
  try {
    const db = new PGlite(pgliteDir(dataDir));
    try {
      await db.waitReady;
      const dump = await db.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      await writeFile(file, bytes);
      return bytes.length;
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

/**
 * Replaces the embedded database with a backup. The current one is kept beside it
 * (`pglite.before-restore-<time>`), so a wrong file loses nothing.
 */
export async function restorePglite(dataDir: string, file: string): Promise<string | null> {
  const archive = await readFile(file);
  const release = lockDataDir(dataDir);
  try {
    let keptAs: string | null = null;
    if (existsSync(pgliteDir(dataDir))) {
      keptAs = `${pgliteDir(dataDir)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(pgliteDir(dataDir), keptAs);
    }
    try {
      const db = new PGlite(pgliteDir(dataDir), { loadDataDir: new Blob([archive]) });
      await db.waitReady;
      await db.query('select count(*) from users'); // proves the archive is a database of ours
      await db.close();
    } catch (error) {
      if (keptAs) {
        renameSync(pgliteDir(dataDir), `${pgliteDir(dataDir)}.failed-restore`);
        renameSync(keptAs, pgliteDir(dataDir));
      }
      throw error;
    }
    return keptAs;
  } finally {
    release();
  }
}
