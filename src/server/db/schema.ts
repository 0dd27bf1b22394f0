import {
  bigint,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { WeightUnit } from '../../contract/metrics';
import type { PlateSettings } from '../../contract/plates';
import type { SetType } from '../../contract/set-types';

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
  // Null for an account the OpenID provider made, until its owner sets a password (migration 0018).
  passwordHash: text('password_hash'),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** The unit the user's screens show weights in (docs/api.md §10); stored values stay kilograms. */
  weightUnit: text('weight_unit', { enum: ['kg', 'lb'] })
    .notNull()
    .default('kg'),
  /** The rest after a set of an exercise without a routine entry (docs/api.md §11, migration 0015). */
  restSeconds: integer('rest_seconds').notNull().default(120),
  /** The bar and plates of each unit the user saved (`{"kg": {bar, plates}}`); null: the defaults. */
  plates: jsonb('plates').$type<Partial<Record<WeightUnit, PlateSettings>>>(),
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
    // Devices (migration 0017): the id the API names a session by (never the token or its hash),
    // the device's label, and when the session was last seen (kept at most 5 minutes stale).
    id: uuid('id').notNull().defaultRandom(),
    device: text('device').notNull().default('Unknown device'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), uniqueIndex('auth_sessions_id_uq').on(t.id)],
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
    // The import that wrote the row, if one did (migration 0009, decision 0017).
    importId: uuid('import_id'),
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
    importId: uuid('import_id'),
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
  /** As typed for a set entered in pounds, else null (docs/api.md §10). */
  pounds: number | null;
  isHard: boolean;
  volume: number;
  /** Absent on a set stored before set types (docs/api.md §11): it is a normal set without RPE. */
  type?: SetType;
  rpe?: number | null;
}

/**
 * Both kinds of session in one table (decision 0012): a weight session keeps its sets as one
 * JSON array (always read and written whole) and its volumes; a pace session its time, distance,
 * pace and speed. The other kind's columns are null (CHECK `sessions_kind_columns`, migration 0004).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['wlsession', 'pasession'] }).notNull(),
    slug: text('slug').notNull(),
    createdDate: date('created_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    sets: jsonb('sets').$type<StoredSet[]>(),
    totalVolume: doublePrecision('total_volume'),
    junkVolume: doublePrecision('junk_volume'),
    workingVolume: doublePrecision('working_volume'),
    hours: doublePrecision('hours'),
    minutes: doublePrecision('minutes'),
    seconds: doublePrecision('seconds'),
    distance: doublePrecision('distance'),
    paceMinutes: doublePrecision('pace_minutes'),
    paceSeconds: doublePrecision('pace_seconds'),
    speed: doublePrecision('speed'),
    // A weight session's best set figures for records, unrounded (migration 0008); null for pace.
    // Warm-up sets count for none of them, nor for exact_volume (docs/api.md §11).
    heaviest: doublePrecision('heaviest'),
    e1rm: doublePrecision('e1rm'),
    bestSetVolume: doublePrecision('best_set_volume'),
    // A weight session's volume before rounding, for the bestSessionVolume record (migration 0010):
    // its sets other than warm-ups, so not an unrounded total_volume.
    exactVolume: doublePrecision('exact_volume'),
    // The same figures from the sets' pounds, for a pound user (migration 0013); null for pace.
    totalVolumeLb: doublePrecision('total_volume_lb'),
    junkVolumeLb: doublePrecision('junk_volume_lb'),
    workingVolumeLb: doublePrecision('working_volume_lb'),
    heaviestLb: doublePrecision('heaviest_lb'),
    e1rmLb: doublePrecision('e1rm_lb'),
    bestSetVolumeLb: doublePrecision('best_set_volume_lb'),
    exactVolumeLb: doublePrecision('exact_volume_lb'),
    ...timestamps,
    importId: uuid('import_id'),
    // The workout it belongs to, its place in it and its superset (migration 0016); null for a
    // session logged on its own.
    workoutId: uuid('workout_id').references((): AnyPgColumn => workouts.id, { onDelete: 'cascade' }),
    workoutPosition: integer('workout_position'),
    workoutSuperset: integer('workout_superset'),
    // The session's API JSON, built by PostgreSQL and stored on every write by the trigger of
    // db/functions/sessions-api-json-trigger.sql (function `session_api_json`, decision 0014),
    // which replaces whatever an insert gives it.
    apiJson: json('api_json')
      .notNull()
      .$defaultFn(() => null),
  },
  (t) => [
    uniqueIndex('sessions_exercise_slug_uq').on(t.authorId, t.exerciseId, t.slug),
    // The pages' exact order (id breaks ties). nullsFirst: drizzle's desc() alone means
    // DESC NULLS LAST, which a plain `order by … desc` (NULLS FIRST) cannot walk.
    index('sessions_exercise_date_idx').on(
      t.authorId,
      t.exerciseId,
      t.createdDate.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('sessions_author_date_idx').on(t.authorId, t.createdDate),
    index('sessions_workout_idx')
      .on(t.authorId, t.workoutId, t.workoutPosition)
      .where(sql`${t.workoutId} is not null`),
  ],
);

/** A plan of a log (docs/api.md §11, migration 0016); its entries are rows of routine_entries. */
export const routines = pgTable('routines', {
  id: uuid('id').primaryKey(),
  authorId: uuid('author_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  logId: uuid('log_id')
    .notNull()
    .references(() => logs.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  notes: text('notes').notNull().default(''),
  ...timestamps,
  importId: uuid('import_id'),
});

/** A routine's entry; deleting its exercise deletes it (the foreign key). Targets null for pace. */
export const routineEntries = pgTable(
  'routine_entries',
  {
    routineId: uuid('routine_id')
      .notNull()
      .references(() => routines.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    sets: integer('sets'),
    repsMin: integer('reps_min'),
    repsMax: integer('reps_max'),
    restSeconds: integer('rest_seconds').notNull(),
    superset: integer('superset'),
  },
  (t) => [index('routine_entries_routine_idx').on(t.routineId, t.position)],
);

/** Several sessions of one log in one sitting (docs/api.md §11, migration 0016). */
export const workouts = pgTable(
  'workouts',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    logId: uuid('log_id')
      .notNull()
      .references(() => logs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdDate: date('created_date', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'string' }),
    notes: text('notes').notNull().default(''),
    routineId: uuid('routine_id').references(() => routines.id, { onDelete: 'set null' }),
    ...timestamps,
    importId: uuid('import_id'),
  },
  (t) => [
    index('workouts_log_order_idx').on(
      t.authorId,
      t.logId,
      t.createdDate.desc().nullsFirst(),
      t.startedAt.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * One import into one account (decision 0017): at most one unfinished per account; `aliveAt`
 * moves while it writes, so a batch whose writer died can be told from one still running.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    aliveAt: timestamp('alive_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('imports_one_running_uq')
      .on(t.authorId)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/** Two-factor sign-in (migration 0018, features/users/two-factor.repository.ts). */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  /** Null while set up and not yet confirmed by a code. */
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'string' }),
  /** The time steps of the codes accepted within the last three steps: each is refused again (migration 0021). */
  usedSteps: bigint('used_steps', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'`),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** A right password waiting for its second factor: the pending cookie's token hash, 5 minutes. */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('pending_logins_user_idx').on(t.userId), index('pending_logins_expires_idx').on(t.expiresAt)],
);

/** Accounts at the OpenID provider, by (issuer, sub) (features/users/oidc.repository.ts). */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('oidc_identities_user_idx').on(t.userId)],
);

/** A sign-in sent to the provider and not back yet: PKCE verifier, state, nonce; 10 minutes. */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    tokenHash: text('token_hash').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    linkUserId: uuid('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    index('oidc_flows_expires_idx').on(t.expiresAt),
    index('oidc_flows_link_user_idx').on(t.linkUserId),
  ],
);

/** The account's trash (migration 0019, decision 0034): a deleted record and what went with it, as rows. */
export const trash = pgTable(
  'trash',
  {
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    needs: uuid('needs').array().notNull(),
    exercises: integer('exercises').notNull(),
    sessions: integer('sessions').notNull(),
    rows: jsonb('rows').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.authorId, t.id] }),
    index('trash_author_deleted_idx').on(t.authorId, t.deletedAt.desc(), t.id),
    index('trash_deleted_idx').on(t.deletedAt),
  ],
);

/** A trash item's sessions, one row each (migration 0022, decision 0034): `row` as the session was. */
export const trashSessions = pgTable(
  'trash_sessions',
  {
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    id: uuid('id').notNull(),
    row: jsonb('row').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.authorId, t.itemId, t.id] }),
    foreignKey({ columns: [t.authorId, t.itemId], foreignColumns: [trash.authorId, trash.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const schema = {
  users,
  authSessions,
  passwordResets,
  logs,
  exercises,
  sessions,
  imports,
  routines,
  routineEntries,
  workouts,
  twoFactor,
  recoveryCodes,
  pendingLogins,
  oidcIdentities,
  oidcFlows,
  trash,
  trashSessions,
};
