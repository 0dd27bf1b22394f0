import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineStatement } from '../../db/statement';
import { USER_COLUMNS, type UserRow, userRow } from './users.repository';

// Sign-in through an OpenID provider (migration 0018): the flows sent to the provider and the
// accounts found by (issuer, sub). One named statement each (db/statement.ts).

const none = z.undefined();

export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  linkUserId: string | null;
}

const insertFlow = defineStatement<OidcFlow & { tokenHash: string; seconds: number }, undefined>(
  'insert_oidc_flow',
  // Expired flows (people who never came back) are swept on the way: this is where they grow.
  (p) => sql`with swept as (delete from oidc_flows where expires_at < now())
    insert into oidc_flows (token_hash, state, nonce, code_verifier, link_user_id, expires_at)
    values (${p.tokenHash}, ${p.state}, ${p.nonce}, ${p.codeVerifier}, ${p.linkUserId}::uuid,
      now() + make_interval(secs => ${p.seconds}::int))`,
  none,
);

export async function createOidcFlow(
  db: object,
  tokenHash: string,
  flow: OidcFlow,
  seconds: number,
): Promise<void> {
  await insertFlow(db, { tokenHash, seconds, ...flow });
}

const takeFlow = defineStatement<{ tokenHash: string }, OidcFlow | undefined>(
  'take_oidc_flow',
  (p) => sql`delete from oidc_flows where token_hash = ${p.tokenHash} and expires_at > now()
    returning state, nonce, code_verifier as "codeVerifier", link_user_id as "linkUserId"`,
  z
    .object({
      state: z.string(),
      nonce: z.string(),
      codeVerifier: z.string(),
      linkUserId: z.string().nullable(),
    })
    .strict()
    .optional(),
);

/** The flow of this cookie, deleted as it is read: a callback works once. */
export async function takeOidcFlow(db: object, tokenHash: string): Promise<OidcFlow | null> {
  return (await takeFlow(db, { tokenHash })) ?? null;
}

const identityUser = defineStatement<{ issuer: string; subject: string }, UserRow | undefined>(
  'oidc_identity_user',
  (p) => sql`select ${USER_COLUMNS} from oidc_identities i join users u on u.id = i.user_id
    where i.issuer = ${p.issuer} and i.subject = ${p.subject}`,
  userRow.optional(),
);

/** The account linked to the provider's (issuer, sub), if any. */
export async function findOidcUser(db: object, issuer: string, subject: string): Promise<UserRow | null> {
  return (await identityUser(db, { issuer, subject })) ?? null;
}

const createUser = defineStatement<
  { id: string; username: string; email: string; issuer: string; subject: string },
  UserRow | undefined
>(
  'insert_oidc_user',
  // No password: the account signs in through the provider until its owner sets one.
  (p) => sql`with u as (
      insert into users (id, username, email, password_hash) values (${p.id}, ${p.username}, ${p.email}, null)
      on conflict (email) do nothing
      returning *
    ), linked as (
      insert into oidc_identities (issuer, subject, user_id) select ${p.issuer}, ${p.subject}, id from u
    )
    select ${USER_COLUMNS} from u`,
  userRow.optional(),
);

/** A new account linked to (issuer, sub); null when the email is taken (the unique index decides). */
export async function createOidcUser(
  db: object,
  input: { username: string; email: string; issuer: string; subject: string },
): Promise<UserRow | null> {
  return (await createUser(db, { id: randomUUID(), ...input })) ?? null;
}

const link = defineStatement<
  { issuer: string; subject: string; userId: string },
  { userId: string } | undefined
>(
  'link_oidc_identity',
  // One identity per account and provider: linking another replaces it. The owner of (issuer, sub)
  // is returned, whoever it is, so the caller can tell "linked" from "someone else's".
  (p) => sql`with mine as (
      delete from oidc_identities where user_id = ${p.userId} and issuer = ${p.issuer} and subject <> ${p.subject}
        and not exists (select from oidc_identities where issuer = ${p.issuer} and subject = ${p.subject})
    ), added as (
      insert into oidc_identities (issuer, subject, user_id) values (${p.issuer}, ${p.subject}, ${p.userId})
      on conflict (issuer, subject) do nothing
      returning user_id
    )
    select user_id as "userId" from added
    union all
    select user_id from oidc_identities where issuer = ${p.issuer} and subject = ${p.subject}`,
  z.object({ userId: z.string() }).strict().optional(),
);

/** Links (issuer, sub) to the account; false when another account holds it. */
export async function linkOidcIdentity(
  db: object,
  userId: string,
  issuer: string,
  subject: string,
): Promise<boolean> {
  return (await link(db, { issuer, subject, userId }))?.userId === userId;
}

const unlink = defineStatement<{ userId: string; issuer: string }, undefined>(
  'unlink_oidc_identity',
  (p) => sql`delete from oidc_identities where user_id = ${p.userId} and issuer = ${p.issuer}`,
  none,
);

export async function unlinkOidcIdentity(db: object, userId: string, issuer: string): Promise<void> {
  await unlink(db, { userId, issuer });
}

const linkState = defineStatement<
  { userId: string; issuer: string },
  { linked: boolean; passwordSet: boolean } | undefined
>(
  'oidc_link_state',
  (
    p,
  ) => sql`select exists (select from oidc_identities i where i.user_id = u.id and i.issuer = ${p.issuer}) as linked,
      u.password_hash is not null as "passwordSet"
    from users u where u.id = ${p.userId}`,
  z.object({ linked: z.boolean(), passwordSet: z.boolean() }).strict().optional(),
);

export async function oidcLinkState(
  db: object,
  userId: string,
  issuer: string,
): Promise<{ linked: boolean; passwordSet: boolean }> {
  return (await linkState(db, { userId, issuer })) ?? { linked: false, passwordSet: false };
}
