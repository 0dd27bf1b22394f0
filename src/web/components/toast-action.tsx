/**
 * A toast's text with a button of its own (docs/api.md §14): a delete's Undo (`undo-toast`,
 * lib/use-delete-and-leave.ts), an error's Retry (`error-toast`, lib/error-toast.ts).
 */
export function ToastAction({
  message,
  label,
  kind,
  onAction,
}: {
  message: string;
  label: 'Undo' | 'Retry';
  kind: 'undo-toast' | 'error-toast';
  onAction: () => void;
}) {
  return (
    <div className={`toast-action ${kind}`}>
      <span>{message}</span>
      <button type="button" className="toast-action-button" onClick={onAction}>
        {label}
      </button>
    </div>
  );
}
