import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { logBody } from '../../../contract/logs';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { applyFieldErrors } from '../../lib/errors';

type Input = z.input<typeof logBody>;
export type LogFormValues = z.output<typeof logBody>;

interface LogFormProps {
  defaultTitle?: string;
  isSaving: boolean;
  /** Resolves on success; rejects with the API error, whose field messages land under the input. */
  onSubmit: (values: LogFormValues) => Promise<unknown>;
}

export function LogForm({ defaultTitle = '', isSaving, onSubmit }: LogFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, LogFormValues>({
    resolver: zodResolver(logBody),
    defaultValues: { title: defaultTitle },
  });

  const submit = async (values: LogFormValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyFieldErrors(error, setError);
    }
  };

  return (
    <form className="form" noValidate onSubmit={handleSubmit(submit)}>
      <TextField
        id="title"
        label="Title"
        autoComplete="off"
        placeholder="e.g. Summer strength block"
        error={errors.title?.message}
        {...register('title')}
      />
      <SubmitButton isSaving={isSaving} />
    </form>
  );
}
