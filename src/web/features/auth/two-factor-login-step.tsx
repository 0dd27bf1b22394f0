import type { z } from 'zod';
import type { twoFactorCodeBody } from '../../../contract/two-factor';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { authStore } from '../../lib/auth-store';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useSave } from '../../lib/use-save';
import { sendAuth } from './send-auth';

type Output = z.output<typeof twoFactorCodeBody>;

/**
 * Login's second step (docs/api.md §13): the password was right and the account has two-factor
 * sign-in on. A 401 means the pending login is spent or older than 5 minutes: back to the password.
 */
export function TwoFactorLoginStep({ onRestart }: { onRestart: () => void }) {
  const save = useSave();
  const {
    register,
    submit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(() => import('../../../contract/two-factor').then((m) => m.twoFactorCodeBody), {
    onSubmit: send,
    defaultValues: { code: '' },
    onError: (error) => {
      if ((error as { status?: unknown } | null)?.status === 401) onRestart();
    },
  });

  function send(values: Output) {
    const loginWithCode = () => sendAuth((auth, dispatch) => dispatch(auth.loginWithCode.initiate(values)));
    return save(async () => authStore.signIn(await loginWithCode()), {
      done: 'Logged in Successfully',
      then: '/logs',
      replace: true,
    });
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        id="code"
        label="Code"
        autoComplete="one-time-code"
        autoFocus
        spellCheck={false}
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        error={errors.code?.message}
        {...register('code')}
      />
      <SubmitButton isSaving={isSubmitting} label="Verify" />
      <button type="button" className="btn btn-secondary btn-block" onClick={onRestart}>
        Back to login
      </button>
    </form>
  );
}
