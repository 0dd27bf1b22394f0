import { Link } from 'react-router';
import { LOGS_DEFAULT_LIMIT } from '../../../contract/page-query';
import { formatCalendarDate, todayLocal } from '../../../contract/dates';
import { PlusIcon } from '../../components/icons';
import { ChevronRightIcon } from '../../components/page-icons';
import { LoadError } from '../../components/load-error';
import { PageSizeSelector } from '../../components/page-size-selector';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useClampPage, usePageParams } from '../../lib/use-page-params';
import { ResumeWorkout } from '../../components/resume-workout';
import { ActivitySection } from './activity-heatmap';
import { useGetLogsQuery } from './logs.api';

export function LogsPage() {
  useDocumentTitle('Logs');
  const { limit, page, setPage, setLimit } = usePageParams(LOGS_DEFAULT_LIMIT);
  const { data, error, isLoading, isFetching } = useGetLogsQuery({ limit, page });
  useClampPage(page, data?.pagination.totalPages, setPage);
  // No logs: the empty state and its button come first, with nothing to pick or browse before it.
  // A list that failed to load says so once, without the heatmap's own failure beside it (both
  // fail together without a connection).
  const isEmpty = data?.pagination.total === 0;
  const failed = Boolean(error) && !data;

  return (
    <section className="page">
      <div className="page-head">
        <h1>Logs</h1>
        <Link to={paths.newLog} className="btn btn-primary">
          <PlusIcon width={18} height={18} />
          Create new
        </Link>
      </div>
      <ResumeWorkout />
      {!isEmpty && !failed && (
        <>
          <ActivitySection />
          <div className="toolbar">
            <p className="muted">{data ? countLabel(data.pagination.total) : '\u00a0'}</p>
            <PageSizeSelector limit={limit} onChange={setLimit} />
          </div>
        </>
      )}
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : data.logs.length === 0 ? (
        <div className="empty card">
          <p className="empty-title">No logs yet</p>
          <p className="muted">Create your first log to start tracking a plan or a goal.</p>
          <Link to={paths.newLog} className="btn btn-primary">
            Create your first log
          </Link>
        </div>
      ) : (
        <ul className={`card-list${isFetching ? ' is-stale' : ''}`} aria-busy={isFetching}>
          {data.logs.map((log) => (
            <li key={log._id} className="card list-card">
              <Link to={paths.log(log.slugLog)} className="list-card-link">
                <span className="list-card-title">{log.title}</span>
                <ChevronRightIcon className="list-card-chevron" />
              </Link>
              <span className="list-card-meta">
                Updated {formatCalendarDate(todayLocal(new Date(log.updatedAt)))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data && <Pagination page={page} totalPages={data.pagination.totalPages} onPageChange={setPage} />}
    </section>
  );
}

function countLabel(total: number): string {
  return `${total} ${total === 1 ? 'log' : 'logs'}`;
}
