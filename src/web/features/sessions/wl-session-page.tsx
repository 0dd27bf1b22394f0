import type { Wlsession } from '../../../contract/sessions';
import { formatNumber, setVolume, setWeight } from '../../../contract/metrics';
import { CheckIcon } from '../../components/page-icons';
import { SetTypeBadge } from '../../components/set-type-badge';
import { WlSessionStats } from '../../components/wl-session-stats';
import { unitLabel, useWeightUnit } from '../../lib/weight-unit';
import { SessionNotes } from './session-notes';
import { SessionPageShell, type SessionRef } from './session-page-shell';
import { useDeleteWlsessionMutation, useGetWlsessionQuery } from './sessions.api';

function useWlsession(ref: SessionRef, options: { skip: boolean }) {
  const query = useGetWlsessionQuery(ref, options);
  return { isLoading: query.isLoading, error: query.error, session: query.data?.wlsession };
}

export function WlSessionPage() {
  return (
    <SessionPageShell
      kind="wlsession"
      kindLabel="Weight session"
      useSession={useWlsession}
      useDelete={useDeleteWlsessionMutation}
    >
      {(session) => <WlSessionBody session={session} />}
    </SessionPageShell>
  );
}

/**
 * The stats, one row per set (its type's badge beside its number, its RPE), then the notes;
 * weights and volumes in the user's unit (docs/api.md §10, §11).
 */
function WlSessionBody({ session }: { session: Wlsession }) {
  const unit = useWeightUnit();
  return (
    <>
      <WlSessionStats session={session} unit={unit} />
      <div className="card table-card">
        <table className="table">
          <caption className="sr-only">Sets</caption>
          <thead>
            <tr>
              <th scope="col">Set</th>
              <th scope="col" className="num">
                Reps
              </th>
              <th scope="col" className="num">
                {unitLabel(unit)}
              </th>
              <th scope="col" className="center">
                Hard
              </th>
              <th scope="col" className="num">
                RPE
              </th>
              <th scope="col" className="num">
                Volume
              </th>
            </tr>
          </thead>
          <tbody>
            {session.set.map((set, index) => (
              <tr key={set._id}>
                <th scope="row">
                  <span className="set-cell">
                    {index + 1}
                    <SetTypeBadge type={set.type} />
                  </span>
                </th>
                <td className="num">{set.repetitions}</td>
                <td className="num">{setWeight(set, unit)}</td>
                <td className="center">
                  {set.isHard ? (
                    <span className="tick">
                      <CheckIcon width={18} height={18} />
                      <span className="sr-only">Yes</span>
                    </span>
                  ) : (
                    <span className="muted">
                      <span aria-hidden="true">–</span>
                      <span className="sr-only">No</span>
                    </span>
                  )}
                </td>
                <td className="num">
                  {set.rpe ?? (
                    <span className="muted">
                      <span aria-hidden="true">–</span>
                      <span className="sr-only">None</span>
                    </span>
                  )}
                </td>
                <td className="num">{formatNumber(unit === 'kg' ? set.volume : setVolume(set, unit))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SessionNotes notes={session.notes} />
    </>
  );
}
