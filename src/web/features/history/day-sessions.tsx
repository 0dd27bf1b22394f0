import { Link } from 'react-router';
import type { DaySession } from '../../../contract/days';
import { formatNumber, formatPace } from '../../../contract/metrics';
import { DumbbellIcon, RunIcon } from '../../components/page-icons';
import { gymPaths } from '../../lib/gym-paths';
import { paths } from '../../lib/paths';
import { useWeightUnit } from '../../lib/weight-unit';

/**
 * A day's sessions (docs/api.md §14) as links to them: the log and exercise, then the sets and
 * volume with its unit for weights, or the pace and distance for a run. A session logged in a
 * workout also links to its workout.
 */
export function DaySessions({ sessions }: { sessions: DaySession[] }) {
  const unit = useWeightUnit();
  return (
    <ul className="day-sessions">
      {sessions.map((item) => {
        const isWeights = 'wlsession' in item;
        const session = isWeights ? item.wlsession : item.pasession;
        const kind = isWeights ? 'wlsession' : 'pasession';
        const figures = isWeights
          ? `${item.wlsession.set.length} ${item.wlsession.set.length === 1 ? 'set' : 'sets'} · ${formatNumber(
              unit === 'lb' ? item.wlsession.inPounds.totalVolume : item.wlsession.totalVolume,
            )} ${unit}`
          : `${formatPace(item.pasession.paceMinutes, item.pasession.paceSeconds)} min/km · ${formatNumber(
              item.pasession.distance,
            )} km`;
        return (
          <li key={session._id} className="day-session">
            <span className={`kind-icon ${isWeights ? 'kind-wl' : 'kind-pa'}`} aria-hidden="true">
              {isWeights ? <DumbbellIcon /> : <RunIcon />}
            </span>
            <span className="day-session-text">
              <Link
                to={paths.session(item.log.slugLog, item.exercise.slugExercise, kind, session.slugSession)}
                className="day-session-link"
              >
                {item.exercise.title}
              </Link>
              <span className="list-card-meta">
                {item.log.title} · <span className="day-session-figures">{figures}</span>
                {item.workout && (
                  <>
                    {' · '}
                    <Link to={gymPaths.workout(item.log.slugLog, item.workout)}>Workout</Link>
                  </>
                )}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
