import { memo } from 'react';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../contract/dates';
import type { ExercisePage } from '../../../contract/sessions';
import { ChevronRightIcon } from '../../components/page-icons';
import { PaSessionStats } from '../../components/pa-session-stats';
import { WlSessionStats } from '../../components/wl-session-stats';
import type { WaitingSession } from '../../lib/offline/waiting-sessions';
import { paths } from '../../lib/paths';
import { useWeightUnit } from '../../lib/weight-unit';
import { WaitingSessionCard } from './waiting-session-card';

interface SessionListProps {
  data: ExercisePage;
  /** Sessions saved on this device that the server has not got yet, shown first (docs/api.md §12). */
  waiting?: readonly WaitingSession[];
}

/** The exercise's sessions on this page, as cards linking to each session (docs/product.md §2). */
export function SessionList({ data, waiting = [] }: SessionListProps) {
  const count =
    data.exercise.session === 'wlsession' ? data.exerciseAggregate.length : data.exerciseAggregatePa.length;
  const unit = useWeightUnit();

  if (count === 0 && waiting.length === 0) {
    return (
      <div className="empty card">
        <p className="empty-title">No sessions yet</p>
        <p className="muted">Record your first session to see it here and on the chart.</p>
      </div>
    );
  }

  return (
    <ul className="session-grid">
      {waiting.map((session) => (
        <WaitingSessionCard key={session.key} session={session} unit={unit} />
      ))}
      <SessionCards data={data} />
    </ul>
  );
}

/**
 * The server's sessions, drawn again only when the page's data changes: the page renders again
 * as its other state settles (the waiting list, each query's status), and its cards were most
 * of that render's work (docs/decisions/0035).
 */
const SessionCards = memo(function SessionCards({ data }: { data: ExercisePage }) {
  const { exercise } = data;
  const unit = useWeightUnit();
  const items =
    exercise.session === 'wlsession'
      ? data.exerciseAggregate.map(({ wlsessions: s }) => ({
          session: s,
          stats: <WlSessionStats session={s} unit={unit} compact />,
          detail: `${s.set.length} ${s.set.length === 1 ? 'set' : 'sets'}`,
        }))
      : data.exerciseAggregatePa.map(({ pasessions: s }) => ({
          session: s,
          stats: <PaSessionStats session={s} compact />,
          detail: null,
        }));

  return items.map(({ session, stats, detail }) => {
    const head = (
      <span className="session-card-head">
        <time dateTime={session.createdDate} className="session-card-date">
          {formatCalendarDate(session.createdDate)}
        </time>
        {detail && <span className="badge">{detail}</span>}
        <ChevronRightIcon className="list-card-chevron" />
      </span>
    );
    return (
      <li key={session._id} className="card session-card">
        <Link
          to={paths.session(exercise.slugLog, exercise.slugExercise, exercise.session, session.slugSession)}
          className="session-card-link"
        >
          {head}
        </Link>
        {stats}
      </li>
    );
  });
});
