// Sign in with your identity provider (docs/api.md §13). Without zod: the login screen shows these
// before any schema loads (docs/decisions/0029-sign-in-before-the-data-layer.md).

/**
 * Why a sign-in through the provider ended on the login screen (`/login?oidc=…`) or a link on
 * the profile (`/profile?oidc=…`): a code, not text, so nobody can put words on our screens
 * through a link.
 */
export const OIDC_OUTCOMES = ['failed', 'expired', 'unverified', 'taken', 'linked', 'in-use', 'off'] as const;
export type OidcOutcome = (typeof OIDC_OUTCOMES)[number];

/** What the screens say for each outcome, `{name}` being the provider's name. */
export function oidcOutcomeMessage(outcome: OidcOutcome, name: string): string {
  switch (outcome) {
    case 'failed':
      return `Signing in with ${name} did not work. Please try again.`;
    case 'expired':
      return `Signing in with ${name} took too long or was already used. Please try again.`;
    case 'unverified':
      return `${name} has not verified your email address, so no account was made. Verify it there, then try again.`;
    case 'taken':
      return `An account with your email already exists. Sign in with your password, then link ${name} from your profile.`;
    case 'linked':
      return `${name} is linked: you can now sign in with it.`;
    case 'in-use':
      return `That ${name} account is already linked to another account here.`;
    case 'off':
      return `Signing in with an identity provider is not set up on this server.`;
  }
}
