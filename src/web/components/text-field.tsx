import type { ComponentProps, ReactNode } from 'react';
import { FormField, invalidProps } from './form-field';

type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  suffix?: string;
};

/** A labelled input with its message; spread react-hook-form's `register(...)` into it. */
export function TextField({ id, label, error, hint, suffix, className, ...input }: TextFieldProps) {
  const control = <input id={id} className="input" {...invalidProps(id, error)} {...input} />;
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      {suffix ? (
        <div className="input-affix">
          {control}
          <span className="input-suffix" aria-hidden="true">
            {suffix}
          </span>
        </div>
      ) : (
        control
      )}
    </FormField>
  );
}
