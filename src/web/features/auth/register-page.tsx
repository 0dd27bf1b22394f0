import { useState } from 'react';
import { Link } from 'react-router';
import { toastError } from '../../lib/error-toast';
import type { z } from 'zod';
import type { registerBody } from '../../../contract/users';
import { FormPage } from '../../components/form-page';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { authStore } from '../../lib/auth-store';
import { useConfig } from '../../lib/config';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useDocumentTitle } from '../../lib/hooks';
import { useSave } from '../../lib/use-save';
import { useRegisterMutation } from './auth.api';
import { OidcSignIn } from './oidc-sign-in';
import { TurnstileWidget } from './turnstile-widget';

type Output = z.output<typeof registerBody>;

/**
 * REGISTRATION (docs/api.md §13): a server that takes no sign-ups says so instead of a form it
 * would refuse; accounts come from its administrator (`npm run add-user`) or its identity provider.
 */
function RegistrationClosed({ oidcName }: { oidcName: string | null }) {
  return (
    <FormPage title="Create New Account">
      <p className="alert" role="status">
        Registration is closed on this server.{' '}
        {oidcName
          ? `Sign in with ${oidcName} to get an account.`
          : 'Ask the person who runs it to create an account for you.'}
      </p>
      <p className="form-links">
        <span className="muted">Already have an account?</span> <Link to="/login">Login</Link>
      </p>
    </FormPage>
  );
}

export const CAPTCHA_MISSING = 'Please complete the CAPTCHA verification';

export function RegisterPage() {
  useDocumentTitle('Register');
  const save = useSave();
  const { config } = useConfig();
  const siteKey = config?.turnstileSiteKey ?? null;
  const [token, setToken] = useState<string | null>(null);
  const [widgetResets, setWidgetResets] = useState(0);
  const [registerUser, { isLoading }] = useRegisterMutation();
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/users').then((m) => m.registerBody), {
    onSubmit: send,
    onError: failed,
    defaultValues: { username: '', email: '', password: '' },
  });

  function send(values: Output) {
    // docs/product.md §5: say so, but still send: the server has the final word on the bot check.
    if (siteKey && !token) toastError(CAPTCHA_MISSING);
    const body = { ...values, turnstileToken: token ?? undefined };
    // The redirect for signed-in users fires too; replacing keeps one /logs entry in history.
    return save(async () => authStore.signIn(await registerUser(body).unwrap()), {
      done: 'Registered Successfully',
      then: '/logs',
      replace: true,
    });
  }

  /** A refused token cannot be sent again: the widget starts over. */
  function failed() {
    if (siteKey) {
      setToken(null);
      setWidgetResets((n) => n + 1);
    }
  }

  if (config && config.registration !== 'open') return <RegistrationClosed oidcName={config.oidcName} />;

  return (
    <FormPage title="Create New Account">
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          id="username"
          label="Username"
          autoComplete="username"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        {siteKey && <TurnstileWidget siteKey={siteKey} onToken={setToken} resetKey={widgetResets} />}
        <SubmitButton isSaving={isLoading} />
      </form>
      <OidcSignIn />
      <p className="form-links">
        <span className="muted">Already have an account?</span> <Link to="/login">Login</Link>
      </p>
    </FormPage>
  );
}
