import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { defineStatement } from '../../db/statement';
import type { KeyParams } from '../users/idempotency-keys';
import { notSignedIn } from '../../lib/app-error';

// Every function is one named statement (db/statement.ts) that starts from the signed-in user
// (`signed_in_user`, db/functions/signed-in-user.sql) and touches only their logs (docs/api.md §1). Answers come back as the
// JSON text PostgreSQL built (decision 0014).

type Signed = { tokenHash: string };
/** A statement's answer; `signed_in` is false when the session expired or was revoked. */
type Answer = { signed_in: boolean; json: string | null };
const answerRow = z.object({ signed_in: z.boolean(), json: z.string().nullable() }).strict();

function answerOf(row: Answer): string | null {
  if (!row.signed_in) throw notSignedIn();
  return row.json;
}

const logsPage = defineStatement<Signed & { page: number; limit: number; offset: number }, Answer>(
  'logs_page',
  (p) => sql`select me.user_id is not null as signed_in, json_build_object(
      'logs', pg.items,
      'pagination', pagination_json(t.total, ${p.page}::bigint, ${p.limit}::int)
    )::text as json
    from (select 1) one left join signed_in_user(${p.tokenHash}) me on true
    cross join lateral (select count(*)::int as total from logs x where x.author_id = me.user_id) t
    cross join lateral (
      select coalesce(json_agg(log_json(l) order by l.active_at desc, l.id), '[]') as items
      from (
        select * from logs x where x.author_id = me.user_id
        order by active_at desc, id limit ${p.limit} offset ${p.offset}
      ) l
    ) pg`,
  answerRow,
);

/** The logs list (docs/api.md §7): a page of the user's logs, most recently active first, and the pagination. */
export async function readLogsPage(
  db: object,
  tokenHash: string,
  page: { page: number; limit: number; offset: number },
): Promise<string> {
  return answerOf(await logsPage(db, { tokenHash, ...page })) as string;
}

const logById = defineStatement<Signed & { id: string }, Answer>(
  'log_by_id',
  (
    p,
  ) => sql`select me.user_id is not null as signed_in, case when l.id is not null then log_json(l)::text end as json
    from (select 1) one left join signed_in_user(${p.tokenHash}) me on true left join logs l on l.author_id = me.user_id and l.id = ${p.id}`,
  answerRow,
);

/** The log's JSON, or null when the user has no log with this id. */
export async function findLogById(db: object, tokenHash: string, id: string): Promise<string | null> {
  return answerOf(await logById(db, { tokenHash, id }));
}

const insertLog = defineStatement<Signed & KeyParams & { id: string; title: string; slug: string }, Answer>(
  'insert_log',
  (p) => sql`with me as (select user_id from signed_in_user(${p.tokenHash})),
    l as (
      insert into logs (id, author_id, title, slug) select ${p.id}, me.user_id, ${p.title}, ${p.slug} from me
      returning *
    ),
    -- The answer kept under the request's Idempotency-Key, if it has one (decision 0016).
    remembered as (
      insert into idempotency_keys (user_id, route, key, request_hash, status, body)
      select l.author_id, ${p.keyRoute}, ${p.keyValue}, ${p.keyHash}, 201, log_json(l::logs)::text
      from l where ${p.keyValue}::text is not null
    )
    select exists (select from me) as signed_in, (select log_json(l::logs)::text from l) as json`,
  answerRow,
);

/** The new log's JSON, kept under the request's Idempotency-Key; 'taken' when another of the user's logs has this slug. */
export async function createLog(
  db: object,
  tokenHash: string,
  input: { id: string; title: string; slug: string },
  key: KeyParams,
): Promise<string | 'taken'> {
  try {
    return answerOf(await insertLog(db, { tokenHash, ...input, ...key })) as string;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

const updateLogStatement = defineStatement<Signed & { id: string; title: string; slug: string }, Answer>(
  'update_log',
  (p) => sql`with me as (select user_id from signed_in_user(${p.tokenHash})),
    l as (
      update logs x set title = ${p.title}, slug = ${p.slug}, updated_at = now(), active_at = now()
      from me where x.author_id = me.user_id and x.id = ${p.id} returning x.*
    )
    select exists (select from me) as signed_in, (select log_json(l::logs)::text from l) as json`,
  answerRow,
);

/** The renamed log's JSON; null when the user has no log with this id; 'taken' when another has the slug. */
export async function updateLog(
  db: object,
  tokenHash: string,
  input: { id: string; title: string; slug: string },
): Promise<string | null | 'taken'> {
  try {
    return answerOf(await updateLogStatement(db, { tokenHash, ...input }));
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

const deleteLogStatement = defineStatement<Signed & { id: string; slug: string }, Answer>(
  'delete_log',
  // An id names a log before a slug does: a slug may look like another log's id.
  (p) => sql`with me as (select user_id from signed_in_user(${p.tokenHash})),
    target as (
      select x.* from logs x, me where x.author_id = me.user_id and x.id = coalesce(
        (select id from logs where author_id = me.user_id and id = ${p.id}),
        (select id from logs where author_id = me.user_id and slug = ${p.slug}))
    ),
    -- It goes to the trash with all it holds (db/functions/trash-of.sql, decision 0034).
    binned as (insert into trash select b.* from target t cross join lateral trash_of_log(t::logs) b on conflict do nothing),
    binned_sessions as (
      insert into trash_sessions select t.author_id, t.id, s.id, to_jsonb(s) - 'api_json'
      from target t cross join lateral sessions_of_log(t::logs) s on conflict do nothing
    ),
    gone as (delete from logs x using target t where x.author_id = t.author_id and x.id = t.id returning x.id)
    select exists (select from me) as signed_in, (select id::text from gone) as json`,
  answerRow,
);

/**
 * Moves the log named by its id (a UUID) or its slug to the trash; false when the user has no such
 * log. Its exercises, sessions, workouts and routines go with it (ON DELETE CASCADE), all in one
 * statement, so one transaction.
 */
export async function deleteLog(
  db: object,
  tokenHash: string,
  idOrSlug: { id: string; slug: string },
): Promise<boolean> {
  return answerOf(await deleteLogStatement(db, { tokenHash, ...idOrSlug })) !== null;
}
