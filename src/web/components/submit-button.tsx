import { Spinner } from './spinner';

/** One submit button per form; disabled with the spinner while saving (CONVENTIONS.md). */
export function SubmitButton({ isSaving, label = 'Submit' }: { isSaving: boolean; label?: string }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={isSaving} aria-busy={isSaving}>
      {isSaving && <Spinner small />}
      {label}
    </button>
  );
}
