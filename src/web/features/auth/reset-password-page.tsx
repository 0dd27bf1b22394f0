import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { z } from 'zod';
import { resetPasswordBody } from '../../../contract/users';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { applyFieldErrors, errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/hooks';
import { useResetPasswordMutation } from './auth.api';

type Input = z.input<typeof resetPasswordBody>;
type Output = z.output<typeof resetPasswordBody>;

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(resetPasswordBody),
    defaultValues: { password: '' },
  });

  const onSubmit = async (values: Output) => {
    try {
      await resetPassword({ ...values, token }).unwrap();
      toast.success('Password Updated Successfully');
      navigate('/login');
    } catch (error) {
      applyFieldErrors(error, setError);
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="page page-narrow">
      <div className="card form-card">
        <h1>Reset Password</h1>
        <p className="muted">Choose a new password for your account.</p>
        <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
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
