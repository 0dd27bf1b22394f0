import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorId } from './form-field';

interface RadioGroupProps {
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  field: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  /** 'row': short options side by side (units); 'column': one option a line (longer names). */
  layout?: 'row' | 'column';
}

/** A labelled set of radio options; arrow keys move between them. */
export function RadioGroup({ id, legend, options, field, error, hint, layout = 'row' }: RadioGroupProps) {
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId(id), hint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      id={id}
      className={`field${error ? ' field-invalid' : ''}`}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field-label">{legend}</legend>
      {error && (
        <p id={errorId(id)} className="field-error">
          {error}
        </p>
      )}
      <div className={`radio-pills${layout === 'column' ? ' radio-pills-column' : ''}`}>
        {options.map(({ value, label }) => (
          <label key={value} className="radio-pill">
            <input type="radio" value={value} {...field} />
            {label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
