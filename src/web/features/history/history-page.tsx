import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Day } from '../../../contract/days';
import { DEFAULT_LIMIT } from '../../../contract/page-query';
import { formatCalendarDate } from '../../../contract/dates';
import { LoadError } from '../../components/load-error';
import { PageSizeSelector } from '../../components/page-size-selector';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/hooks';
import { useClampPage, usePageParams } from '../../lib/use-page-params';
import { DaySessions } from './day-sessions';
import { useGetTrainingDaysQuery } from './history.api';
import { historyPaths } from './history-paths';
import './history.css';

/**
 * History (docs/api.md §14): the heatmap, then the days with sessions, newest first, a page of
 * them at a time (GET /api/days, every day however old), each with its sessions in the same
 * answer. The heatmap is the logs feature's: app/history-screen.tsx hands it in.
 */
export function HistoryPage({ heatmap }: { heatmap: ReactNode }) {
  useDocumentTitle('History');
  const { limit, page, setPage, setLimit } = usePageParams(DEFAULT_LIMIT);
  const { data, error, isLoading, isFetching } = useGetTrainingDaysQuery({ page, limit });
  useClampPage(page, data?.pagination.totalPages, setPage);
  const total = data?.pagination.total ?? 0;

  return (
    <section className="page">
      <div className="page-head">
        <h1>History</h1>
      </div>
      {heatmap}
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : total === 0 ? (
        <div className="empty card">
          <p className="empty-title">No sessions yet</p>
          <p className="muted">Each day you train shows up here, with its sessions.</p>
          <Link to="/workout" className="btn btn-primary">
            Start a workout
          </Link>
        </div>
      ) : (
        <>
          <div className="toolbar">
            <p className="muted">
              {total} {total === 1 ? 'day' : 'days'}
            </p>
            <PageSizeSelector limit={limit} onChange={setLimit} />
          </div>
          <ul className={`card-list history-days${isFetching ? ' is-stale' : ''}`} aria-busy={isFetching}>
            {data.days.map((day) => (
              <HistoryDay key={day.date} day={day} />
            ))}
          </ul>
          <Pagination page={page} totalPages={data.pagination.totalPages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function HistoryDay({ day }: { day: Day }) {
  return (
    <li className="card history-day">
      <h2 className="history-day-title">
        <Link to={historyPaths.day(day.date)}>{formatCalendarDate(day.date)}</Link>
      </h2>
      <DaySessions sessions={day.sessions} />
    </li>
  );
}
