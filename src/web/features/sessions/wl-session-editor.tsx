import { todayLocal } from '../../../contract/dates';
import { setWeight, shownFrom } from '../../../contract/metrics';
import type { WlsessionValues } from '../../../contract/sessions';
import { useWeightUnit } from '../../lib/weight-unit';
import { SessionEditor, useSessionEditor } from './session-editor';
import {
  useCreateWlsessionMutation,
  useGetWlsessionForEditQuery,
  useUpdateWlsessionMutation,
} from './sessions.api';
import { formSet, newSet } from './set-rows';
import { WlSessionForm } from './wl-session-form';

/** A weight session's new and edit screen (routes …/wl/create-new-session and …/wl/edit/:id). */
export function WlSessionEditor() {
  const unit = useWeightUnit();
  const editor = useSessionEditor('wlsession');
  const { isNew, ref } = editor;
  const record = useGetWlsessionForEditQuery(ref, { skip: isNew });
  const [create, created] = useCreateWlsessionMutation();
  const [update, updated] = useUpdateWlsessionMutation();
  const session = record.data;

  const previous = editor.context.data?.latestWlsession[0]?.wlsessions.set;
  const onSubmit = (typed: WlsessionValues) => {
    // A weight left as shown goes back as stored (contract/metrics.ts `shownFrom`): this
    // session's own sets on edit, and last time's copied with "Copy previous sets".
    const stored = [...(session?.set ?? []), ...(previous ?? [])];
    const values = {
      ...typed,
      set: typed.set.map((set) => ({ ...set, ...shownFrom(setWeight(set, unit), unit, stored) })),
    };
    return editor.save(() =>
      isNew
        ? create({ ...editor.exercise, body: values }).unwrap()
        : // Unknown fields are allowed on edit: the record goes back with the new values over it.
          update({ ...ref, body: { ...session, ...values, _id: ref.id } }).unwrap(),
    );
  };

  const defaultValues = isNew
    ? { createdDate: todayLocal(), set: [newSet(unit)], notes: '' }
    : session && {
        createdDate: session.createdDate,
        set: session.set.map((set) => formSet(set, unit)),
        notes: session.notes,
      };
  const form = defaultValues && (
    <WlSessionForm
      key={session?._id}
      defaultValues={defaultValues}
      isSaving={created.isLoading || updated.isLoading}
      onSubmit={onSubmit}
      previous={previous}
      draftKey={editor.draftKey}
    />
  );
  return <SessionEditor editor={editor} record={record} form={form} />;
}
