import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TRASH_DAYS } from '../../../contract/trash';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { isoMs } from '../../db/json-sql';
import { defineRowsStatement, defineStatement } from '../../db/statement';
import { notSignedIn } from '../../lib/app-error';
import { DateSlugs } from '../sessions/session-slugs';

// The account's trash (docs/api.md §14, decision 0034). The delete statements of logs, exercises,
// sessions and workouts move a record and what goes with it into a `trash` row
// (db/functions/trash-of.sql); these statements list, restore and delete those rows. An item past
// TRASH_DAYS is gone for every statement here at once; the sweep (main.ts) removes its row later.

const fresh = sql.raw(`t.deleted_at > now() - interval '${TRASH_DAYS} days'`);

const items = defineStatement<{ tokenHash: string }, { signed_in: boolean; json: string }>(
  'trash_items',
  (p) => sql`select me.user_id is not null as signed_in, json_build_object('items', coalesce((
      select json_agg(json_build_object('_id', t.id, 'kind', t.kind, 'title', t.title,
          'deletedAt', ${sql.raw(isoMs('t.deleted_at'))},
          'contains', json_build_object('exercises', t.exercises, 'sessions', t.sessions))
        order by t.deleted_at desc, t.id)
      from trash t where t.author_id = me.user_id and ${fresh}
    ), '[]'))::text as json
    from (select 1) one left join signed_in_user(${p.tokenHash}) me on true`,
  z.object({ signed_in: z.boolean(), json: z.string() }).strict(),
);

/** The signed-in user's trash, newest first, as JSON text. */
export async function readTrash(db: object, tokenHash: string): Promise<string> {
  const row = await items(db, { tokenHash });
  if (!row.signed_in) throw notSignedIn();
  return row.json;
}

const restoreSet = defineStatement<
  { tokenHash: string; id: string },
  { signed_in: boolean; author_id: string | null; ids: string }
>(
  'trash_restore_set',
  // The item and, through `needs`, every item holding a record it lives in, and theirs. A record
  // cannot be deleted once it is in the trash, so a parent was always deleted after its child:
  // newest first restores each parent before what lives in it.
  (p) => sql`with recursive me as (select user_id from signed_in_user(${p.tokenHash})),
    wanted(author_id, id, needs, deleted_at) as (
      select t.author_id, t.id, t.needs, t.deleted_at from trash t join me on t.author_id = me.user_id
      where t.id = ${p.id} and ${fresh}
      union
      select t.author_id, t.id, t.needs, t.deleted_at from wanted w
      join trash t on t.author_id = w.author_id and t.id = any(w.needs)
      where ${fresh}
    )
    select me.user_id is not null as signed_in, me.user_id as author_id,
      (select coalesce(json_agg(w.id order by w.deleted_at desc, w.id), '[]') from wanted w)::text as ids
    from (select 1) one left join me on true`,
  z.object({ signed_in: z.boolean(), author_id: z.string().nullable(), ids: z.string() }).strict(),
);

type Taken = {
  tbl: 'logs' | 'exercises' | 'sessions';
  id: string;
  slug: string;
  domain: string;
  taken: string[];
};

const takenSlugs = defineRowsStatement<{ authorId: string; id: string }, Taken>(
  'trash_taken_slugs',
  // For each log, exercise and session of the item: the live slugs it could clash with (a log's
  // among the user's logs, an exercise's in its log, a session's on its date in its exercise).
  (p) => sql`with item as (select t.rows from trash t where t.author_id = ${p.authorId} and t.id = ${p.id}),
    rows as (
      select 'logs' as tbl, x->>'id' as id, x->>'slug' as slug, '' as domain,
        array(select o.slug from logs o where o.author_id = ${p.authorId}
          and (o.slug = x->>'slug' or left(o.slug, length(x->>'slug') + 1) = (x->>'slug') || '-')) as taken
      from item, jsonb_array_elements(item.rows -> 'logs') x
      union all
      select 'exercises', x->>'id', x->>'slug', x->>'log_id',
        array(select o.slug from exercises o where o.author_id = ${p.authorId} and o.log_id = (x->>'log_id')::uuid
          and (o.slug = x->>'slug' or left(o.slug, length(x->>'slug') + 1) = (x->>'slug') || '-'))
      from item, jsonb_array_elements(item.rows -> 'exercises') x
      union all
      select 'sessions', x->>'id', x->>'slug', (x->>'exercise_id') || ' ' || (x->>'created_date'),
        array(select o.slug from sessions o where o.author_id = ${p.authorId}
          and o.exercise_id = (x->>'exercise_id')::uuid and o.created_date = (x->>'created_date')::date)
      from (select ts.row as x from trash_sessions ts where ts.author_id = ${p.authorId} and ts.item_id = ${p.id}) s
      -- A session of an exercise in the trash (a log's, an exercise's own) meets no live slug.
      where exists (select from exercises e where e.author_id = ${p.authorId} and e.id = (x->>'exercise_id')::uuid)
    )
    select tbl, id, slug, domain, taken from rows`,
  z
    .object({
      tbl: z.enum(['logs', 'exercises', 'sessions']),
      id: z.string(),
      slug: z.string(),
      domain: z.string(),
      taken: z.array(z.string()),
    })
    .strict(),
);

type SlugMap = Record<Taken['tbl'], Record<string, string>>;

/**
 * The new slugs of an item's records whose slug was taken while they were in the trash
 * (docs/api.md §4): a log or an exercise gets `-2`, `-3` …, a session the next free `-N` of its date
 * (DateSlugs, the one place a session's slug is chosen).
 */
export function freeSlugs(rows: Taken[]): SlugMap {
  const map: SlugMap = { logs: {}, exercises: {}, sessions: {} };
  const dates = new Map<string, DateSlugs>();
  for (const row of rows.filter((r) => r.tbl === 'sessions')) {
    let slugs = dates.get(row.domain);
    if (!slugs) dates.set(row.domain, (slugs = new DateSlugs()));
    const date = row.domain.slice(-10);
    for (const slug of row.taken) slugs.add(date, slug);
    // The item's own sessions keep their slugs where free, so none takes another's.
    if (!row.taken.includes(row.slug)) slugs.add(date, row.slug);
  }
  for (const row of rows) {
    if (!row.taken.includes(row.slug)) continue;
    if (row.tbl === 'sessions') {
      map.sessions[row.id] = (dates.get(row.domain) as DateSlugs).take(row.domain.slice(-10)) as string;
    } else {
      let n = 2;
      while (row.taken.includes(`${row.slug}-${n}`)) n += 1;
      map[row.tbl][row.id] = `${row.slug}-${n}`;
    }
  }
  return map;
}

const restoreItem = defineStatement<{ authorId: string; id: string; slugs: string }, { restored: boolean }>(
  'trash_restore_item',
  // The rows go back as they were (same ids, values and timestamps; a session's api_json is built
  // again by its trigger, the quota counters by theirs), with the slugs of `slugs` where taken.
  // The item's sessions are its rows of trash_sessions, which its row's delete takes with it.
  // A workout its sessions were in comes back too: the item's own, else one another item holds
  // (it went with that item's session), else the sessions come back alone. A routine entry comes
  // back into a routine that is in the item, or that was not edited since (an edit rewrote its entries).
  // A row already there is kept (on conflict (id)): a session deleted while its log's delete waited
  // for it is in both items. A slug taken meanwhile still fails, and the restore runs again.
  (p) => sql`with item as (
      delete from trash t where t.author_id = ${p.authorId} and t.id = ${p.id} returning t.rows, t.deleted_at
    ),
    slugs as (select ${p.slugs}::jsonb as m),
    item_sessions as (
      select ts.row as x from trash_sessions ts where ts.author_id = ${p.authorId} and ts.item_id = ${p.id}
    ),
    new_logs as (
      select (case when slugs.m -> 'logs' ? (x->>'id') then jsonb_set(x, '{slug}', slugs.m -> 'logs' -> (x->>'id')) else x end) as x
      from item, slugs, jsonb_array_elements(item.rows -> 'logs') x
    ),
    new_exercises as (
      select (case when slugs.m -> 'exercises' ? (x->>'id') then jsonb_set(x, '{slug}', slugs.m -> 'exercises' -> (x->>'id')) else x end) as x
      from item, slugs, jsonb_array_elements(item.rows -> 'exercises') x
    ),
    new_routines as (select r.* from item, jsonb_populate_recordset(null::routines, coalesce(item.rows -> 'routines', '[]')) r),
    own_workouts as (select w.* from item, jsonb_populate_recordset(null::workouts, coalesce(item.rows -> 'workouts', '[]')) w),
    session_workouts as (
      select distinct (x->>'workout_id')::uuid as id from item_sessions where x->>'workout_id' is not null
    ),
    borrowed_workouts as (
      select distinct on (w.id) w.* from session_workouts n
      join trash o on o.author_id = ${p.authorId} and o.rows -> 'workouts' @> jsonb_build_array(jsonb_build_object('id', n.id))
      cross join lateral jsonb_populate_recordset(null::workouts, o.rows -> 'workouts') w
      where w.id = n.id
        and not exists (select from own_workouts v where v.id = n.id)
        and not exists (select from workouts l where l.author_id = ${p.authorId} and l.id = n.id)
      order by w.id
    ),
    new_workouts as (select * from own_workouts union all select * from borrowed_workouts),
    new_sessions as (
      select (case when slugs.m -> 'sessions' ? (x->>'id') then jsonb_set(x, '{slug}', slugs.m -> 'sessions' -> (x->>'id')) else x end)
        || case when x->>'workout_id' is null
          or exists (select from new_workouts w where w.id = (x->>'workout_id')::uuid)
          or exists (select from workouts l where l.author_id = ${p.authorId} and l.id = (x->>'workout_id')::uuid)
          then '{}'::jsonb else '{"workout_id": null, "workout_position": null, "workout_superset": null}'::jsonb end as x
      from item, slugs, item_sessions
    ),
    ins_logs as (
      insert into logs select * from jsonb_populate_recordset(null::logs, (select coalesce(jsonb_agg(x), '[]') from new_logs))
      on conflict (id) do nothing
    ),
    ins_exercises as (
      insert into exercises
      select * from jsonb_populate_recordset(null::exercises, (select coalesce(jsonb_agg(x), '[]') from new_exercises))
      on conflict (id) do nothing
    ),
    ins_routines as (insert into routines select * from new_routines on conflict (id) do nothing),
    ins_entries as (
      insert into routine_entries
      select x.* from item, jsonb_populate_recordset(null::routine_entries, coalesce(item.rows -> 'routine_entries', '[]')) x
      where exists (select from new_routines r where r.id = x.routine_id)
        or exists (select from routines r where r.author_id = ${p.authorId} and r.id = x.routine_id
          and r.updated_at <= item.deleted_at)
    ),
    ins_workouts as (
      insert into workouts (id, author_id, log_id, title, created_date, started_at, ended_at, notes, routine_id,
        created_at, updated_at, import_id)
      select w.id, w.author_id, w.log_id, w.title, w.created_date, w.started_at, w.ended_at, w.notes,
        -- A routine deleted meanwhile leaves the workout without one, as its delete does (ON DELETE SET NULL).
        case when exists (select from new_routines r where r.id = w.routine_id)
          or exists (select from routines r where r.author_id = w.author_id and r.id = w.routine_id)
          then w.routine_id end,
        w.created_at, w.updated_at, w.import_id
      from new_workouts w
      on conflict (id) do nothing
    ),
    ins_sessions as (
      insert into sessions select r.* from new_sessions n cross join lateral jsonb_populate_record(null::sessions, n.x) r
      on conflict (id) do nothing
    )
    select exists (select from item) as restored`,
  z.object({ restored: z.boolean() }).strict(),
);

/** Thrown inside the restore's transaction to take it back: the item went meanwhile. */
const GONE = Symbol('trash item gone');

/**
 * Restores a trash item of the signed-in user, and the items holding the records it lives in, in
 * one transaction; false when the user has no such item. A slug taken at the same moment by
 * another write runs the transaction again.
 */
export async function restoreTrashItem(db: Db, tokenHash: string, id: string): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const set = await restoreSet(tx, { tokenHash, id });
        if (!set.signed_in) throw notSignedIn();
        const ids = JSON.parse(set.ids) as string[];
        if (ids.length === 0) return false;
        const authorId = set.author_id as string;
        for (const itemId of ids) {
          const slugs = freeSlugs(await takenSlugs(tx, { authorId, id: itemId }));
          const { restored } = await restoreItem(tx, { authorId, id: itemId, slugs: JSON.stringify(slugs) });
          if (!restored) throw GONE;
        }
        return true;
      });
    } catch (error) {
      if (error === GONE) return false;
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

const deleteForGood = defineStatement<
  { tokenHash: string; id: string },
  { signed_in: boolean; deleted: number }
>(
  'trash_delete',
  // Items that live in this one (a session of a log deleted later) could never come back without
  // it: they go too.
  (p) => sql`with recursive me as (select user_id from signed_in_user(${p.tokenHash})),
    doomed(author_id, id) as (
      select t.author_id, t.id from trash t join me on t.author_id = me.user_id where t.id = ${p.id} and ${fresh}
      union
      select t.author_id, t.id from doomed d join trash t on t.author_id = d.author_id and d.id = any(t.needs)
    ),
    gone as (delete from trash t using doomed d where t.author_id = d.author_id and t.id = d.id returning t.id)
    select me.user_id is not null as signed_in, (select count(*)::int from gone) as deleted
    from (select 1) one left join me on true`,
  z.object({ signed_in: z.boolean(), deleted: z.number() }).strict(),
);

/** Deletes a trash item of the signed-in user for good; false when the user has no such item. */
export async function deleteTrashItem(db: object, tokenHash: string, id: string): Promise<boolean> {
  const row = await deleteForGood(db, { tokenHash, id });
  if (!row.signed_in) throw notSignedIn();
  return row.deleted > 0;
}

const sweep = defineStatement<Record<string, never>, unknown>(
  'trash_sweep',
  () => sql`delete from trash where deleted_at <= now() - interval '${sql.raw(String(TRASH_DAYS))} days'`,
);

/** Housekeeping: items past TRASH_DAYS, already invisible, leave the table; main.ts sweeps them. */
export async function sweepTrash(db: object): Promise<void> {
  await sweep(db, {});
}
