import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';

/**
 * The HOOK for deleting an account that has no password (docs/api.md §13, "Delete the account"):
 * true when the request proves its owner is at the keyboard without one, that is a valid
 * two-factor `code` for the account, or a sign-in through the identity provider within the last
 * 5 minutes. Two-factor codes and OpenID Connect sign-ins are built separately; until they are,
 * no passwordless account exists and this answers false, so such a deletion is refused with
 * `Sign in again to delete this account`.
 */
export async function passwordlessAccountReauthenticated(
  _deps: Deps,
  _request: FastifyRequest,
  _account: { id: string; code?: string },
): Promise<boolean> {
  return false;
}
