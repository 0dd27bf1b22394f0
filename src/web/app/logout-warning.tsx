import { useEffect, useId, useRef } from 'react';
import { createRoot } from 'react-dom/client';

const sessions = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

/**
 * Asked before a logout that would discard sessions not yet synced (docs/api.md §12). A modal
 * <dialog> with its own root, like the offline bar: the header stays as it is. True: log out
 * and discard them.
 */
export function confirmDiscard(count: number): Promise<boolean> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  return new Promise((resolve) => {
    const answer = (isDiscard: boolean) => {
      root.unmount();
      host.remove();
      resolve(isDiscard);
    };
    root.render(<LogoutWarning count={count} onAnswer={answer} />);
  });
}

export function LogoutWarning({
  count,
  onAnswer,
}: {
  count: number;
  onAnswer: (isDiscard: boolean) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="logout-warning"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape: the safe choice.
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <h2 id={titleId}>Not synced yet</h2>
      <p id={textId}>
        {sessions(count)} saved on this device {count === 1 ? 'has' : 'have'} not reached the server yet.
        Logging out now discards {count === 1 ? 'it' : 'them'}.
      </p>
      <div className="logout-warning-actions">
        <button type="button" className="btn btn-primary" autoFocus onClick={() => onAnswer(false)}>
          Stay logged in
        </button>
        <button type="button" className="btn btn-danger" onClick={() => onAnswer(true)}>
          Log out and discard {sessions(count)}
        </button>
      </div>
    </dialog>
  );
}
