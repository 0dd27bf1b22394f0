import { useSchemaForm, type SchemaLoader } from '../lib/form/use-schema-form';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

export interface TitleValues {
  title: string;
}

interface TitleFormProps {
  /** The record's body schema from src/contract (logBody, exerciseUpdateBody): both are `{ title }`. */
  schema: SchemaLoader<{ title: unknown }, TitleValues>;
  defaultTitle?: string;
  placeholder?: string;
  isSaving: boolean;
  /** Resolves on success; rejects with the API error, whose field messages land under the input. */
  onSubmit: (values: TitleValues) => Promise<unknown>;
}

/** The form that names a log (new and edit) or renames an exercise (its kind is fixed once chosen). */
export function TitleForm({ schema, defaultTitle = '', placeholder, isSaving, onSubmit }: TitleFormProps) {
  const {
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(schema, { defaultValues: { title: defaultTitle }, onSubmit });
  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        id="title"
        label="Title"
        autoComplete="off"
        placeholder={placeholder}
        error={errors.title?.message}
        {...register('title')}
      />
      <SubmitButton isSaving={isSaving} />
    </form>
  );
}
