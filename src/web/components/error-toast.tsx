/** An error's toast with its Retry button, which sends the failed request again (docs/api.md §14). */
export function ErrorToast({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="toast-action error-toast">
      <span>{message}</span>
      <button type="button" className="toast-action-button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
