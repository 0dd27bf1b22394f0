import { useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FormPage } from '../../components/form-page';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { TitleForm, type TitleValues } from '../../components/title-form';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useSave } from '../../lib/use-save';
import { useGetExerciseForEditQuery, useUpdateExerciseMutation } from './exercises.api';

const exerciseUpdateBodySchema = () =>
  import('../../../contract/exercises').then((m) => m.exerciseUpdateBody);

export function EditExercisePage() {
  useDocumentTitle('Edit Exercise');
  const { slugLog = '', exerciseId = '' } = useParams();
  const save = useSave();
  const { data: exercise, error, isLoading } = useGetExerciseForEditQuery({ slugLog, id: exerciseId });
  const [updateExercise, { isLoading: isSaving }] = useUpdateExerciseMutation();

  const onSubmit = async (values: TitleValues) => {
    if (!exercise) return;
    await save(() => updateExercise({ slugLog, _id: exercise._id, title: values.title }).unwrap(), {
      done: 'Exercise updated',
      // A new title is a new slug: go to the exercise under its new address.
      then: (updated) => paths.exercise(slugLog, updated.slugExercise ?? exercise.slugExercise),
    });
  };

  return (
    <FormPage
      title="Edit Exercise"
      back={<BackLink to={exercise ? paths.exercise(slugLog, exercise.slugExercise) : paths.log(slugLog)} />}
    >
      {isLoading ? (
        <Spinner />
      ) : error || !exercise ? (
        <LoadError error={error} />
      ) : (
        <TitleForm
          key={exercise._id}
          schema={exerciseUpdateBodySchema}
          defaultTitle={exercise.title}
          isSaving={isSaving}
          onSubmit={onSubmit}
        />
      )}
    </FormPage>
  );
}
