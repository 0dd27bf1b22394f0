import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_LIMIT } from '../../../contract/page-query';
import { formatCalendarDate } from '../../../contract/dates';
import { LoadError } from '../../components/load-error';
import { PageSizeSelector } from '../../components/page-size-selector';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/hooks';
import { useClampPage, usePageParams } from '../../lib/use-page-params';
import { DaySessions } from './day-sessions';
import { useGetDayQuery } from './history.api';
import { historyPaths } from './history-paths';
import './history.css';

/** The year of activity the heatmap shows (GET /api/activity, docs/api.md §10), as queried. */
export interface ActivityAnswer {
  data?: { days: Array<{ date: string; sessions: number }> };
  error?: unknown;
  isLoading: boolean;
}

/**
 * History (docs/api.md §14): the heatmap, then the days with sessions, newest first, a page of
 * them at a time, each with its sessions. The days are the heatmap's own year of activity (one
 * request both share), so the list reaches back as far as the heatmap does. The heatmap and that
 * request are the logs feature's: app/history-screen.tsx hands them in.
 */
export function HistoryPage({ heatmap, activity }: { heatmap: ReactNode; activity: ActivityAnswer }) {
  useDocumentTitle('History');
  const { limit, page, setPage, setLimit } = usePageParams(DEFAULT_LIMIT);
  const { data, error, isLoading } = activity;
  const dates = useMemo(
    () =>
      (data?.days ?? [])
        .filter((day) => day.sessions > 0)
        .map((day) => day.date)
        .reverse(),
    [data],
  );
  const totalPages = Math.max(1, Math.ceil(dates.length / limit));
  useClampPage(page, data ? totalPages : undefined, setPage);
  const shown = dates.slice((page - 1) * limit, page * limit);

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
      ) : dates.length === 0 ? (
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
              {dates.length} {dates.length === 1 ? 'day' : 'days'}
            </p>
            <PageSizeSelector limit={limit} onChange={setLimit} />
          </div>
          <ul className="card-list history-days">
            {shown.map((date) => (
              <HistoryDay key={date} date={date} />
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function HistoryDay({ date }: { date: string }) {
  const { data, error, isLoading } = useGetDayQuery(date);
  return (
    <li className="card history-day">
      <h2 className="history-day-title">
        <Link to={historyPaths.day(date)}>{formatCalendarDate(date)}</Link>
      </h2>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : (
        <DaySessions sessions={data.sessions} />
      )}
    </li>
  );
}
