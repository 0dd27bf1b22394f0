import type { FormDraft } from '../lib/form/use-form-draft';

/** Says the form was filled from a draft kept on this device, with a way to start over. */
export function DraftNotice({ draft }: { draft: FormDraft }) {
  if (!draft.restoredAt) return null;
  const when = draft.restoredAt.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="draft-notice" role="status">
      <p>Restored your unsaved draft from {when}.</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={draft.discard}>
        Discard draft
      </button>
    </div>
  );
}
