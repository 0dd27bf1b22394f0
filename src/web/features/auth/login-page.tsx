import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { z } from 'zod';
import { loginBody } from '../../../contract/users';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { authStore } from '../../lib/auth-store';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useDocumentTitle } from '../../lib/hooks';
import { useLoginMutation } from './auth.api';

type Output = z.output<typeof loginBody>;

export function LoginPage() {
  useDocumentTitle('Login');
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(loginBody, {
    onSubmit: send,
    onError: failed,
    defaultValues: { email: '', password: '' },
  });

  async function send(values: Output) {
    const user = await login(values).unwrap();
    authStore.signIn(user);
    toast.success('Logged in Successfully');
    // The redirect for signed-in users fires too; replacing keeps one /logs entry in history.
    navigate('/logs', { replace: true });
  }

  function failed(error: unknown) {
    toast.error(errorMessage(error));
  }

  return (
    <section className="page page-narrow">
      <div className="card form-card">
        <h1>User Login</h1>
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
      </div>
    </section>
  );
}
