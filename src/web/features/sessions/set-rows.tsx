import type { ComponentProps } from 'react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import type { z } from 'zod';
import { formatNumber, setVolume } from '../../../contract/metrics';
import type { wlsessionBody } from '../../../contract/sessions';
import { errorId, invalidProps } from '../../components/form-field';
import { PlusIcon, TrashIcon } from '../../components/icons';

export type WlFormInput = z.input<typeof wlsessionBody>;

/** docs/product.md §5: a new set starts at 0 reps and 0 kg. */
export const NEW_SET = { repetitions: 0, kilograms: 0, isHard: false };

interface SetRowsProps {
  control: Control<WlFormInput, unknown, z.output<typeof wlsessionBody>>;
  register: UseFormRegister<WlFormInput>;
  errors: FieldErrors<WlFormInput>;
}

/**
 * One row per set: reps, kilograms, the Hard tick and the row's volume. Each row's remove button
 * removes that row (the original app always removed the second one); the last set cannot go.
 */
export function SetRows({ control, register, errors }: SetRowsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'set' });
  const values = useWatch({ control, name: 'set' });
  const listError = errors.set?.message ?? errors.set?.root?.message;

  return (
    <fieldset className="field sets">
      <legend className="field-label">Sets</legend>
      {listError && <p className="field-error">{listError}</p>}
      <ol className="set-list">
        {fields.map((field, index) => {
          const n = index + 1;
          const rowErrors = errors.set?.[index];
          const repsId = `set-${index}-repetitions`;
          const kgsId = `set-${index}-kilograms`;
          const volume = rowVolume(values?.[index]);
          return (
            <li key={field.id} className="set-row">
              <div className="set-row-head">
                <span className="set-number">Set {n}</span>
                <span className="set-volume" aria-live="polite">
                  {volume === null ? '' : `${formatNumber(volume)} vol`}
                </span>
                <button
                  type="button"
                  className="icon-btn icon-btn-danger"
                  aria-label={`Remove set ${n}`}
                  title={`Remove set ${n}`}
                  disabled={fields.length <= 1}
                  onClick={() => remove(index)}
                >
                  <TrashIcon width={18} height={18} />
                </button>
              </div>
              <div className="set-row-fields">
                <SetInput
                  id={repsId}
                  n={n}
                  label="reps"
                  error={rowErrors?.repetitions?.message}
                  {...register(`set.${index}.repetitions`)}
                />
                <SetInput
                  id={kgsId}
                  n={n}
                  label="KGs"
                  error={rowErrors?.kilograms?.message}
                  {...register(`set.${index}.kilograms`)}
                />
                <div className="set-hard">
                  <input id={`set-${index}-isHard`} type="checkbox" {...register(`set.${index}.isHard`)} />
                  <label htmlFor={`set-${index}-isHard`} className="set-label">
                    <span className="sr-only">Set {n} </span>Hard
                  </label>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-secondary btn-block" onClick={() => append({ ...NEW_SET })}>
        <PlusIcon width={18} height={18} />
        Add set
      </button>
    </fieldset>
  );
}

type SetInputProps = ComponentProps<'input'> & { id: string; n: number; label: string; error?: string };

/** Labelled 'Set 2 reps' for screen readers; the row already says 'Set 2' visually. */
function SetInput({ id, n, label, error, ...input }: SetInputProps) {
  return (
    <div className={`set-field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="set-label">
        <span className="sr-only">Set {n} </span>
        {label}
      </label>
      {error && (
        <p id={errorId(id)} className="field-error">
          {error}
        </p>
      )}
      <input
        id={id}
        className="input"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        {...invalidProps(id, error)}
        {...input}
      />
    </div>
  );
}

function rowVolume(row: WlFormInput['set'][number] | undefined): number | null {
  const repetitions = Number(row?.repetitions);
  const kilograms = Number(row?.kilograms);
  if (!Number.isFinite(repetitions) || !Number.isFinite(kilograms) || row?.repetitions === '') return null;
  return setVolume({ repetitions, kilograms });
}
