import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type {
  twoFactorCodeBody,
  twoFactorDisableBody,
  twoFactorSetupBody,
  TwoFactorSetup,
} from '../../../contract/two-factor';
import { DownloadIcon } from '../../components/page-icons';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useSave } from '../../lib/use-save';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useGetProfileQuery,
  useSetUpTwoFactorMutation,
} from './auth.api';
import { QrCode } from './qr-code';

type Stage =
  | { kind: 'off' }
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

/**
 * "Two-factor authentication" on the profile (docs/api.md §13): set up with the current password,
 * scan the QR code (or type the secret), turn on with a first code, keep the recovery codes shown
 * once; or turn it off with the password and a code.
 */
export function TwoFactorSection() {
  const { data: profile } = useGetProfileQuery();
  const [stage, setStage] = useState<Stage>({ kind: 'off' });
  // Each step replaces the button that led to it: focus goes on to the new step (its first field,
  // or the codes' heading), not back to the top of the page.
  const section = useRef<HTMLElement>(null);
  const shownStage = useRef(stage.kind);
  useEffect(() => {
    if (shownStage.current === stage.kind) return;
    shownStage.current = stage.kind;
    section.current?.querySelector<HTMLElement>('input, [data-step-start], button')?.focus();
  }, [stage.kind]);
  if (!profile) return null;
  const on = profile.twoFactor && stage.kind !== 'codes';
  return (
    <section ref={section} className="card data-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor authentication</h2>
      {on ? (
        <DisableTwoFactor />
      ) : stage.kind === 'off' ? (
        <div className="data-part">
          <p className="muted">
            Sign in with a code from an authenticator app (such as Aegis, Google Authenticator or 1Password)
            as well as your password.
          </p>
          <div className="data-downloads">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setStage({ kind: 'password' })}
            >
              Set up two-factor authentication
            </button>
          </div>
        </div>
      ) : stage.kind === 'password' ? (
        <StartSetup onReady={(setup) => setStage({ kind: 'scan', setup })} />
      ) : stage.kind === 'scan' ? (
        <ScanAndEnable setup={stage.setup} onEnabled={(codes) => setStage({ kind: 'codes', codes })} />
      ) : (
        <RecoveryCodes codes={stage.codes} onDone={() => setStage({ kind: 'off' })} />
      )}
    </section>
  );
}

function StartSetup({ onReady }: { onReady: (setup: TwoFactorSetup) => void }) {
  const save = useSave();
  const [setUp, { isLoading }] = useSetUpTwoFactorMutation();
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/two-factor').then((m) => m.twoFactorSetupBody), {
    onSubmit: async (values: z.output<typeof twoFactorSetupBody>) =>
      onReady(await save(() => setUp(values).unwrap(), { done: () => null })),
    defaultValues: { currentPassword: '' },
  });
  return (
    <form className="form data-part" noValidate onSubmit={submit}>
      <TextField
        id="two-factor-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <SubmitButton isSaving={isLoading} label="Continue" />
    </form>
  );
}

function ScanAndEnable({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
}) {
  const save = useSave();
  const [enable, { isLoading }] = useEnableTwoFactorMutation();
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/two-factor').then((m) => m.twoFactorCodeBody), {
    onSubmit: async (values: z.output<typeof twoFactorCodeBody>) =>
      onEnabled(
        (await save(() => enable(values).unwrap(), { done: 'Two-factor authentication is on' }))
          .recoveryCodes,
      ),
    defaultValues: { code: '' },
  });
  return (
    <div className="data-part">
      <p className="muted">
        Scan this code with your authenticator app, then enter the 6-digit code it shows.
      </p>
      <div className="two-factor-scan">
        <QrCode text={setup.otpauthUrl} label="QR code for your authenticator app" />
        <p>
          Or type this key:{' '}
          <code className="two-factor-secret">{setup.secret.replace(/(.{4})(?!$)/g, '$1 ')}</code>
        </p>
      </div>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          id="two-factor-code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...register('code')}
        />
        <SubmitButton isSaving={isLoading} label="Turn on" />
      </form>
    </div>
  );
}

/** Shown once: the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  function download() {
    const text =
      'Workout Log recovery codes\n' +
      'Each one signs you in once, in place of a code from your authenticator app.\n\n' +
      `${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'workout-log-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <div className="data-part">
      <h3 tabIndex={-1} data-step-start>
        Your recovery codes
      </h3>
      <p className="muted">
        Keep them somewhere safe: each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="data-downloads">
        <button type="button" className="btn btn-secondary" onClick={download}>
          <DownloadIcon width={18} height={18} />
          Download recovery codes
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function DisableTwoFactor() {
  const save = useSave();
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const {
    register,
    submit,
    reset,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/two-factor').then((m) => m.twoFactorDisableBody), {
    onSubmit: async (values: z.output<typeof twoFactorDisableBody>) => {
      await save(() => disable(values).unwrap(), { done: (answer) => answer.message });
      reset();
    },
    defaultValues: { currentPassword: '', code: '' },
  });
  return (
    <div className="data-part">
      <p className="muted">
        On: signing in asks for a code from your authenticator app. To turn it off, enter your password and a
        code (or a recovery code).
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          id="disable-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          id="disable-code"
          label="Code"
          autoComplete="one-time-code"
          spellCheck={false}
          error={errors.code?.message}
          {...register('code')}
        />
        <SubmitButton isSaving={isLoading} label="Turn off" />
      </form>
    </div>
  );
}
