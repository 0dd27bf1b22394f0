import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import type { resetPasswordBody } from '../../../contract/users';
import { FormPage } from '../../components/form-page';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useDocumentTitle } from '../../lib/hooks';
import { useSave } from '../../lib/use-save';
import { useResetPasswordMutation } from './auth.api';

type Output = z.output<typeof resetPasswordBody>;

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const { token = '' } = useParams();
  const save = useSave();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/users').then((m) => m.resetPasswordBody), {
    onSubmit: send,
    defaultValues: { password: '' },
  });

  function send(values: Output) {
    return save(() => resetPassword({ ...values, token }).unwrap(), {
      done: 'Password Updated Successfully',
      then: '/login',
    });
  }

  return (
    <FormPage title="Reset Password" intro="Choose a new password for your account.">
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
      {/* A link used or past its hour is refused (`Invalid or expired reset link`): the way on. */}
      <div className="form-links">
        <Link to="/forgot-password">Ask for a new link</Link>
        <Link to="/login">Login</Link>
      </div>
    </FormPage>
  );
}
