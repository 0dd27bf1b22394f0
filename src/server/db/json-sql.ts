import { type SQL, sql } from 'drizzle-orm';

// PostgreSQL builds the JSON of the record routes (decision 0014): these are the pieces every
// record's builder shares. The shapes are the contract's (src/contract), checked against its zod
// schemas on every answer of the server tests (test/test-app.ts).

/**
 * A timestamptz as the API writes it: ISO 8601 UTC with milliseconds ("2026-11-22T05:49:17.123Z").
 * `session_api_json` (db/functions/session-api-json.sql) writes sessions' timestamps in the same
 * format; json-sql.test.ts pins it.
 */
export const isoMs = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A timestamptz with every digit PostgreSQL keeps (an export: records created within one
 * millisecond keep their order through a round trip); milliseconds when the rest are zeros.
 */
export const isoExact = (column: string) =>
  `case when extract(microseconds from ${column})::bigint % 1000 = 0 then ${isoMs(column)}
    else to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') end`;

/**
 * The pagination object of every list (docs/api.md §7): `totalPages` is the true page count (0
 * for an empty list; the web app shows one empty page). The exercise page names it twice, once
 * per session kind, so the names are given.
 */
export function paginationFields(
  total: SQL,
  page: SQL,
  limit: SQL,
  totalPagesKeys: readonly string[] = ['totalPages'],
): SQL {
  const pages = sql`((${total}) + (${limit})::int - 1) / (${limit})::int`;
  return sql.join(
    [
      ...totalPagesKeys.map((key) => sql`${sql.raw(`'${key}'`)}, ${pages}`),
      sql`'page', (${page})::bigint, 'limit', (${limit})::int, 'total', (${total})`,
    ],
    sql`, `,
  );
}
