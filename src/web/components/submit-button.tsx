import { Spinner } from './spinner';

/** One submit button per form; disabled with the spinner while saving (docs/conventions.md). */
export function SubmitButton({
  isSaving,
  label = 'Submit',
  disabled = false,
}: {
  isSaving: boolean;
  label?: string;
  /** Not ready to submit yet for another reason (the import's dry run is still running). */
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block"
      disabled={isSaving || disabled}
      aria-busy={isSaving}
    >
      {isSaving && <Spinner small />}
      {label}
    </button>
  );
}
