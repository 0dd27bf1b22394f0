import { useSearchParams } from 'react-router';
import { OIDC_OUTCOMES, oidcOutcomeMessage, type OidcOutcome } from '../../../contract/oidc-outcomes';
import { useConfig } from '../../lib/config';

/** The `?oidc=` outcome the server sent the browser back with, if it is one we know. */
export function useOidcOutcome(): OidcOutcome | null {
  const [params] = useSearchParams();
  const value = params.get('oidc');
  return (OIDC_OUTCOMES as readonly string[]).includes(value ?? '') ? (value as OidcOutcome) : null;
}

/** The provider's name from /api/config, or null where none is set up. */
export function useOidcName(): string | null {
  return useConfig().config?.oidcName ?? null;
}

/**
 * `Sign in with {name}` on the login and register screens, where the server has a provider
 * (docs/api.md §13): a plain link, since the sign-in is a round of the browser through the
 * provider's site. Below it, why the last attempt ended here, if it did.
 */
export function OidcSignIn() {
  const { config, failed } = useConfig();
  const isLoading = !config && !failed;
  const name = config?.oidcName ?? null;
  const outcome = useOidcOutcome();
  return (
    <>
      {/* Once the name is known: an alert is read out as it appears, and should not change. */}
      {outcome && !isLoading && (
        <p className="alert alert-error" role="alert">
          {oidcOutcomeMessage(outcome, name ?? 'your identity provider')}
        </p>
      )}
      {name && (
        <div className="oidc-sign-in">
          <p className="muted oidc-or">or</p>
          <a className="btn btn-secondary btn-block" href="/api/auth/oidc/start">
            Sign in with {name}
          </a>
        </div>
      )}
    </>
  );
}
