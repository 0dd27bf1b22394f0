import { useEffect, type ReactNode } from 'react';
import type { z } from 'zod';
import { DEFAULT_REST_SECONDS, MAX_REST_SECONDS } from '../../../contract/rest-timer';
import type { profileBody } from '../../../contract/users';
import { FormPage } from '../../components/form-page';
import { GoBack } from '../../components/go-back';
import { LoadError } from '../../components/load-error';
import { RadioGroup } from '../../components/radio-group';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { authStore } from '../../lib/auth-store';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useDocumentTitle } from '../../lib/hooks';
import { useSave } from '../../lib/use-save';
import { useGetProfileQuery, useUpdateProfileMutation } from './auth.api';

type Output = z.output<typeof profileBody>;

const UNITS = [
  { value: 'kg', label: 'Kilograms (kg)' },
  { value: 'lb', label: 'Pounds (lb)' },
] as const;

/** `children`: further sections below the form (the app adds "Your data"). */
export function ProfilePage({ children }: { children?: ReactNode }) {
  useDocumentTitle('Profile');
  const save = useSave();
  const { data: profile, error, isLoading } = useGetProfileQuery();
  const [updateProfile, { isLoading: isSaving }] = useUpdateProfileMutation();
  const {
    register,
    submit,
    reset,
    watch,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/users').then((m) => m.profileBody), {
    onSubmit: send,
    defaultValues: {
      username: '',
      email: '',
      password: '',
      currentPassword: '',
      weightUnit: 'kg',
      restSeconds: DEFAULT_REST_SECONDS,
    },
  });
  // The server asks for the current password only when the email or the password changes
  // (docs/api.md §9), so the field shows only then.
  const [email, password] = watch(['email', 'password']) as [string, string | undefined];
  const needsCurrentPassword =
    !!profile && (email.trim().toLowerCase() !== profile.email || (password ?? '') !== '');

  // Prefilled from the server, not from localStorage (which only holds what the UI needs). A later
  // refetch of the profile (the session check) must not wipe what the user has typed meanwhile.
  useEffect(() => {
    if (profile)
      reset(
        {
          username: profile.username,
          email: profile.email,
          password: '',
          currentPassword: '',
          weightUnit: profile.weightUnit,
          restSeconds: profile.restSeconds,
        },
        { keepDirtyValues: true },
      );
  }, [profile, reset]);

  function send(values: Output) {
    // The current password goes only with a change that needs it (the field is hidden otherwise).
    const body = needsCurrentPassword ? values : { ...values, currentPassword: '' };
    return save(async () => authStore.signIn(await updateProfile(body).unwrap()), {
      done: 'Profile updated',
      then: '/logs',
    });
  }

  return (
    <FormPage title="Update User Profile" back={<GoBack fallback="/logs" />} after={children}>
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <LoadError error={error} />
      ) : (
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
            hint="Leave blank to keep your current password."
            error={errors.password?.message}
            {...register('password')}
          />
          {needsCurrentPassword && (
            <TextField
              id="currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              hint="Needed to change your email or password."
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
          )}
          <RadioGroup
            id="weightUnit"
            legend="Weights in"
            options={UNITS}
            hint="Sets you log are kept exactly as you type them; the other unit is converted for display."
            error={errors.weightUnit?.message}
            field={register('weightUnit')}
          />
          <TextField
            id="restSeconds"
            label="Rest between sets"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_REST_SECONDS}
            step={1}
            suffix="s"
            hint="The rest timer's length after a set, unless a routine sets its own."
            error={errors.restSeconds?.message}
            {...register('restSeconds')}
          />
          <SubmitButton isSaving={isSaving} />
        </form>
      )}
    </FormPage>
  );
}
