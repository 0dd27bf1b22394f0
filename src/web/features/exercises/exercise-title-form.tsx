import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { exerciseUpdateBody } from '../../../contract/exercises';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { applyFieldErrors } from '../../lib/errors';

type Input = z.input<typeof exerciseUpdateBody>;
export type ExerciseTitleValues = z.output<typeof exerciseUpdateBody>;

interface ExerciseTitleFormProps {
  defaultTitle: string;
  isSaving: boolean;
  onSubmit: (values: ExerciseTitleValues) => Promise<unknown>;
}

/** The edit form: the title only (the kind of an exercise is fixed once it has sessions). */
export function ExerciseTitleForm({ defaultTitle, isSaving, onSubmit }: ExerciseTitleFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, ExerciseTitleValues>({
    resolver: zodResolver(exerciseUpdateBody),
    defaultValues: { title: defaultTitle },
  });

  const submit = async (values: ExerciseTitleValues) => {
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
        error={errors.title?.message}
        {...register('title')}
      />
      <SubmitButton isSaving={isSaving} />
    </form>
  );
}
