import type { ComponentProps } from 'react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import type { z } from 'zod';
import { formatNumber, setVolume, setWeight, type WeightUnit } from '../../../contract/metrics';
import type { WlSet, wlsessionBody } from '../../../contract/sessions';
import { isHardByDefault, type SetType } from '../../../contract/set-types';
import { errorId, invalidProps } from '../../components/form-field';
import { SetTypeBadge } from '../../components/set-type-badge';
import { RpeField, SetTypeField } from '../../lib/form/set-type-fields';
import { PlusIcon } from '../../components/icons';
import { TrashIcon } from '../../components/page-icons';
import { unitLabel } from '../../lib/weight-unit';

export type WlFormInput = z.input<typeof wlsessionBody>;

type SetFields = WlFormInput['set'][number];

/**
 * docs/product.md §5: a new set starts at 0 reps and 0 kg. A user in pounds types pounds, which
 * the server keeps as typed (docs/api.md §10).
 */
export function newSet(unit: WeightUnit): SetFields {
  const kind = { type: 'normal', rpe: '' } as const;
  return unit === 'lb'
    ? { repetitions: 0, pounds: 0, isHard: false, ...kind }
    : { repetitions: 0, kilograms: 0, isHard: false, ...kind };
}

/**
 * A stored set as the form edits it, in the user's unit: pounds as typed (or converted from
 * kilograms), else kilograms alone, so what the user types is what is kept.
 */
export function formSet(
  set: Pick<WlSet, 'repetitions' | 'kilograms' | 'pounds' | 'isHard' | 'type' | 'rpe'>,
  unit: WeightUnit,
): SetFields {
  const { repetitions, isHard } = set;
  // A blank RPE field is "none"; the type select needs a value (an old answer may lack one).
  const kind = { type: set.type ?? 'normal', rpe: set.rpe ?? '' };
  return unit === 'lb'
    ? { repetitions, pounds: setWeight(set, 'lb'), isHard, ...kind }
    : { repetitions, kilograms: set.kilograms, isHard, ...kind };
}

interface SetRowsProps {
  control: Control<WlFormInput, unknown, z.output<typeof wlsessionBody>>;
  register: UseFormRegister<WlFormInput>;
  errors: FieldErrors<WlFormInput>;
  /** To untick Hard when a set becomes a warm-up. */
  setValue: UseFormSetValue<WlFormInput>;
  unit: WeightUnit;
  /** The previous session's sets, offered in one click (docs/api.md §10). */
  previous?: WlSet[];
}

/**
 * One row per set: reps, kilograms, the Hard tick, the type (its badge beside the set's number)
 * and RPE, and the row's volume. Choosing warm-up unticks Hard (docs/api.md §11; the user may tick
 * it again). Each row's remove button removes that row; the last set cannot go.
 */
export function SetRows({ control, register, errors, setValue, unit, previous }: SetRowsProps) {
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'set' });
  const weightField = unit === 'lb' ? 'pounds' : 'kilograms';
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
          const weightId = `set-${index}-${weightField}`;
          const volume = rowVolume(values?.[index], unit);
          return (
            <li key={field.id} className="set-row">
              <div className="set-row-head">
                <span className="set-number">Set {n}</span>
                <SetTypeBadge type={values?.[index]?.type as SetType | undefined} />
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
                  id={weightId}
                  n={n}
                  label={unitLabel(unit)}
                  error={rowErrors?.[weightField]?.message}
                  {...register(`set.${index}.${weightField}`)}
                />
                <div className="set-hard">
                  <input id={`set-${index}-isHard`} type="checkbox" {...register(`set.${index}.isHard`)} />
                  <label htmlFor={`set-${index}-isHard`} className="set-label">
                    <span className="sr-only">Set {n} </span>Hard
                  </label>
                </div>
                <div className="set-row-extra">
                  <SetTypeField
                    id={`set-${index}-type`}
                    n={n}
                    error={rowErrors?.type?.message}
                    {...register(`set.${index}.type`, {
                      onChange: (event: { target: { value: SetType } }) => {
                        if (!isHardByDefault(event.target.value)) setValue(`set.${index}.isHard`, false);
                      },
                    })}
                  />
                  <RpeField
                    id={`set-${index}-rpe`}
                    n={n}
                    error={rowErrors?.rpe?.message}
                    {...register(`set.${index}.rpe`)}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="sets-actions">
        <button type="button" className="btn btn-secondary" onClick={() => append(newSet(unit))}>
          <PlusIcon width={18} height={18} />
          Add set
        </button>
        {previous && previous.length > 0 && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => replace(previous.map((set) => formSet(set, unit)))}
          >
            Copy previous sets
          </button>
        )}
      </div>
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

/** The row's volume in the user's unit, while typing; null until both numbers are there. */
function rowVolume(row: SetFields | undefined, unit: WeightUnit): number | null {
  const repetitions = Number(row?.repetitions);
  const weight = Number(unit === 'lb' ? row?.pounds : row?.kilograms);
  if (!Number.isFinite(repetitions) || !Number.isFinite(weight) || row?.repetitions === '') return null;
  return setVolume(typedSet(repetitions, weight, unit), unit);
}

/** A set from the numbers typed in the form, in the user's unit. */
export function typedSet(repetitions: number, weight: number, unit: WeightUnit) {
  return unit === 'lb'
    ? { repetitions, kilograms: 0, pounds: weight }
    : { repetitions, kilograms: weight, pounds: null };
}
