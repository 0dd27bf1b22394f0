import { useParams } from 'react-router';
import { formatCalendarDate } from '../../../contract/dates';
import { formatNumber } from '../../../contract/metrics';
import { CheckIcon } from '../../components/icons';
import { LoadError } from '../../components/load-error';
import { BackLink } from '../../components/back-link';
import { Spinner } from '../../components/spinner';
import { WlSessionStats } from '../../components/wl-session-stats';
import { useDocumentTitle, useLastDefined, useUserInfo } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { SessionHead } from './session-head';
import { useDeleteWlsessionMutation, useGetWlsessionQuery } from './sessions.api';
import { useSessionDelete } from './use-session-delete';

export function WlSessionPage() {
  const { slugLog = '', slugExercise = '', slugSession = '' } = useParams();
  const ref = { slugLog, slugExercise, slugSession };
  const userInfo = useUserInfo();
  const exercisePath = paths.exercise(slugLog, slugExercise);
  const [deleteWlsession, { isLoading: isDeleting }] = useDeleteWlsessionMutation();
  const { isFetchSkipped, onDelete } = useSessionDelete(() => deleteWlsession(ref).unwrap(), exercisePath);
  const query = useGetWlsessionQuery(ref, { skip: isFetchSkipped });
  const session = useLastDefined(query.data)?.wlsession;
  useDocumentTitle(session ? formatCalendarDate(session.createdDate) : 'Session');

  if (query.isLoading) return <Spinner />;
  if (!session) {
    return (
      <section className="page">
        <BackLink to={exercisePath} />
        <h1>Session</h1>
        <LoadError error={query.error} />
      </section>
    );
  }

  const isAuthor = session.author === userInfo?._id;
  return (
    <section className="page">
      <SessionHead
        backTo={exercisePath}
        kindLabel="Weight session"
        createdDate={session.createdDate}
        editTo={isAuthor ? paths.editSession(slugLog, slugExercise, 'wlsession', session._id) : null}
        onDelete={isAuthor ? onDelete : null}
        isDeleting={isDeleting}
      />
      <WlSessionStats volumes={session} />
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
                KGs
              </th>
              <th scope="col" className="center">
                Hard
              </th>
              <th scope="col" className="num">
                Volume
              </th>
            </tr>
          </thead>
          <tbody>
            {session.set.map((set, index) => (
              <tr key={set._id}>
                <th scope="row">{index + 1}</th>
                <td className="num">{set.repetitions}</td>
                <td className="num">{set.kilograms}</td>
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
                <td className="num">{formatNumber(set.volume)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
