import type { FormEvent } from 'react';
import { useRef } from 'react';
import {
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors } from '../errors';
import { useFormDraft, type FormDraft } from './use-form-draft';

// zod 4 builds a faster parser for each object schema with `new Function`, after probing whether
// eval is allowed; our Content-Security-Policy forbids it, so the probe would be reported as a
// violation on every form screen. zod reads this global when it first parses: set here, as this
// module evaluates before any zod code does (the schemas' chunk imports this one's, vite.config.ts).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

/** The form's schema from src/contract, loaded when first needed (see `useSchemaForm`). */
export type SchemaLoader<Input, Output> = () => Promise<z.ZodType<Output, Input>>;

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
 *
 * The schema comes as a loader (`() => import('…/contract/users').then((m) => m.loginBody)`): zod
 * and the schemas are a chunk of their own that a form screen does not evaluate to show itself
 * (docs/decisions/0029-screens-before-their-schemas.md). They load when the user first focuses a
 * field, and a check waits for them if they are not there yet.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  loadSchema: SchemaLoader<Input, Output>,
  { onSubmit, onError, draftKey, ...options }: SchemaFormOptions<Input, Output>,
): SchemaForm<Input, Output> {
  const loaded = useRef<{
    from: SchemaLoader<Input, Output>;
    resolver: Promise<Resolver<Input, unknown, Output>>;
  }>(null);
  const resolverFor = () => {
    if (loaded.current?.from !== loadSchema) {
      const resolver = Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
        ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Input, unknown, Output>,
      );
      loaded.current = { from: loadSchema, resolver };
      // A failed load (the connection dropped) is tried again at the next check.
      resolver.catch(() => (loaded.current = null));
    }
    return loaded.current.resolver;
  };
  const form = useForm<Input, unknown, Output>({
    ...options,
    resolver: async (values, context, resolverOptions) =>
      (await resolverFor())(values, context, resolverOptions),
  });
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
  // Every field's focus starts loading the schema, so a check rarely waits for it.
  const register: typeof form.register = (name, registerOptions) => ({
    ...form.register(name, registerOptions),
    onFocus: () => void resolverFor().catch(() => undefined),
  });
  return { ...form, register, submit, draft };
}
