import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { canRetry, toastError } from '../../lib/error-toast';
import type { Routine } from '../../../contract/routines';
import { formatRest } from '../../../contract/rest-timer';
import { supersetLabels } from '../../../contract/supersets';
import { BackLink } from '../../components/back-link';
import { confirmDelete } from '../../components/confirm';
import { PlusIcon } from '../../components/icons';
import { EditIcon, TrashIcon } from '../../components/page-icons';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { gymPaths } from '../../lib/gym-paths';
import { useDeleteRoutineMutation, useGetRoutinesQuery } from '../../lib/gym.api';
import './workouts.css';

/** A log's routines by title, each with its targets, Edit and Delete (docs/api.md §11). */
export function RoutinesPage() {
  const { slugLog = '' } = useParams();
  useDocumentTitle('Routines');
  const { data, error, isLoading, isFetching } = useGetRoutinesQuery({ slugLog });
  const [remove, { isLoading: isDeleting }] = useDeleteRoutineMutation();

  // Retry (no answer or a 5xx) sends the same delete again, already confirmed.
  const deleteRoutine = async (routine: Routine) => {
    try {
      await remove({ slugLog, id: routine._id }).unwrap();
      toast.success('Routine deleted');
    } catch (failure) {
      toastError(errorMessage(failure), {
        retry: canRetry(failure) ? () => void deleteRoutine(routine) : undefined,
      });
    }
  };
  const onDelete = async (routine: Routine) => {
    if (!confirmDelete()) return;
    await deleteRoutine(routine);
  };

  return (
    <section className="page">
      <BackLink to={paths.log(slugLog)} label="Log" />
      <div className="page-head">
        <h1>Routines</h1>
        <Link to={gymPaths.newRoutine(slugLog)} className="btn btn-primary">
          <PlusIcon width={18} height={18} />
          Create new
        </Link>
      </div>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : data.routines.length === 0 ? (
        <div className="empty card">
          <p className="empty-title">No routines yet</p>
          <p className="muted">
            A routine is a plan: its exercises with sets, reps and rest, started in one tap.
          </p>
          <Link to={gymPaths.newRoutine(slugLog)} className="btn btn-primary">
            Create your first routine
          </Link>
        </div>
      ) : (
        <ul className={`card-list routines-list${isFetching ? ' is-stale' : ''}`} aria-busy={isFetching}>
          {data.routines.map((routine) => (
            <li key={routine._id} className="card routine-card">
              <div className="routine-card-head">
                <h2 className="list-card-title">{routine.title}</h2>
                <div className="actions">
                  <Link
                    to={gymPaths.editRoutine(slugLog, routine._id)}
                    className="btn btn-secondary"
                    aria-label={`Edit ${routine.title}`}
                  >
                    <EditIcon width={18} height={18} />
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="btn btn-danger"
                    disabled={isDeleting}
                    aria-label={`Delete ${routine.title}`}
                    onClick={() => void onDelete(routine)}
                  >
                    <TrashIcon width={18} height={18} />
                    Delete
                  </button>
                </div>
              </div>
              <RoutineTargets routine={routine} />
              {routine.notes && <p className="muted">{routine.notes}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RoutineTargets({ routine }: { routine: Routine }) {
  const labels = supersetLabels(routine.entries.map((entry) => entry.superset));
  if (routine.entries.length === 0) return <p className="muted">No exercises</p>;
  return (
    <ol className="routine-targets">
      {routine.entries.map((entry, index) => (
        <li key={`${entry.exercise._id}-${index}`}>
          {labels[index] && <span className="superset-label">{labels[index]}</span>}
          <span className="routine-target-title">{entry.exercise.title}</span>
          <span className="muted">
            {entry.sets !== null &&
              `${entry.sets} × ${entry.repsMin === entry.repsMax ? entry.repsMin : `${entry.repsMin}–${entry.repsMax}`} · `}
            rest {formatRest(entry.restSeconds)}
          </span>
        </li>
      ))}
    </ol>
  );
}
