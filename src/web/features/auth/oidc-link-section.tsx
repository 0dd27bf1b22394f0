import { oidcOutcomeMessage } from '../../../contract/oidc-outcomes';
import { useSave } from '../../lib/use-save';
import { useGetOidcLinkQuery, useUnlinkOidcMutation } from './auth.api';
import { useOidcName, useOidcOutcome } from './oidc-sign-in';

/**
 * **Link {name}** / **Unlink** on the profile, where the server has a provider (docs/api.md
 * §13). Linking is a round of the browser through the provider, back to /profile?oidc=….
 * Unlinking needs a password to fall back on.
 */
export function OidcLinkSection() {
  const name = useOidcName();
  return name ? <OidcLink name={name} /> : null;
}

function OidcLink({ name }: { name: string }) {
  const save = useSave();
  const { data } = useGetOidcLinkQuery();
  const [unlink, { isLoading }] = useUnlinkOidcMutation();
  const outcome = useOidcOutcome();
  return (
    <section className="card data-section" aria-labelledby="oidc-link-title">
      <h2 id="oidc-link-title">Sign in with {name}</h2>
      <div className="data-part">
        {outcome && (
          <p
            className={outcome === 'linked' ? 'muted' : 'alert alert-error'}
            role={outcome === 'linked' ? 'status' : 'alert'}
          >
            {oidcOutcomeMessage(outcome, name)}
          </p>
        )}
        {data?.linked ? (
          <>
            <p className="muted">
              Your {name} account is linked: you can sign in with it.
              {!data.passwordSet &&
                ' Set a password (Forgot password on the login screen) before you unlink it.'}
            </p>
            <div className="data-downloads">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={!data.passwordSet || isLoading}
                onClick={() =>
                  void save(() => unlink().unwrap(), { done: (answer) => answer.message }).catch(() => {})
                }
              >
                Unlink
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="muted">Link your {name} account to sign in with it as well as your password.</p>
            <div className="data-downloads">
              <a className="btn btn-secondary" href="/api/auth/oidc/start?link=1">
                Link {name}
              </a>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
