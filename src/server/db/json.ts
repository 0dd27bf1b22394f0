import { type Placeholder, type SQL, sql } from 'drizzle-orm';

// The hot read routes build their whole answer in one SQL statement (session check included,
// db/statement.ts), so a page costs one database round trip. These builders give the JSON the
// exact API shape (src/contract). Most routes still pass it through their response schema; the
// log and exercise pages send PostgreSQL's text as is (lib/prebuilt-json.ts), checked against
// the schema in tests.

/** timestamptz as ISO 8601 UTC with milliseconds, as `toIso` formats it in TypeScript. */
export const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `alias` is a table alias or CTE name whose columns are those of db/schema.ts; `extra` adds
 * `'key', value` pairs, for aggregate items that wrap a child record under a key.
 */
export const logJson = (a: string, extra: SQL = sql``) => {
  const t = sql.raw(a);
  return sql`json_build_object('_id', ${t}.id, 'title', ${t}.title, 'slugLog', ${t}.slug, 'author', ${t}.author_id,
    'createdAt', ${iso(sql`${t}.created_at`)}, 'updatedAt', ${iso(sql`${t}.updated_at`)}${extra})`;
};

export const exerciseJson = (a: string, slugLog: SQL, extra: SQL = sql``) => {
  const t = sql.raw(a);
  return sql`json_build_object('_id', ${t}.id, 'title', ${t}.title, 'slugExercise', ${t}.slug,
    'author', ${t}.author_id, 'session', ${t}.kind, 'log', ${t}.log_id, 'slugLog', ${slugLog},
    'createdAt', ${iso(sql`${t}.created_at`)}, 'updatedAt', ${iso(sql`${t}.updated_at`)}${extra})`;
};

/** `{totalPages…, page, limit, total}` as docs/api.md §7 gives it; `names` are the page-count keys. */
export const paginationJson = (total: SQL, limit: Placeholder, page: Placeholder, names: string[]) => {
  const pages = sql`ceil(${total}::numeric / ${limit})::int`;
  const counts = names.map((name) => sql`${sql.raw(`'${name}'`)}, ${pages}, `);
  return sql`json_build_object(${sql.join(counts)}'page', ${page}::bigint, 'limit', ${limit}::int, 'total', ${total})`;
};

/**
 * A session's JSON in the API's shape, as a json value. PostgreSQL stores it with the row on every
 * write (`api_json`, decision 0008), so a read only copies it.
 */
export const sessionJson = (a: string) => sql`${sql.raw(a)}.api_json::json`;

/** The signed-in user's id from the session cookie's hash: the first CTE of the log reads. */
export const meCte = (tokenHash: SQL | Placeholder) =>
  sql`me as (select s.user_id as id from auth_sessions s where s.token_hash = ${tokenHash} and s.expires_at > now())`;

/**
 * The FROM clause of every one-trip statement under an exercise: the session's row (`me`, whose
 * `user_id` is the signed-in user), the log named `slugLog` under them (`l`) and its exercise
 * named `slugExercise` (`e`). Each lookup is one probe of a unique index, so this is always
 * exactly one row, with nulls from the first missing level on: `scopeColumns` then tells 401
 * from each 404. Joins rather than one CTE per level: the plan is a short chain of index scans
 * instead of a CTE scan per reference, which PostgreSQL sets up again on every execution (≈ 15 %
 * less database CPU per exercise page under load, decision 0010).
 */
export const scopeJoins = (p: { tokenHash: Placeholder; slugLog: Placeholder; slugExercise: Placeholder }) =>
  sql`(select 1) one
    left join auth_sessions me on me.token_hash = ${p.tokenHash} and me.expires_at > now()
    left join logs l on l.author_id = me.user_id and l.slug = ${p.slugLog}
    left join exercises e on e.author_id = l.author_id and e.log_id = l.id and e.slug = ${p.slugExercise}`;

/** What `assertScope` reads from a `scopeJoins` row. */
export const scopeColumns = sql`me.user_id as "userId", l.id is not null as "hasLog", e.id is not null as "hasExercise"`;

/**
 * JSON text of `object` (a json_build_object whose text ends in `}`) with one more `"key": value`
 * pair: for docs/api.md §7's aggregate items, which repeat a parent record around each child. Done on
 * text, so the parent's JSON is built once per page rather than once per item.
 */
export const withKey = (objectText: SQL, key: string, value: SQL) =>
  sql`left(${objectText}, -1) || ${sql.raw(`',"${key}":'`)} || (${value})::text || '}'`;
