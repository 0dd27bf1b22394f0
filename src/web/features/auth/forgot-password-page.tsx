import type { z } from 'zod';
import type { forgotPasswordBody } from '../../../contract/users';
import { FormPage } from '../../components/form-page';
import { GoBack } from '../../components/go-back';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useDocumentTitle } from '../../lib/hooks';
import { useSave } from '../../lib/use-save';
import { useForgotPasswordMutation } from './auth.api';

type Output = z.output<typeof forgotPasswordBody>;

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const save = useSave();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const {
    register,
    submit,
    reset,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/users').then((m) => m.forgotPasswordBody), {
    onSubmit: send,
    defaultValues: { email: '' },
  });

  async function send(values: Output) {
    await save(() => forgotPassword(values).unwrap(), { done: 'You will receive an email shortly' });
    reset();
  }

  return (
    <FormPage
      title="Forgot Password"
      back={<GoBack fallback="/login" />}
      intro="Enter the email you registered with and we will send you a link to reset it."
    >
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton isSaving={isLoading} />
      </form>
    </FormPage>
  );
}
