import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}

/**
 * Label, then the message, then the input: docs/product.md §5 puts errors under the field label. The input
 * itself is passed in (registered with react-hook-form) and should carry `id` and `errorId(id)`.
 */
export function FormField({ id, label, error, hint, children, className }: FormFieldProps) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {error && (
        <p id={errorId(id)} className="field-error">
          {error}
        </p>
      )}
      {children}
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  );
}

export const errorId = (id: string) => `${id}-error`;

/** aria attributes tying an input to its message. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};
}
