import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { BackLink } from '../../components/back-link';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useCreateExerciseMutation } from './exercises.api';
import { NewExerciseForm, type NewExerciseValues } from './new-exercise-form';

export function NewExercisePage() {
  useDocumentTitle('New Exercise');
  const { slugLog = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [createExercise, { isLoading }] = useCreateExerciseMutation();

  // Back returns to the page of the log's list the user came from (its limit and page, if any).
  const listQuery = new URLSearchParams();
  for (const key of ['limit', 'page']) {
    const value = searchParams.get(key);
    if (value) listQuery.set(key, value);
  }
  const backTo = `${paths.log(slugLog)}${listQuery.size ? `?${listQuery}` : ''}`;

  const onSubmit = async (values: NewExerciseValues) => {
    try {
      await createExercise({ ...values, slugLog }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success('Exercise created');
    navigate(paths.log(slugLog));
  };

  return (
    <section className="page page-narrow">
      <BackLink to={backTo} />
      <div className="card form-card">
        <h1>New Exercise</h1>
        <NewExerciseForm isSaving={isLoading} onSubmit={onSubmit} />
      </div>
    </section>
  );
}
