import { getTableColumns, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Every content table carries author_id and every query filters on it (docs/api.md §1):
// it is the privacy boundary and the shard key should the data ever be distributed.
// Numbers are double precision: inputs have at most 2 decimals and ≤ 100000, so every
// stored value is exact to its rounding and both drivers hand back JS numbers.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull().unique(), // stored lowercased: unique case-insensitively
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  ...timestamps,
});

/** Sign-in sessions: only a hash of the cookie's token is stored. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const logs = pgTable(
  'logs',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    ...timestamps,
    // Bumped when the log or anything in it is created or edited: lists show the most active first.
    activeAt: timestamp('active_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('logs_author_slug_uq').on(t.authorId, t.slug),
    index('logs_author_active_idx').on(t.authorId, t.activeAt.desc().nullsFirst(), t.id),
  ],
);

export const exercises = pgTable(
  'exercises',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    logId: uuid('log_id')
      .notNull()
      .references(() => logs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    kind: text('kind', { enum: ['wlsession', 'pasession'] }).notNull(),
    ...timestamps,
    activeAt: timestamp('active_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exercises_log_slug_uq').on(t.authorId, t.logId, t.slug),
    index('exercises_log_active_idx').on(t.authorId, t.logId, t.activeAt.desc().nullsFirst(), t.id),
  ],
);

export interface StoredSet {
  _id: string;
  repetitions: number;
  kilograms: number;
  isHard: boolean;
  volume: number;
}

/**
 * Weight sessions keep their sets as one JSON array: a session is always read and written
 * whole, so one row per session is one index probe per read and one insert per write.
 */
export const wlsessions = pgTable(
  'wlsessions',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    createdDate: date('created_date', { mode: 'string' }).notNull(),
    sets: jsonb('sets').$type<StoredSet[]>().notNull(),
    totalVolume: doublePrecision('total_volume').notNull(),
    junkVolume: doublePrecision('junk_volume').notNull(),
    workingVolume: doublePrecision('working_volume').notNull(),
    ...timestamps,
    // The session's API JSON, kept by PostgreSQL on every write (decision 0008, migration 0002).
    apiJson: text('api_json')
      .notNull()
      .generatedAlwaysAs(
        sql`wlsession_api_json(id, author_id, exercise_id, slug, created_date, created_at, updated_at, total_volume, junk_volume, working_volume, sets)`,
      ),
  },
  (t) => [
    uniqueIndex('wlsessions_exercise_slug_uq').on(t.authorId, t.exerciseId, t.slug),
    // The pages' exact order (id breaks ties), so a page reads `limit` index entries, not the
    // exercise's every session followed by a sort. nullsFirst: drizzle's desc() alone means
    // DESC NULLS LAST, which a plain `order by … desc` (NULLS FIRST) cannot walk.
    index('wlsessions_exercise_date_idx').on(
      t.authorId,
      t.exerciseId,
      t.createdDate.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const pasessions = pgTable(
  'pasessions',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    createdDate: date('created_date', { mode: 'string' }).notNull(),
    hours: doublePrecision('hours').notNull(),
    minutes: doublePrecision('minutes').notNull(),
    seconds: doublePrecision('seconds').notNull(),
    distance: doublePrecision('distance').notNull(),
    paceMinutes: doublePrecision('pace_minutes').notNull(),
    paceSeconds: doublePrecision('pace_seconds').notNull(),
    speed: doublePrecision('speed').notNull(),
    ...timestamps,
    // The session's API JSON, kept by PostgreSQL on every write (decision 0008, migration 0002).
    apiJson: text('api_json')
      .notNull()
      .generatedAlwaysAs(
        sql`pasession_api_json(id, author_id, exercise_id, slug, created_date, created_at, updated_at, hours, minutes, seconds, distance, pace_minutes, pace_seconds, speed)`,
      ),
  },
  (t) => [
    uniqueIndex('pasessions_exercise_slug_uq').on(t.authorId, t.exerciseId, t.slug),
    // The pages' exact order (id breaks ties), so a page reads `limit` index entries, not the
    // exercise's every session followed by a sort. nullsFirst: drizzle's desc() alone means
    // DESC NULLS LAST, which a plain `order by … desc` (NULLS FIRST) cannot walk.
    index('pasessions_exercise_date_idx').on(
      t.authorId,
      t.exerciseId,
      t.createdDate.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A session table's columns without `api_json`, for repositories that read whole rows: the JSON is
 * for the one-trip reads and would double what such a read transfers.
 */
export function sessionColumns<T extends typeof wlsessions | typeof pasessions>(table: T) {
  const { apiJson: _json, ...columns } = getTableColumns(table);
  return columns;
}

export const schema = { users, authSessions, passwordResets, logs, exercises, wlsessions, pasessions };
