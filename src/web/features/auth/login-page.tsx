import { Link } from 'react-router';
import type { z } from 'zod';
import { loginBody } from '../../../contract/users';
import { FormPage } from '../../components/form-page';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { authStore } from '../../lib/auth-store';
import { useGetConfigQuery } from '../../lib/config.api';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useDocumentTitle } from '../../lib/hooks';
import { useSave } from '../../lib/use-save';
import { useLoginMutation } from './auth.api';

type Output = z.output<typeof loginBody>;

export function LoginPage() {
  useDocumentTitle('Login');
  const save = useSave();
  const [login, { isLoading }] = useLoginMutation();
  const { data: config } = useGetConfigQuery();
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(loginBody, {
    onSubmit: send,
    defaultValues: { email: '', password: '' },
  });

  function send(values: Output) {
    // The redirect for signed-in users fires too; replacing keeps one /logs entry in history.
    return save(async () => authStore.signIn(await login(values).unwrap()), {
      done: 'Logged in Successfully',
      then: '/logs',
      replace: true,
    });
  }

  // REGISTRATION=oidc-only (docs/api.md §13): the server refuses password sign-ins, so none is offered.
  if (config?.registration === 'oidc-only')
    return (
      <FormPage title="User Login">
        <p className="alert" role="status">
          This server signs in with {config.oidcName ?? 'its identity provider'} only.
        </p>
        <div className="form-links">
          <Link to="/">Home</Link>
        </div>
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
        <SubmitButton isSaving={isLoading} />
      </form>
      <div className="form-links">
        <Link to="/forgot-password">Forgot Password</Link>
        <Link to="/">Home</Link>
      </div>
    </FormPage>
  );
}
