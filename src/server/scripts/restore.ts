// npm run restore -- <file>: puts a backup back in place of the embedded database (server stopped).
import path from 'node:path';
import { loadConfig } from '../config';
import { restorePglite } from '../db/backup';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore / psql (see README).');
  process.exit(2);
}
try {
  const keptAs = await restorePglite(config.dataDir, file);
  console.log(`Restored ${file} into ${path.resolve(config.dataDir)}.`);
  if (keptAs)
    console.log(`The previous database is kept at ${keptAs}; delete it when you no longer need it.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
