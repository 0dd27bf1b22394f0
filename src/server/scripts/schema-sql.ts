import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { runSqlOn } from '../db/functions';
import { schemaSql } from '../db/schema-sql';
import { ROOT } from '../paths';

/** `npm run db:schema`: writes src/server/db/schema.sql from a fresh in-memory database. */
export const SCHEMA_SQL = path.join(ROOT, 'src/server/db/schema.sql');

export async function freshSchemaSql(): Promise<string> {
  const database = await openDatabase({ dataDir: ':memory:' });
  try {
    return await schemaSql(runSqlOn(database));
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await freshSchemaSql();
  const old = (() => {
    try {
      return readFileSync(SCHEMA_SQL, 'utf8');
    } catch {
      return '';
    }
  })();
  writeFileSync(SCHEMA_SQL, text);
  console.log(old === text ? 'schema.sql is up to date' : 'schema.sql written');
}
