import { todayLocal } from '../../../contract/dates';
import type { PasessionValues } from '../../../contract/sessions';
import { EMPTY_PACE, PaSessionForm } from './pa-session-form';
import { SessionEditor, useSessionEditor } from './session-editor';
import {
  useCreatePasessionMutation,
  useGetPasessionForEditQuery,
  useUpdatePasessionMutation,
} from './sessions.api';

/** A pace session's new and edit screen (routes …/pa/create-new-session and …/pa/edit/:id). */
export function PaSessionEditor() {
  const editor = useSessionEditor('pasession');
  const { isNew, ref } = editor;
  const record = useGetPasessionForEditQuery(ref, { skip: isNew });
  const [create, created] = useCreatePasessionMutation();
  const [update, updated] = useUpdatePasessionMutation();
  const session = record.data;

  const onSubmit = (values: PasessionValues) =>
    editor.save(() =>
      isNew
        ? create({ ...editor.exercise, body: values }).unwrap()
        : update({ ...ref, body: { ...session, ...values, _id: ref.id } }).unwrap(),
    );

  const defaultValues = isNew
    ? { createdDate: todayLocal(), ...structuredClone(EMPTY_PACE), notes: '' }
    : session && {
        createdDate: session.createdDate,
        time: { ...session.time },
        distance: session.distance,
        notes: session.notes,
      };
  const form = defaultValues && (
    <PaSessionForm
      key={session?._id}
      defaultValues={defaultValues}
      isSaving={created.isLoading || updated.isLoading}
      onSubmit={onSubmit}
      draftKey={editor.draftKey}
    />
  );
  return <SessionEditor editor={editor} record={record} form={form} />;
}
