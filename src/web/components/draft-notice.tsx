import { formatMoment } from '../../contract/dates';
import type { FormDraft } from '../lib/form/use-form-draft';

/**
 * Says the form was filled from a draft kept on this device, with a way to start over; `stale`
 * adds that the saved record has changed since the draft began (another device or tab), which
 * saving the draft would replace.
 */
export function DraftNotice({ draft, stale }: { draft: FormDraft; stale?: string }) {
  if (!draft.restoredAt) return null;
  const when = formatMoment(draft.restoredAt);
  return (
    <div className="draft-notice" role="status">
      <p>
        Restored your unsaved draft from {when}.{stale && ` ${stale}`}
      </p>
      <button type="button" className="btn btn-secondary btn-small" onClick={draft.discard}>
        Discard draft
      </button>
    </div>
  );
}
