import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { backupPglite, restorePglite } from './backup';
import { openDatabase } from './client';

const dir = mkdtempSync(path.join(tmpdir(), 'wl-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the real app on a PGlite directory, runs `work`, and stops it. */
async function withApp<T>(dataDir: string, work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  try {
    return await work(app);
  } finally {
    await app.close();
    await database.close();
  }
}

describe('PGlite backup and restore', () => {
  it('round-trips real data, and keeps the replaced database aside', async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dir, 'snapshot.tar.gz');
    const cookie = await withApp(dataDir, async (app) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { username: 'Kept', email: 'kept@example.com', password: 'secret1' },
      });
      const sid = String(res.headers['set-cookie']).split(';')[0];
      await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { cookie: sid },
        payload: { title: 'Before backup' },
      });
      return sid;
    });

    expect(await backupPglite(dataDir, file)).toBeGreaterThan(1000);

    // Changes after the backup are undone by the restore.
    await withApp(dataDir, async (app) => {
      await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { cookie },
        payload: { title: 'After backup' },
      });
    });
    const keptAs = await restorePglite(dataDir, file);
    expect(keptAs).toContain('before-restore');

    const titles = await withApp(dataDir, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/api/logs', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json().logs.map((l: { title: string }) => l.title);
    });
    expect(titles).toEqual(['Before backup']);
  });

  it('refuses to back up a directory a running server holds', async () => {
    const dataDir = path.join(dir, 'busy');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = await openDatabase(config);
    try {
      await expect(backupPglite(dataDir, path.join(dir, 'busy.tar.gz'))).rejects.toThrow(
        /in use by another server/,
      );
    } finally {
      await database.close();
    }
  });
});
