import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineStatement } from '../../db/statement';
import type { Deps } from '../../deps';
import { sessionTokenHash } from '../../plugins/auth';
import { twoFactorState } from './two-factor.repository';
import { codeAccepted } from './two-factor.routes';

/** How recent a sign-in through the identity provider must be to delete the account (docs/api.md §13). */
const FRESH_SIGN_IN = '5 minutes';

const freshProviderSignIn = defineStatement<{ tokenHash: string; userId: string }, { fresh: boolean }>(
  'fresh_provider_sign_in',
  // An account without a password signs in only through the provider (a reset sets a password),
  // so its session's own start is when the provider last vouched for it.
  (p) => sql`select exists (
      select from auth_sessions s
      where s.token_hash = ${p.tokenHash} and s.user_id = ${p.userId}
        and s.created_at > now() - ${FRESH_SIGN_IN}::interval
        and exists (select from oidc_identities i where i.user_id = s.user_id)
    ) as fresh`,
  z.object({ fresh: z.boolean() }).strict(),
);

/**
 * Deleting an account that has no password (docs/api.md §13, "Delete the account"): true when the
 * request proves its owner is at the keyboard, with a valid two-factor `code` for the account
 * (spent like a login's), or with this session begun by a sign-in through the identity provider
 * within the last 5 minutes.
 */
export async function passwordlessAccountReauthenticated(
  deps: Deps,
  request: FastifyRequest,
  account: { id: string; code?: string },
): Promise<boolean> {
  if (account.code) {
    const twoFactor = await twoFactorState(deps.db, account.id);
    if (twoFactor?.enabled) return codeAccepted(deps.db, account.id, twoFactor.secret, account.code);
  }
  const tokenHash = sessionTokenHash(request);
  if (!tokenHash) return false;
  return (await freshProviderSignIn(deps.db, { tokenHash, userId: account.id })).fresh;
}
