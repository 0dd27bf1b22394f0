import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { todayLocal } from '../../../contract/dates';
import type { PasessionValues, WlsessionValues } from '../../../contract/sessions';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { isQueuedReceipt } from '../../lib/offline/keep-offline';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useWeightUnit } from '../../lib/weight-unit';
import { EMPTY_PACE, PaSessionForm } from './pa-session-form';
import { PreviousSession } from './previous-session';
import { newSet } from './set-rows';
import {
  useCreatePasessionMutation,
  useCreateWlsessionMutation,
  useGetSessionContextQuery,
} from './sessions.api';
import { WlSessionForm } from './wl-session-form';

/** One draft per exercise and kind, so two new-session forms never share one. */
const draftKey = (kind: string, slugLog: string, slugExercise: string) =>
  `${kind}:${slugLog}/${slugExercise}`;

function useNewSession() {
  const { slugLog = '', slugExercise = '' } = useParams();
  const navigate = useNavigate();
  const context = useGetSessionContextQuery({ slugLog, slugExercise });
  const backTo = paths.exercise(slugLog, slugExercise);
  /** Shared success/failure handling: toast, then back to the exercise (docs/product.md §4). */
  const save = async (create: () => Promise<unknown>) => {
    let result: unknown;
    try {
      result = await create();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    // A session kept on the device for later has its own message (lib/offline/keep-offline.ts).
    if (!isQueuedReceipt(result)) toast.success('Session created');
    navigate(backTo);
  };
  return { slugLog, slugExercise, context, backTo, save };
}

/** No answer at all because there is no connection (RTK Query's FETCH_ERROR, or the browser says so). */
function isOffline(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 'FETCH_ERROR' || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

function NewSessionLayout(props: {
  backTo: string;
  context: ReturnType<typeof useNewSession>['context'];
  form: ReactNode;
}) {
  const { data, error, isLoading } = props.context;
  return (
    <section className="page">
      <BackLink to={props.backTo} />
      {data && <p className="eyebrow">{data.exercise.title}</p>}
      <h1>New Session</h1>
      {isLoading ? (
        <Spinner />
      ) : data ? (
        <div className="split">
          <div className="card form-card">{props.form}</div>
          <PreviousSession context={data} />
        </div>
      ) : isOffline(error) ? (
        // Opened with no connection (the app shell came from the service worker): the session
        // can still be logged and kept on the device; only the previous one cannot be shown.
        <div className="split">
          <div className="card form-card">{props.form}</div>
          <aside className="card previous">
            <h2>Previous Session</h2>
            <p className="muted">You are offline: the previous session shows once you are back online.</p>
          </aside>
        </div>
      ) : (
        <LoadError error={error} />
      )}
    </section>
  );
}

export function NewWlSessionPage() {
  useDocumentTitle('New Session');
  const { slugLog, slugExercise, context, backTo, save } = useNewSession();
  const [createWlsession, { isLoading }] = useCreateWlsessionMutation();
  const unit = useWeightUnit();
  const onSubmit = (body: WlsessionValues) =>
    save(() => createWlsession({ slugLog, slugExercise, body }).unwrap());
  const form = (
    <WlSessionForm
      defaultValues={{ createdDate: todayLocal(), set: [newSet(unit)], notes: '' }}
      isSaving={isLoading}
      onSubmit={onSubmit}
      previous={context.data?.latestWlsession[0]?.wlsessions.set}
      draftKey={draftKey('wlsession', slugLog, slugExercise)}
    />
  );
  return <NewSessionLayout backTo={backTo} context={context} form={form} />;
}

export function NewPaSessionPage() {
  useDocumentTitle('New Session');
  const { slugLog, slugExercise, context, backTo, save } = useNewSession();
  const [createPasession, { isLoading }] = useCreatePasessionMutation();
  const onSubmit = (body: PasessionValues) =>
    save(() => createPasession({ slugLog, slugExercise, body }).unwrap());
  const form = (
    <PaSessionForm
      defaultValues={{ createdDate: todayLocal(), ...structuredClone(EMPTY_PACE), notes: '' }}
      isSaving={isLoading}
      onSubmit={onSubmit}
      draftKey={draftKey('pasession', slugLog, slugExercise)}
    />
  );
  return <NewSessionLayout backTo={backTo} context={context} form={form} />;
}
