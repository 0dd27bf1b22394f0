// npm run backup [-- <file>]: snapshot of the embedded database (stop the server first).
import path from 'node:path';
import { loadConfig } from '../config';
import { backupPglite } from '../db/backup';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README).');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = process.argv[2] ?? path.join('backups', `workout-log-${stamp}.tar.gz`);
try {
  await import('node:fs').then((fs) => fs.mkdirSync(path.dirname(file), { recursive: true }));
  const bytes = await backupPglite(config.dataDir, file);
  console.log(`Backed up ${path.resolve(config.dataDir)} to ${file} (${Math.round(bytes / 1024)} KB).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
