import { useCallback } from 'react';
import type { z } from 'zod';
import type { deleteAccountForm } from '../../../contract/account-deletion';
import { DownloadIcon } from '../../components/page-icons';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { useUserInfo } from '../../lib/auth-store';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useSave } from '../../lib/use-save';
import { useDeleteAccountMutation } from './account.api';
import './account-sections.css';

type Output = z.output<ReturnType<typeof deleteAccountForm>>;

/**
 * Delete the account (docs/api.md §13): **Export my data** first, then the email typed to confirm
 * and the current password. Once the server has deleted it, `onDeleted` makes the device forget
 * the user as a logout does (docs/api.md §12), and the home page says so.
 */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const save = useSave();
  const email = useUserInfo()?.email ?? '';
  const schema = useCallback(
    () => import('../../../contract/account-deletion').then((m) => m.deleteAccountForm(email)),
    [email],
  );
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(schema, {
    onSubmit: send,
    defaultValues: { confirmEmail: '', currentPassword: '' },
  });

  function send({ currentPassword }: Output) {
    return save(
      async () => {
        const answer = await deleteAccount({ currentPassword }).unwrap();
        await onDeleted();
        return answer;
      },
      { done: (answer) => answer.message, then: '/', replace: true },
    );
  }

  return (
    <section className="card data-section danger-section" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete account</h2>
      <p className="muted">
        Deleting your account removes every log, exercise and session in it and signs out every device. It
        cannot be undone.
      </p>
      <div className="data-part">
        <h3>1. Keep a copy</h3>
        <p className="muted">
          A JSON file of everything, which can be imported again here or on another server.
        </p>
        <div className="data-downloads">
          <a className="btn btn-secondary" href="/api/export.json" download>
            <DownloadIcon width={18} height={18} />
            Export my data
          </a>
        </div>
      </div>
      <form className="form data-part" noValidate onSubmit={submit}>
        <h3>2. Confirm</h3>
        <TextField
          id="confirmEmail"
          label={
            <>
              Type <strong className="confirm-email">{email}</strong> to confirm
            </>
          }
          type="email"
          autoComplete="off"
          spellCheck={false}
          error={errors.confirmEmail?.message}
          {...register('confirmEmail')}
        />
        <TextField
          id="deleteCurrentPassword"
          // Not "Current password": the profile form above shows a field of that name when needed.
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <button type="submit" className="btn btn-danger btn-block" disabled={isLoading} aria-busy={isLoading}>
          {isLoading && <Spinner small />}
          Delete my account
        </button>
      </form>
    </section>
  );
}
