import type { FormEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DraftNotice } from '../../components/draft-notice';
import { NotesField } from '../../components/notes-field';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import type { FormDraft } from '../../lib/form/use-form-draft';

interface SessionFormFrameProps {
  /** `useSchemaForm`'s submit handler and draft. */
  submit: (event?: FormEvent) => Promise<void>;
  draft: FormDraft;
  date: { field: UseFormRegisterReturn; error?: string };
  notes: { field: UseFormRegisterReturn; error?: string; length: number };
  isSaving: boolean;
  /** The kind's own fields (the set rows, or time and distance), between the date and the notes. */
  children: ReactNode;
}

/** What every session form holds around its own fields: the draft notice, the date, the notes and Submit. */
export function SessionFormFrame({ submit, draft, date, notes, isSaving, children }: SessionFormFrameProps) {
  return (
    <form className="form" noValidate onSubmit={submit}>
      <DraftNotice draft={draft} />
      <TextField id="createdDate" label="Date" type="date" error={date.error} {...date.field} />
      {children}
      <NotesField id="notes" error={notes.error} length={notes.length} {...notes.field} />
      <SubmitButton isSaving={isSaving} />
    </form>
  );
}
