// PostgreSQL builds the JSON of the record routes (decision 0014); the objects themselves are
// functions of db/functions/ (log_json, exercise_json, session_api_json, pagination_json), and
// these are the timestamp formats the statements that write their own fields share. The shapes are the contract's (src/contract), checked against its zod
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
