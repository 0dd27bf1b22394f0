import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { SessionKind } from '../../../contract/exercises';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { isQueuedReceipt } from '../../lib/offline/keep-offline';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useSave } from '../../lib/use-save';
import { PreviousSession } from './previous-session';
import { useGetSessionContextQuery } from './sessions.api';

/**
 * What the new and edit screens of a session share, whatever its kind: the route says which (an
 * `id` in the address is an edit), the exercise's latest session (new only, for "Previous Session"
 * and "Copy previous sets"), the save (toast, back to the exercise) and the draft's key.
 */
export function useSessionEditor(kind: SessionKind) {
  const { slugLog = '', slugExercise = '', id } = useParams();
  const isNew = id === undefined;
  useDocumentTitle(isNew ? 'New Session' : 'Edit Session');
  const exercise = { slugLog, slugExercise };
  const context = useGetSessionContextQuery(exercise, { skip: !isNew });
  const backTo = paths.exercise(slugLog, slugExercise);
  const save = useSave();
  return {
    isNew,
    /** The exercise in the address: a new session's key (and its draft's, and the offline queue's). */
    exercise,
    /** The session being edited. */
    ref: { ...exercise, id: id ?? '' },
    context,
    backTo,
    /** Sends the session, then back to the exercise (docs/product.md §4). */
    save: (send: () => Promise<unknown>) =>
      save(send, {
        // A session kept on the device for later has its own message (lib/offline/keep-offline.ts).
        done: (answer) => (!isNew ? 'Session updated' : isQueuedReceipt(answer) ? null : 'Session created'),
        then: backTo,
      }),
    /** One draft per exercise and kind, so two new-session forms never share one; none on edit. */
    draftKey: isNew ? `${kind}:${slugLog}/${slugExercise}` : undefined,
  };
}

type Editor = ReturnType<typeof useSessionEditor>;

interface SessionEditorProps {
  editor: Editor;
  /** The session being edited (its query's state); the new screen has none to wait for. */
  record?: { isLoading: boolean; error?: unknown };
  /** The form, once it can be shown. */
  form: ReactNode | null;
}

/** No answer at all because there is no connection (RTK Query's FETCH_ERROR, or the browser says so). */
function isOffline(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 'FETCH_ERROR' || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/** The one layout of a session's new and edit screens, both kinds. */
export function SessionEditor({ editor, record, form }: SessionEditorProps) {
  const { isNew, context, backTo } = editor;
  const { isLoading, error } = isNew ? context : (record ?? { isLoading: true });
  const card = <div className="card form-card">{form}</div>;
  let body: ReactNode;
  if (isLoading) body = <Spinner />;
  else if (!isNew) body = error ? <LoadError error={error} /> : card;
  else if (context.data)
    body = (
      <div className="split">
        {card}
        <PreviousSession context={context.data} />
      </div>
    );
  else if (isOffline(error))
    // Opened with no connection (the app shell came from the service worker): the session can
    // still be logged and kept on the device; only the previous one cannot be shown.
    body = (
      <div className="split">
        {card}
        <aside className="card previous">
          <h2>Previous Session</h2>
          <p className="muted">You are offline: the previous session shows once you are back online.</p>
        </aside>
      </div>
    );
  else body = <LoadError error={error} />;

  return (
    <section className={isNew ? 'page' : 'page page-narrow'}>
      <BackLink to={backTo} />
      {context.data && <p className="eyebrow">{context.data.exercise.title}</p>}
      <h1>{isNew ? 'New Session' : 'Edit Session'}</h1>
      {body}
    </section>
  );
}
