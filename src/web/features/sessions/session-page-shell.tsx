import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { SessionKind } from '../../../contract/exercises';
import type { RecordName } from '../../../contract/records';
import { formatCalendarDate } from '../../../contract/dates';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { RecordBadges } from '../../components/record-badges';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/hooks';
import { useLastDefined } from '../../lib/use-last-defined';
import { paths } from '../../lib/paths';
import { useDeleteAndLeave } from '../../lib/use-delete-and-leave';
import { SessionHead } from './session-head';

export interface SessionRef {
  slugLog: string;
  slugExercise: string;
  slugSession: string;
}

interface ShownSession {
  _id: string;
  author: string;
  createdDate: string;
  /** The records the session set (docs/api.md §10); absent on a session kept offline. */
  records?: readonly RecordName[];
}

interface SessionPageShellProps<S extends ShownSession> {
  kind: SessionKind;
  kindLabel: string;
  /** The kind's read query, answering the session itself (or undefined while there is none). */
  useSession: (
    ref: SessionRef,
    options: { skip: boolean },
  ) => { isLoading: boolean; error?: unknown; session: S | undefined };
  /** The kind's delete mutation hook. */
  useDelete: () => readonly [(ref: SessionRef) => { unwrap(): Promise<unknown> }, { isLoading: boolean }];
  /** The kind's own part of the page, under the head. */
  children: (session: S) => ReactNode;
}

/**
 * What both session pages share (docs/product.md §2): the date as the title, Edit and Delete for
 * the author, the loading and error states; each kind passes its queries and its body.
 */
export function SessionPageShell<S extends ShownSession>({
  kind,
  kindLabel,
  useSession,
  useDelete,
  children,
}: SessionPageShellProps<S>) {
  const { slugLog = '', slugExercise = '', slugSession = '' } = useParams();
  const ref = { slugLog, slugExercise, slugSession };
  const exercisePath = paths.exercise(slugLog, slugExercise);
  const [remove, { isLoading: isDeleting }] = useDelete();
  const { isFetchSkipped, onDelete } = useDeleteAndLeave(
    () => remove(ref).unwrap(),
    'Session deleted',
    exercisePath,
    () => session?._id ?? '',
  );
  const query = useSession(ref, { skip: isFetchSkipped });
  const session = useLastDefined(query.session);
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

  return (
    <section className="page">
      <SessionHead
        backTo={exercisePath}
        kindLabel={kindLabel}
        createdDate={session.createdDate}
        editTo={paths.editSession(slugLog, slugExercise, kind, session._id)}
        onDelete={onDelete}
        isDeleting={isDeleting}
      />
      <RecordBadges names={session.records ?? []} />
      {children(session)}
    </section>
  );
}
