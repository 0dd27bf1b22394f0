import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { loginBody } from '../../../contract/users';
import { FormPage } from '../../components/form-page';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { authStore } from '../../lib/auth-store';
import { useConfig } from '../../lib/config';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useDocumentTitle } from '../../lib/hooks';
import { useSave } from '../../lib/use-save';
import { OidcSignIn } from './oidc-sign-in';
import { sendAuth } from './send-auth';
import { TwoFactorLoginStep } from './two-factor-login-step';

type Output = z.output<typeof loginBody>;

export function LoginPage() {
  useDocumentTitle('Login');
  const save = useSave();
  const navigate = useNavigate();
  const { config } = useConfig();
  // The right password of an account with two-factor sign-in: its code comes next (docs/api.md §13).
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    submit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(() => import('../../../contract/users').then((m) => m.loginBody), {
    onSubmit: send,
    defaultValues: { email: '', password: '' },
  });

  async function send(values: Output) {
    const answer = await save(() => sendAuth((auth, dispatch) => dispatch(auth.login.initiate(values))), {
      done: (a) => ('twoFactorRequired' in a ? null : 'Logged in Successfully'),
    });
    if ('twoFactorRequired' in answer) return setNeedsCode(true);
    authStore.signIn(answer);
    // The redirect for signed-in users fires too; replacing keeps one /logs entry in history.
    navigate('/logs', { replace: true });
  }

  // REGISTRATION=oidc-only (docs/api.md §13): the server refuses password sign-ins, so none is offered.
  if (config?.registration === 'oidc-only')
    return (
      <FormPage title="User Login">
        <p className="alert" role="status">
          This server signs in with {config.oidcName ?? 'its identity provider'} only.
        </p>
        <OidcSignIn />
        <div className="form-links">
          <Link to="/">Home</Link>
        </div>
      </FormPage>
    );

  if (needsCode)
    return (
      <FormPage title="User Login" intro="Enter the code from your authenticator app.">
        <TwoFactorLoginStep onRestart={() => setNeedsCode(false)} />
      </FormPage>
    );

  return (
    <FormPage title="User Login">
      <form className="form" noValidate onSubmit={submit}>
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
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton isSaving={isSubmitting} />
      </form>
      <OidcSignIn />
      <div className="form-links">
        <Link to="/forgot-password">Forgot Password</Link>
        <Link to="/">Home</Link>
      </div>
    </FormPage>
  );
}
