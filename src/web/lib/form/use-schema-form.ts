import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors } from '../errors';
import { useFormDraft, type FormDraft } from './use-form-draft';

type SchemaFormOptions<Input extends FieldValues, Output> = Omit<
  UseFormProps<Input, unknown, Output>,
  'resolver'
> & {
  /** Sends the checked values; a rejection carrying the server's 400 `errors` lands under the fields. */
  onSubmit: (values: Output) => Promise<unknown>;
  /** Runs after the field messages are placed (the auth screens also toast the server's message). */
  onError?: (error: unknown) => void;
  /** Keeps the unsaved values on the device under this key, cleared once saved (use-form-draft.ts). */
  draftKey?: string;
};

export type SchemaForm<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output> & {
  /** The `<form onSubmit>` handler: validates with the schema, then calls `options.onSubmit`. */
  submit: (event?: FormEvent) => Promise<void>;
  /** The draft kept on the device; without `draftKey` it never holds anything. */
  draft: FormDraft;
};

/**
 * The one way a web form is wired (docs/decisions/0013-web-one-way.md): react-hook-form checked in
 * the browser by the same zod schema from src/contract that the server checks the request with,
 * and the server's per-field messages (docs/api.md, 400 answers) put under the matching inputs.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  { onSubmit, onError, draftKey, ...options }: SchemaFormOptions<Input, Output>,
): SchemaForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
  const draft = useFormDraft(form, draftKey);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      draft.clear();
    } catch (error) {
      applyFieldErrors(error, form.setError);
      onError?.(error);
    }
  });
  return { ...form, submit, draft };
}
