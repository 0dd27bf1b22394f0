/** A delete's toast (`Log deleted` …) with its Undo button (docs/api.md §14). */
export function UndoToast({ message, onUndo }: { message: string; onUndo: () => void }) {
  return (
    <div className="toast-action undo-toast">
      <span>{message}</span>
      <button type="button" className="toast-action-button" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}
