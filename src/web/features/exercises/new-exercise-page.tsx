import { useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FormPage } from '../../components/form-page';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useSave } from '../../lib/use-save';
import { useCreateExerciseMutation } from './exercises.api';
import { NewExerciseForm, type NewExerciseValues } from './new-exercise-form';

export function NewExercisePage() {
  useDocumentTitle('New Exercise');
  const { slugLog = '' } = useParams();
  const [searchParams] = useSearchParams();
  const save = useSave();
  const [createExercise, { isLoading }] = useCreateExerciseMutation();

  // Back returns to the page of the log's list the user came from (its limit and page, if any).
  const listQuery = new URLSearchParams();
  for (const key of ['limit', 'page']) {
    const value = searchParams.get(key);
    if (value) listQuery.set(key, value);
  }
  const backTo = `${paths.log(slugLog)}${listQuery.size ? `?${listQuery}` : ''}`;

  const onSubmit = (values: NewExerciseValues) =>
    save(() => createExercise({ ...values, slugLog }).unwrap(), {
      done: 'Exercise created',
      then: paths.log(slugLog),
    });

  return (
    <FormPage title="New Exercise" back={<BackLink to={backTo} />}>
      <NewExerciseForm isSaving={isLoading} onSubmit={onSubmit} />
    </FormPage>
  );
}
