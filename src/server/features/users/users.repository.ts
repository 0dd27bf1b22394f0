import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { defineStatement } from '../../db/statement';
import { PROFILE_SETTINGS_COLUMNS, profileSettingsRow, type StoredPlates } from './profile-settings';

// Accounts and reset links: one named statement each (db/statement.ts); the routes that change
// several rows at once run them on a transaction handle (users.routes.ts).

export const userRow = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    passwordHash: z.string().nullable(),
    isAdmin: z.boolean(),
    weightUnit: z.enum(['kg', 'lb']),
    ...profileSettingsRow,
  })
  .strict();

export type UserRow = z.infer<typeof userRow>;

/** What every statement returns of a user (oidc.repository.ts reads them from `users u`). */
export const USER_COLUMNS = sql.raw(
  `id, username, email, password_hash as "passwordHash", is_admin as "isAdmin", weight_unit as "weightUnit", ${PROFILE_SETTINGS_COLUMNS}`,
);

const maybeUser = userRow.optional();
const none = z.undefined();

const byEmail = defineStatement<{ email: string }, UserRow | undefined>(
  'user_by_email',
  (p) => sql`select ${USER_COLUMNS}
    from users where email = ${p.email}`,
  maybeUser,
);

export async function findUserByEmail(db: object, email: string): Promise<UserRow | null> {
  return (await byEmail(db, { email })) ?? null;
}

const byId = defineStatement<{ id: string }, UserRow | undefined>(
  'user_by_id',
  (p) => sql`select ${USER_COLUMNS}
    from users where id = ${p.id}`,
  maybeUser,
);

export async function findUserById(db: object, id: string): Promise<UserRow | null> {
  return (await byId(db, { id })) ?? null;
}

const insertUser = defineStatement<
  { id: string; username: string; email: string; passwordHash: string },
  UserRow | undefined
>(
  'insert_user',
  (p) => sql`insert into users (id, username, email, password_hash)
    values (${p.id}, ${p.username}, ${p.email}, ${p.passwordHash})
    on conflict (email) do nothing
    returning ${USER_COLUMNS}`,
  maybeUser,
);

/** null when the email is taken (the unique index decides, so two racing sign-ups cannot both win). */
export async function createUser(
  db: object,
  input: { username: string; email: string; passwordHash: string },
): Promise<UserRow | null> {
  return (await insertUser(db, { id: randomUUID(), ...input })) ?? null;
}

const update = defineStatement<
  {
    id: string;
    username: string;
    email: string;
    passwordHash: string | null;
    weightUnit: string | null;
    restSeconds: number | null;
    plates: string | null;
  },
  UserRow | undefined
>(
  'update_user',
  // A null password hash, unit, rest or plates keeps the stored one; plates given for one unit
  // replace that unit's and keep the other's.
  (p) => sql`update users set username = ${p.username}, email = ${p.email},
      password_hash = coalesce(${p.passwordHash}::text, password_hash),
      weight_unit = coalesce(${p.weightUnit}::text, weight_unit),
      rest_seconds = coalesce(${p.restSeconds}::int, rest_seconds),
      plates = coalesce(plates, '{}'::jsonb) || coalesce(${p.plates}::jsonb, '{}'::jsonb), updated_at = now()
    where id = ${p.id}
    returning ${USER_COLUMNS}`,
  maybeUser,
);

/** null when the new email belongs to someone else. */
export async function updateUser(
  db: object,
  id: string,
  input: {
    username: string;
    email: string;
    passwordHash?: string;
    weightUnit?: 'kg' | 'lb';
    restSeconds?: number;
    plates?: StoredPlates;
  },
): Promise<UserRow | null> {
  try {
    const row = await update(db, {
      id,
      username: input.username,
      email: input.email,
      passwordHash: input.passwordHash ?? null,
      weightUnit: input.weightUnit ?? null,
      restSeconds: input.restSeconds ?? null,
      plates: input.plates ? JSON.stringify(input.plates) : null,
    });
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

const updatePassword = defineStatement<{ id: string; passwordHash: string }, undefined>(
  'set_user_password',
  (p) => sql`update users set password_hash = ${p.passwordHash}, updated_at = now() where id = ${p.id}`,
  none,
);

export async function setPassword(db: object, id: string, passwordHash: string): Promise<void> {
  await updatePassword(db, { id, passwordHash });
}

const updateAdmin = defineStatement<{ email: string; isAdmin: boolean }, UserRow | undefined>(
  'set_user_admin',
  (p) => sql`update users set is_admin = ${p.isAdmin} where email = ${p.email}
    returning ${USER_COLUMNS}`,
  maybeUser,
);

export async function setAdmin(db: object, email: string, isAdmin: boolean): Promise<UserRow | null> {
  return (await updateAdmin(db, { email, isAdmin })) ?? null;
}

const replaceReset = defineStatement<{ userId: string; tokenHash: string }, undefined>(
  'replace_reset_token',
  // The delete and the insert see the same snapshot: the user's older links go, the new one stays.
  (p) => sql`with old as (delete from password_resets where user_id = ${p.userId})
    insert into password_resets (token_hash, user_id, expires_at)
    values (${p.tokenHash}, ${p.userId}, now() + interval '1 hour')`,
  none,
);

/** A newer request voids older links: only the latest token of a user is kept. */
export async function replaceResetToken(db: object, userId: string, tokenHash: string): Promise<void> {
  await replaceReset(db, { userId, tokenHash });
}

const consumeReset = defineStatement<{ tokenHash: string }, { userId: string } | undefined>(
  'consume_reset_token',
  (p) => sql`update password_resets set used_at = now()
    where token_hash = ${p.tokenHash} and used_at is null and expires_at > now()
    returning user_id as "userId"`,
  z.object({ userId: z.string() }).strict().optional(),
);

/** Marks the token used and returns its user, in one statement so a link works once only. */
export async function consumeResetToken(db: object, tokenHash: string): Promise<string | null> {
  return (await consumeReset(db, { tokenHash }))?.userId ?? null;
}
