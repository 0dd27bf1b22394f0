import { useParams } from 'react-router';
import { formatCalendarDate } from '../../../contract/dates';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { PaSessionStats } from '../../components/pa-session-stats';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle, useLastDefined, useUserInfo } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { SessionHead } from './session-head';
import { useDeletePasessionMutation, useGetPasessionQuery } from './sessions.api';
import { useSessionDelete } from './use-session-delete';

export function PaSessionPage() {
  const { slugLog = '', slugExercise = '', slugSession = '' } = useParams();
  const ref = { slugLog, slugExercise, slugSession };
  const userInfo = useUserInfo();
  const exercisePath = paths.exercise(slugLog, slugExercise);
  const [deletePasession, { isLoading: isDeleting }] = useDeletePasessionMutation();
  const { isFetchSkipped, onDelete } = useSessionDelete(() => deletePasession(ref).unwrap(), exercisePath);
  const query = useGetPasessionQuery(ref, { skip: isFetchSkipped });
  const session = useLastDefined(query.data)?.pasession;
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
        kindLabel="Pace session"
        createdDate={session.createdDate}
        editTo={isAuthor ? paths.editSession(slugLog, slugExercise, 'pasession', session._id) : null}
        onDelete={isAuthor ? onDelete : null}
        isDeleting={isDeleting}
      />
      <PaSessionStats session={session} />
    </section>
  );
}
