import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { PasessionValues, WlsessionValues } from '../../../contract/sessions';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle, useUserInfo } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useWeightUnit } from '../../lib/weight-unit';
import { PaSessionForm } from './pa-session-form';
import { formSet } from './set-rows';
import {
  useGetPasessionForEditQuery,
  useGetWlsessionForEditQuery,
  useUpdatePasessionMutation,
  useUpdateWlsessionMutation,
} from './sessions.api';
import { WlSessionForm } from './wl-session-form';

function useEditSession() {
  const { slugLog = '', slugExercise = '', id = '' } = useParams();
  const navigate = useNavigate();
  const backTo = paths.exercise(slugLog, slugExercise);
  const save = async (update: () => Promise<unknown>) => {
    try {
      await update();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success('Session updated');
    navigate(backTo);
  };
  return { ref: { slugLog, slugExercise, id }, backTo, save };
}

interface EditLayoutProps {
  backTo: string;
  isLoading: boolean;
  error: unknown;
  /** null when there is no record, or when it is not the signed-in user's (no form then). */
  form: ReactNode | null;
}

function EditLayout({ backTo, isLoading, error, form }: EditLayoutProps) {
  return (
    <section className="page page-narrow">
      <BackLink to={backTo} />
      <div className="card form-card">
        <h1>Edit Session</h1>
        {isLoading ? <Spinner /> : error ? <LoadError error={error} /> : form}
      </div>
    </section>
  );
}

export function EditWlSessionPage() {
  useDocumentTitle('Edit Session');
  const userInfo = useUserInfo();
  const unit = useWeightUnit();
  const { ref, backTo, save } = useEditSession();
  const { data: session, error, isLoading } = useGetWlsessionForEditQuery(ref);
  const [updateWlsession, { isLoading: isSaving }] = useUpdateWlsessionMutation();

  const onSubmit = (values: WlsessionValues) =>
    // Unknown fields are allowed on edit: the record goes back with the new values over it.
    save(() => updateWlsession({ ...ref, body: { ...session, ...values, _id: ref.id } }).unwrap());

  const form =
    session && session.author === userInfo?._id ? (
      <WlSessionForm
        key={session._id}
        defaultValues={{
          createdDate: session.createdDate,
          set: session.set.map((set) => formSet(set, unit)),
          notes: session.notes,
        }}
        isSaving={isSaving}
        onSubmit={onSubmit}
      />
    ) : null;
  return <EditLayout backTo={backTo} isLoading={isLoading} error={error} form={form} />;
}

export function EditPaSessionPage() {
  useDocumentTitle('Edit Session');
  const userInfo = useUserInfo();
  const { ref, backTo, save } = useEditSession();
  const { data: session, error, isLoading } = useGetPasessionForEditQuery(ref);
  const [updatePasession, { isLoading: isSaving }] = useUpdatePasessionMutation();

  const onSubmit = (values: PasessionValues) =>
    save(() => updatePasession({ ...ref, body: { ...session, ...values, _id: ref.id } }).unwrap());

  const form =
    session && session.author === userInfo?._id ? (
      <PaSessionForm
        key={session._id}
        defaultValues={{
          createdDate: session.createdDate,
          time: { ...session.time },
          distance: session.distance,
          notes: session.notes,
        }}
        isSaving={isSaving}
        onSubmit={onSubmit}
      />
    ) : null;
  return <EditLayout backTo={backTo} isLoading={isLoading} error={error} form={form} />;
}
