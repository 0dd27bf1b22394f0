import { Link, useParams } from 'react-router';
import { DEFAULT_LIMIT } from '../../../contract/page-query';
import { BackLink } from '../../components/back-link';
import { PlusIcon } from '../../components/icons';
import { ChevronRightIcon, DumbbellIcon, RunIcon } from '../../components/page-icons';
import { LoadError } from '../../components/load-error';
import { PageSizeSelector } from '../../components/page-size-selector';
import { Pagination } from '../../components/pagination';
import { RecordActions } from '../../components/record-actions';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/hooks';
import { useLastDefined } from '../../lib/use-last-defined';
import { paths } from '../../lib/paths';
import { useDeleteAndLeave } from '../../lib/use-delete-and-leave';
import { useClampPage, usePageParams } from '../../lib/use-page-params';
import { LogGymSection } from './log-gym-section';
import { useDeleteLogMutation, useGetLogQuery } from './logs.api';

export function LogPage() {
  const { slugLog = '' } = useParams();
  const { limit, page, setPage, setLimit } = usePageParams(DEFAULT_LIMIT);
  const [deleteLog, { isLoading: isDeleting }] = useDeleteLogMutation();
  const { isFetchSkipped, onDelete } = useDeleteAndLeave(
    () => deleteLog(logId).unwrap(),
    'Log deleted',
    paths.logs,
    () => logId,
  );
  const query = useGetLogQuery({ slugLog, limit, page }, { skip: isFetchSkipped });
  const data = useLastDefined(query.data);
  const logId = data?.log._id ?? '';
  useDocumentTitle(data?.log.title);
  useClampPage(page, data?.pagination.totalPages, setPage);

  if (query.isLoading) return <Spinner />;
  if (!data) {
    return (
      <section className="page">
        <BackLink to={paths.logs} label="Logs" />
        <h1>Log</h1>
        <LoadError error={query.error} />
      </section>
    );
  }

  const { log } = data;
  const exercises = data.logAggregate.map((item) => item.exercises);

  return (
    <section className="page">
      <BackLink to={paths.logs} label="Logs" />
      <div className="page-head">
        <div>
          <p className="eyebrow">Log</p>
          <h1>{log.title}</h1>
        </div>
        <RecordActions editTo={paths.editLog(log._id)} onDelete={onDelete} isDeleting={isDeleting} />
      </div>

      <LogGymSection log={log} />

      <div className="section-head">
        <h2>Exercises</h2>
        <Link to={paths.newExercise(log.slugLog)} className="btn btn-primary">
          <PlusIcon width={18} height={18} />
          Create new
        </Link>
      </div>
      <div className="toolbar">
        <p className="muted">
          {data.pagination.total} {data.pagination.total === 1 ? 'exercise' : 'exercises'}
        </p>
        <PageSizeSelector limit={limit} onChange={setLimit} />
      </div>
      {query.error && <LoadError error={query.error} />}
      {exercises.length === 0 ? (
        <div className="empty card">
          <p className="empty-title">No exercises yet</p>
          <p className="muted">Name an exercise (a lift, a run…) to start recording sessions.</p>
          <Link to={paths.newExercise(log.slugLog)} className="btn btn-primary">
            Add an exercise
          </Link>
        </div>
      ) : (
        <ul className={`card-list${query.isFetching ? ' is-stale' : ''}`}>
          {exercises.map((exercise) => {
            const isWeights = exercise.session === 'wlsession';
            const body = (
              <>
                <span className={`kind-icon ${isWeights ? 'kind-wl' : 'kind-pa'}`}>
                  {isWeights ? <DumbbellIcon /> : <RunIcon />}
                </span>
                <span className="list-card-text">
                  <span className="list-card-title">{exercise.title}</span>
                  <span className="list-card-meta">
                    {isWeights ? 'reps * kgs = vol' : 'dist, pace, time'}
                  </span>
                </span>
              </>
            );
            return (
              <li key={exercise._id} className="card list-card">
                <Link to={paths.exercise(log.slugLog, exercise.slugExercise)} className="list-card-link">
                  {body}
                  <ChevronRightIcon className="list-card-chevron" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} totalPages={data.pagination.totalPages} onPageChange={setPage} />
    </section>
  );
}
