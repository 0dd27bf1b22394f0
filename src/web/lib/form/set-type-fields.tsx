import type { ComponentProps } from 'react';
import { SET_TYPES } from '../../../contract/set-types';
import { errorId, invalidProps } from '../../components/form-field';
import { SET_TYPE_LABELS } from '../../components/set-type-badge';

// A weight set's type and RPE as every form edits them (docs/api.md §11): here, with the form
// code, so the session forms and the workout screen share them and read-only pages never load them.

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
