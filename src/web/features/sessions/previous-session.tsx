import { formatCalendarDate } from '../../../contract/dates';
import type { ExercisePage } from '../../../contract/sessions';
import { PaSessionStats } from '../../components/pa-session-stats';
import { WlSessionStats } from '../../components/wl-session-stats';
import { setWeight } from '../../../contract/metrics';
import { unitLabel, useWeightUnit } from '../../lib/weight-unit';
import { SetTypeBadge } from '../../components/set-type-badge';

/** The latest session (first of latest*), shown beside the create form for reference. */
export function PreviousSession({ context }: { context: ExercisePage }) {
  const isWeights = context.exercise.session === 'wlsession';
  const wl = context.latestWlsession[0]?.wlsessions;
  const pa = context.latestPasession[0]?.pasessions;
  const session = isWeights ? wl : pa;
  const unit = useWeightUnit();

  return (
    <aside className="card previous" aria-labelledby="previous-title">
      <h2 id="previous-title">Previous Session</h2>
      {!session ? (
        <p className="muted">No previous session yet: this will be the first.</p>
      ) : (
        <>
          <p className="previous-date">
            <time dateTime={session.createdDate}>{formatCalendarDate(session.createdDate)}</time>
          </p>
          {isWeights && wl ? (
            <>
              <WlSessionStats session={wl} unit={unit} compact />
              <table className="table table-compact">
                <caption className="sr-only">Sets of the previous session</caption>
                <thead>
                  <tr>
                    <th scope="col">Set</th>
                    <th scope="col">Reps</th>
                    <th scope="col">{unitLabel(unit)}</th>
                    <th scope="col">Hard</th>
                  </tr>
                </thead>
                <tbody>
                  {wl.set.map((set, index) => (
                    <tr key={set._id}>
                      <td>
                        <span className="set-cell">
                          {index + 1}
                          <SetTypeBadge type={set.type} />
                        </span>
                      </td>
                      <td>{set.repetitions}</td>
                      <td>{setWeight(set, unit)}</td>
                      <td>{set.isHard ? 'Yes' : 'No'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            pa && <PaSessionStats session={pa} />
          )}
        </>
      )}
    </aside>
  );
}
