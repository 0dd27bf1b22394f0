import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import { defineStatement } from '../../db/statement';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { createUser, findUserByEmail } from './users.repository';

// `npm run add-user -- <email>` (docs/api.md §13, src/server/scripts/add-user.ts): how an account
// comes to be on a server whose REGISTRATION is `closed`. The account's owner chooses the password
// through a set-password link (the reset flow's page and route), so whoever runs the command
// never knows it, and nothing secret stays in a terminal or a chat once the link is used.

/** As Vaultwarden's invitations, longer than a reset link's hour: the link travels by hand. */
export const SET_PASSWORD_LINK_HOURS = 72;

const insertLink = defineStatement<{ userId: string; tokenHash: string; hours: number }, undefined>(
  'insert_set_password_link',
  (p) => sql`with old as (delete from password_resets where user_id = ${p.userId})
    insert into password_resets (token_hash, user_id, expires_at)
    values (${p.tokenHash}, ${p.userId}, now() + make_interval(hours => ${p.hours}::int))`,
  z.undefined(),
);

export type AddUserResult = { ok: true; email: string; link: string } | { ok: false; message: string };

export async function addUser(
  db: object,
  config: Pick<Config, 'appUrl' | 'registration'>,
  input: { email: string; username?: string },
): Promise<AddUserResult> {
  if (config.registration === 'oidc-only')
    return {
      ok: false,
      message:
        'REGISTRATION is oidc-only: accounts come from the identity provider, and passwords are not used.',
    };
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    return { ok: false, message: `Not a valid email: ${input.email}` };
  const username = (input.username ?? email.split('@')[0]).trim().slice(0, 50) || email;
  if (await findUserByEmail(db, email)) return { ok: false, message: `An account already uses ${email}.` };
  // A password nobody knows, until the link sets one.
  const user = await createUser(db, { username, email, passwordHash: await hashPassword(newToken()) });
  if (!user) return { ok: false, message: `An account already uses ${email}.` };
  const token = newToken();
  await insertLink(db, { userId: user.id, tokenHash: hashToken(token), hours: SET_PASSWORD_LINK_HOURS });
  return { ok: true, email, link: `${config.appUrl}/reset-password/${token}` };
}
