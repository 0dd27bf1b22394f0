import { Link, useParams } from 'react-router';
import { formatCalendarDate } from '../../../contract/dates';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { DaySessions } from './day-sessions';
import { useGetDayQuery } from './history.api';
import { historyPaths } from './history-paths';
import './history.css';

/** One day of training across all logs (`/history/:date`, docs/api.md §14). */
export function DayPage() {
  const { date = '' } = useParams();
  const title = formatCalendarDate(date);
  useDocumentTitle(title);
  const { data, error, isLoading } = useGetDayQuery(date);

  return (
    <section className="page">
      <BackLink to={historyPaths.history} label="History" />
      <div className="page-head">
        <div>
          <p className="eyebrow">Day</p>
          <h1>{title}</h1>
        </div>
      </div>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : data.sessions.length === 0 ? (
        <div className="empty card">
          <p className="empty-title">No sessions on this day</p>
          <p className="muted">A session logged with this date shows up here.</p>
          <Link to={paths.logs} className="btn btn-primary">
            Open your logs
          </Link>
        </div>
      ) : (
        <div className="card history-day">
          <p className="muted">
            {data.sessions.length} {data.sessions.length === 1 ? 'session' : 'sessions'}
          </p>
          <DaySessions sessions={data.sessions} />
        </div>
      )}
    </section>
  );
}
