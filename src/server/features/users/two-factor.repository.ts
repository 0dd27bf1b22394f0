import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineStatement } from '../../db/statement';

// Two-factor sign-in (migration 0018): the TOTP secret, the recovery codes' hashes and the
// pending logins, one named statement each (db/statement.ts). Each "use" is one conditional
// update, so two requests racing with one code cannot both be let in.

const none = z.undefined();
const done = z.object({ userId: z.string() }).strict().optional();

const state = defineStatement<{ userId: string }, { secret: string; enabled: boolean } | undefined>(
  'two_factor_state',
  (p) => sql`select secret, enabled_at is not null as enabled from two_factor where user_id = ${p.userId}`,
  z.object({ secret: z.string(), enabled: z.boolean() }).strict().optional(),
);

/** The account's TOTP secret and whether it is on; null when never set up (or turned off). */
export async function twoFactorState(
  db: object,
  userId: string,
): Promise<{ secret: string; enabled: boolean } | null> {
  return (await state(db, { userId })) ?? null;
}

export async function twoFactorOn(db: object, userId: string): Promise<boolean> {
  return (await state(db, { userId }))?.enabled ?? false;
}

const setup = defineStatement<{ userId: string; secret: string }, { userId: string } | undefined>(
  'set_up_two_factor',
  // A new set-up replaces one not yet enabled; an enabled one stays (nothing returned).
  (p) => sql`insert into two_factor (user_id, secret) values (${p.userId}, ${p.secret})
    on conflict (user_id) do update set secret = excluded.secret, used_steps = '{}', created_at = now()
      where two_factor.enabled_at is null
    returning user_id as "userId"`,
  done,
);

/** false when 2FA is already on. */
export async function setUpTwoFactor(db: object, userId: string, secret: string): Promise<boolean> {
  return (await setup(db, { userId, secret })) !== undefined;
}

const enable = defineStatement<
  { userId: string; step: number; codeHashes: string },
  { userId: string } | undefined
>(
  'enable_two_factor',
  (p) => sql`with enabled as (
      update two_factor set enabled_at = now(), used_steps = array[${p.step}::bigint]
      where user_id = ${p.userId} and enabled_at is null
      returning user_id
    ), codes as (
      insert into recovery_codes (user_id, code_hash)
      select e.user_id, h from enabled e, json_array_elements_text(${p.codeHashes}::json) h
    )
    select user_id as "userId" from enabled`,
  done,
);

/** Turns on the set-up secret, keeping `step` as used and the recovery codes' hashes; false if already on. */
export async function enableTwoFactor(
  db: object,
  userId: string,
  step: number,
  codeHashes: string[],
): Promise<boolean> {
  return (await enable(db, { userId, step, codeHashes: JSON.stringify(codeHashes) })) !== undefined;
}

const useStep = defineStatement<{ userId: string; step: number }, { userId: string } | undefined>(
  'use_totp_step',
  // Steps more than two before this one are dropped: a code is accepted only within one step of
  // now, so theirs can no longer be (two-factor.totp.ts matchingTotpStep).
  (p) => sql`update two_factor
    set used_steps = array(select u from unnest(used_steps) u where u >= ${p.step}::bigint - 2) || ${p.step}::bigint
    where user_id = ${p.userId} and enabled_at is not null and not (${p.step}::bigint = any(used_steps))
    returning user_id as "userId"`,
  done,
);

/** Marks `step` used; false when a code of that step was accepted already. */
export async function useTotpStep(db: object, userId: string, step: number): Promise<boolean> {
  return (await useStep(db, { userId, step })) !== undefined;
}

const useRecovery = defineStatement<{ userId: string; codeHash: string }, { userId: string } | undefined>(
  'use_recovery_code',
  (p) => sql`update recovery_codes set used_at = now()
    where user_id = ${p.userId} and code_hash = ${p.codeHash} and used_at is null
    returning user_id as "userId"`,
  done,
);

/** Spends an unused recovery code; false when it is unknown or spent. */
export async function useRecoveryCode(db: object, userId: string, codeHash: string): Promise<boolean> {
  return (await useRecovery(db, { userId, codeHash })) !== undefined;
}

const disable = defineStatement<{ userId: string }, undefined>(
  'disable_two_factor',
  (p) => sql`with codes as (delete from recovery_codes where user_id = ${p.userId})
    delete from two_factor where user_id = ${p.userId}`,
  none,
);

export async function disableTwoFactor(db: object, userId: string): Promise<void> {
  await disable(db, { userId });
}

const insertPending = defineStatement<{ tokenHash: string; userId: string; seconds: number }, undefined>(
  'insert_pending_login',
  // Expired ones are swept on the way: they are dead rows, and this is the only place they grow.
  (p) => sql`with swept as (delete from pending_logins where expires_at < now())
    insert into pending_logins (token_hash, user_id, expires_at)
    values (${p.tokenHash}, ${p.userId}, now() + make_interval(secs => ${p.seconds}::int))`,
  none,
);

export async function createPendingLogin(
  db: object,
  tokenHash: string,
  userId: string,
  seconds: number,
): Promise<void> {
  await insertPending(db, { tokenHash, userId, seconds });
}

const pendingUser = defineStatement<{ tokenHash: string }, { userId: string; email: string } | undefined>(
  'pending_login_user',
  (p) => sql`select u.id as "userId", u.email from pending_logins l join users u on u.id = l.user_id
    where l.token_hash = ${p.tokenHash} and l.expires_at > now()`,
  z.object({ userId: z.string(), email: z.string() }).strict().optional(),
);

/** The account a pending login is for, while it has not expired nor been used. */
export async function findPendingLogin(
  db: object,
  tokenHash: string,
): Promise<{ userId: string; email: string } | null> {
  return (await pendingUser(db, { tokenHash })) ?? null;
}

const finishPending = defineStatement<{ tokenHash: string }, { userId: string } | undefined>(
  'finish_pending_login',
  (p) => sql`delete from pending_logins where token_hash = ${p.tokenHash} and expires_at > now()
    returning user_id as "userId"`,
  done,
);

/** Deletes the pending login as its sign-in completes: false when another request used it first. */
export async function finishPendingLogin(db: object, tokenHash: string): Promise<boolean> {
  return (await finishPending(db, { tokenHash })) !== undefined;
}
