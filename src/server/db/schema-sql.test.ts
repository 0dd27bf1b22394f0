import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshSchemaSql, SCHEMA_SQL } from '../scripts/schema-sql';

// The committed schema.sql is what the migrations and db/functions/ make of a fresh database
// (decision 0020). It is always made on PGlite, whatever DATABASE_URL says, so it reads the same
// on every machine.
describe('src/server/db/schema.sql', () => {
  it('is what the migrations and db/functions/ produce (else: npm run db:schema)', async () => {
    const committed = readFileSync(SCHEMA_SQL, 'utf8');
    expect(await freshSchemaSql(), 'schema.sql is stale: run `npm run db:schema` and commit it').toBe(
      committed,
    );
  });
});
