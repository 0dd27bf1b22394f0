import { Link, Navigate } from 'react-router';
import { LOGS_DEFAULT_LIMIT } from '../../contract/page-query';
import { LoadError } from '../components/load-error';
import { Spinner } from '../components/spinner';
import { logsApi, useGetLogsQuery } from '../features/logs/logs.api';
import type { ScreenRequests } from '../lib/api';
import { useGetRoutinesQuery } from '../lib/gym.api';
import { gymPaths } from '../lib/gym-paths';
import { useDocumentTitle } from '../lib/hooks';
import { paths } from '../lib/paths';
import { useWorkoutInProgress } from '../lib/workout-draft/store';
import './workout-start-screen.css';

/**
 * The Workout tab (docs/api.md §14): the workout in progress on this device when there is one,
 * else each log of the first page of logs with Start workout and its routines each with Start.
 * Starting opens the log's workout screen with `?start=`, as the log page's buttons do.
 */
export function WorkoutStartScreen() {
  useDocumentTitle('Workout');
  const draft = useWorkoutInProgress();
  const { data, error, isLoading } = useGetLogsQuery(FIRST_LOGS);

  if (draft) return <Navigate to={gymPaths.inProgress(draft.slugLog)} replace />;
  return (
    <section className="page">
      <div className="page-head">
        <h1>Workout</h1>
      </div>
      {draft === undefined || isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : data.logs.length === 0 ? (
        <div className="empty card">
          <p className="empty-title">No logs yet</p>
          <p className="muted">A workout belongs to a log: create one first.</p>
          <Link to={paths.newLog} className="btn btn-primary">
            Create your first log
          </Link>
        </div>
      ) : (
        <ul className="card-list workout-starts">
          {data.logs.map((log) => (
            <LogStarts key={log._id} slugLog={log.slugLog} title={log.title} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LogStarts({ slugLog, title }: { slugLog: string; title: string }) {
  const { data } = useGetRoutinesQuery({ slugLog });
  const start = (id: string) => gymPaths.start(slugLog, id);
  return (
    <li className="card workout-start">
      <div className="workout-start-head">
        <h2 className="workout-start-title">
          <Link to={paths.log(slugLog)}>{title}</Link>
        </h2>
        <Link to={start('empty')} className="btn btn-primary" aria-label={`Start workout in ${title}`}>
          Start workout
        </Link>
      </div>
      {data && data.routines.length > 0 && (
        <ul className="workout-routines" aria-label={`Routines of ${title}`}>
          {data.routines
            .filter((routine) => routine.entries.length > 0)
            .map((routine) => (
              <li key={routine._id} className="routine-start">
                <span className="list-card-text">
                  <span className="list-card-title">{routine.title}</span>
                  <span className="list-card-meta">
                    {routine.entries.map((entry) => entry.exercise.title).join(', ')}
                  </span>
                </span>
                <Link
                  to={start(routine._id)}
                  className="btn btn-secondary"
                  aria-label={`Start ${routine.title}`}
                >
                  Start
                </Link>
              </li>
            ))}
        </ul>
      )}
    </li>
  );
}

const FIRST_LOGS = { limit: LOGS_DEFAULT_LIMIT, page: 1 };

/** What WorkoutStartScreen asks for as it opens: the same entry as the first page of /logs. */
export const workoutStartRequests: ScreenRequests = () => [
  logsApi.endpoints.getLogs.initiate(FIRST_LOGS, { subscribe: false }),
];
