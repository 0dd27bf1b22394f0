import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { z } from 'zod';
import { resetPasswordBody } from '../../../contract/users';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useDocumentTitle } from '../../lib/hooks';
import { useResetPasswordMutation } from './auth.api';

type Output = z.output<typeof resetPasswordBody>;

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(resetPasswordBody, {
    onSubmit: send,
    onError: failed,
    defaultValues: { password: '' },
  });

  async function send(values: Output) {
    await resetPassword({ ...values, token }).unwrap();
    toast.success('Password Updated Successfully');
    navigate('/login');
  }

  function failed(error: unknown) {
    toast.error(errorMessage(error));
  }

  return (
    <section className="page page-narrow">
      <div className="card form-card">
        <h1>Reset Password</h1>
        <p className="muted">Choose a new password for your account.</p>
        <form className="form" noValidate onSubmit={submit}>
          <TextField
            id="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters."
            error={errors.password?.message}
            {...register('password')}
          />
          <SubmitButton isSaving={isLoading} />
        </form>
      </div>
    </section>
  );
}
