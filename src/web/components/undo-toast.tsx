import './undo-toast.css';

/** A delete's toast (`Log deleted` …) with its Undo button (docs/api.md §14). */
export function UndoToast({ message, onUndo }: { message: string; onUndo: () => void }) {
  return (
    <div className="undo-toast">
      <span>{message}</span>
      <button type="button" className="undo-toast-button" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}
