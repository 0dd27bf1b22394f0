import type { ComponentProps } from 'react';
import { formatNumber } from '../../contract/metrics';
import { NOTES_MAX } from '../../contract/sessions';
import { FormField, invalidProps } from './form-field';

/** The count appears once the notes are this close to the limit, so it is there when it matters. */
const COUNT_FROM = NOTES_MAX - 200;

type NotesFieldProps = ComponentProps<'textarea'> & { id: string; error?: string; length: number };

/** A session's notes (docs/api.md §10): a textarea with its label, and a character count near the limit. */
export function NotesField({ id, error, length, ...textarea }: NotesFieldProps) {
  const hint =
    length >= COUNT_FROM ? `${formatNumber(length)} / ${formatNumber(NOTES_MAX)} characters` : undefined;
  return (
    <FormField id={id} label="Notes" error={error} hint={hint}>
      <textarea
        id={id}
        className="input textarea"
        rows={3}
        placeholder="How did it go? (optional)"
        maxLength={NOTES_MAX}
        {...invalidProps(id, error)}
        {...textarea}
      />
    </FormField>
  );
}
