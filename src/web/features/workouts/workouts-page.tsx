import { Link, useParams } from 'react-router';
import { DEFAULT_LIMIT } from '../../../contract/page-query';
import { formatCalendarDate } from '../../../contract/dates';
import { formatNumber } from '../../../contract/metrics';
import { BackLink } from '../../components/back-link';
import { ChevronRightIcon } from '../../components/page-icons';
import { LoadError } from '../../components/load-error';
import { PageSizeSelector } from '../../components/page-size-selector';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useClampPage, usePageParams } from '../../lib/use-page-params';
import { useWeightUnit } from '../../lib/weight-unit';
import { durationWords } from '../../lib/workout-draft/duration';
import { ResumeWorkout } from '../../components/resume-workout';
import { gymPaths } from '../../lib/gym-paths';
import { useGetWorkoutsQuery } from '../../lib/gym.api';
import './workouts.css';

/** A log's workouts, newest first, 12 / 24 / 48 a page (docs/api.md §11). */
export function WorkoutsPage() {
  const { slugLog = '' } = useParams();
  useDocumentTitle('Workouts');
  const unit = useWeightUnit();
  const { limit, page, setPage, setLimit } = usePageParams(DEFAULT_LIMIT);
  const { data, error, isLoading, isFetching } = useGetWorkoutsQuery({ slugLog, limit, page });
  useClampPage(page, data?.pagination.totalPages, setPage);

  return (
    <section className="page">
      <BackLink to={paths.log(slugLog)} label="Log" />
      <div className="page-head">
        <h1>Workouts</h1>
        <Link to={gymPaths.routines(slugLog)} className="btn btn-secondary">
          Routines
        </Link>
      </div>
      <ResumeWorkout />
      <div className="toolbar">
        <p className="muted">
          {data
            ? `${data.pagination.total} ${data.pagination.total === 1 ? 'workout' : 'workouts'}`
            : '\u00a0'}
        </p>
        <PageSizeSelector limit={limit} onChange={setLimit} />
      </div>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : data.workouts.length === 0 ? (
        <div className="empty card">
          <p className="empty-title">No workouts yet</p>
          <p className="muted">A workout you finish shows here, with its sets, volumes and records.</p>
          <Link to={gymPaths.start(slugLog)} className="btn btn-primary">
            Start a workout
          </Link>
        </div>
      ) : (
        <ul className={`card-list${isFetching ? ' is-stale' : ''}`} aria-busy={isFetching}>
          {data.workouts.map((workout) => {
            const volume =
              unit === 'lb'
                ? workout.entries.reduce(
                    (sum, e) => sum + ('wlsession' in e ? e.wlsession.inPounds.totalVolume : 0),
                    0,
                  )
                : workout.totalVolume;
            return (
              <li key={workout._id} className="card list-card">
                <Link to={gymPaths.workout(slugLog, workout._id)} className="list-card-link">
                  <span className="list-card-text">
                    <span className="list-card-title">{workout.title}</span>
                    <span className="list-card-meta">
                      {formatCalendarDate(workout.createdDate)}
                      {workout.duration !== null && ` · ${durationWords(workout.duration)}`} ·{' '}
                      {workout.entries.length} {workout.entries.length === 1 ? 'exercise' : 'exercises'} ·{' '}
                      {workout.sets} {workout.sets === 1 ? 'set' : 'sets'} · {formatNumber(volume)} {unit}
                    </span>
                  </span>
                  <ChevronRightIcon className="list-card-chevron" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {data && <Pagination page={page} totalPages={data.pagination.totalPages} onPageChange={setPage} />}
    </section>
  );
}
