import type { z } from 'zod';
import type { exerciseCreateBody } from '../../../contract/exercises';
import { invalidProps } from '../../components/form-field';
import { DumbbellIcon, RunIcon } from '../../components/page-icons';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { useSchemaForm } from '../../lib/form/use-schema-form';

export type NewExerciseValues = z.output<typeof exerciseCreateBody>;

const METRICS = [
  {
    value: 'wlsession',
    label: 'reps * kgs = vol',
    hint: 'Weights: sets of reps and kilograms',
    Icon: DumbbellIcon,
  },
  { value: 'pasession', label: 'dist, pace, time', hint: 'Cardio: distance and time', Icon: RunIcon },
] as const;

interface NewExerciseFormProps {
  isSaving: boolean;
  onSubmit: (values: NewExerciseValues) => Promise<unknown>;
}

export function NewExerciseForm({ isSaving, onSubmit }: NewExerciseFormProps) {
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/exercises').then((m) => m.exerciseCreateBody), {
    onSubmit,
    // No metrics preselected: the choice is deliberate ('You must choose an option').
    defaultValues: { title: '' },
  });

  const metricsError = errors.session?.message;
  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        id="title"
        label="Title"
        autoComplete="off"
        placeholder="e.g. Bench Press"
        error={errors.title?.message}
        {...register('title')}
      />
      <fieldset
        className={`field choice-group${metricsError ? ' field-invalid' : ''}`}
        {...invalidProps('metrics', metricsError)}
      >
        <legend className="field-label">Metrics</legend>
        {metricsError && (
          <p id="metrics-error" className="field-error">
            {metricsError}
          </p>
        )}
        <div className="choices">
          {METRICS.map(({ value, label, hint, Icon }) => (
            // The label stretches over the whole card, so a tap anywhere picks the option.
            <div key={value} className="choice">
              <input
                id={`metrics-${value}`}
                type="radio"
                value={value}
                aria-describedby={`metrics-${value}-hint`}
                {...register('session')}
              />
              <Icon className="choice-icon" />
              <span className="choice-text">
                <label htmlFor={`metrics-${value}`} className="choice-label">
                  {label}
                </label>
                <span id={`metrics-${value}-hint`} className="choice-hint">
                  {hint}
                </span>
              </span>
            </div>
          ))}
        </div>
      </fieldset>
      <SubmitButton isSaving={isSaving} />
    </form>
  );
}
