import type { ComponentProps } from 'react';
import { SET_TYPE_BADGES, SET_TYPES, type SetType } from '../../contract/set-types';
import { errorId, invalidProps } from './form-field';

// A weight set's type and RPE (docs/api.md §11), as the session forms, the session page and the
// workout screen show them: here, so every feature uses the same controls and badges.

export const SET_TYPE_LABELS: Record<SetType, string> = {
  normal: 'Normal',
  warmup: 'Warm-up',
  drop: 'Drop',
  failure: 'Failure',
};

/** W / D / F for a warm-up, drop or failure set, read out in full; nothing for a normal set. */
export function SetTypeBadge({ type }: { type: SetType | undefined | null }) {
  const badge = type ? SET_TYPE_BADGES[type] : null;
  if (!type || !badge) return null;
  return (
    <span className={`set-type-badge set-type-${type}`} title={SET_TYPE_LABELS[type]}>
      <span aria-hidden="true">{badge}</span>
      <span className="sr-only">{` ${SET_TYPE_LABELS[type]}`}</span>
    </span>
  );
}

type FieldProps<E extends 'select' | 'input'> = ComponentProps<E> & {
  id: string;
  /** The set's number, for screen readers ("Set 2 type"): the row already says "Set 2". */
  n: number;
  error?: string;
};

/** The set's type: a labelled select of the four types. */
export function SetTypeField({ id, n, error, ...select }: FieldProps<'select'>) {
  return (
    <div className={`set-field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="set-label">
        <span className="sr-only">Set {n} </span>Type
      </label>
      {error && (
        <p id={errorId(id)} className="field-error">
          {error}
        </p>
      )}
      <select id={id} className="select set-select" {...invalidProps(id, error)} {...select}>
        {SET_TYPES.map((type) => (
          <option key={type} value={type}>
            {SET_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The set's RPE: 1 to 10 in halves, blank for none. */
export function RpeField({ id, n, error, ...input }: FieldProps<'input'>) {
  return (
    <div className={`set-field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="set-label">
        <span className="sr-only">Set {n} </span>RPE
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
        min={1}
        max={10}
        step={0.5}
        placeholder="–"
        {...invalidProps(id, error)}
        {...input}
      />
    </div>
  );
}
