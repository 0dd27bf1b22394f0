import { useEffect, useId, useRef } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Asked before a logout that would discard sessions not yet synced (docs/api.md §12). A modal
 * <dialog> with its own root, like the offline bar: the header stays as it is. True: log out
 * and discard them.
 */
export function confirmDiscard(kept: readonly string[]): Promise<boolean> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const asked = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise((resolve) => {
    const answer = (isDiscard: boolean) => {
      root.unmount();
      host.remove();
      // Staying: focus goes back where it was, or to the header's menu button when the menu item
      // that asked has closed with its menu (docs/api.md §14 "By keyboard alone").
      if (!isDiscard)
        (asked?.isConnected
          ? asked
          : document.querySelector<HTMLElement>('button[aria-label="Menu"]')
        )?.focus();
      resolve(isDiscard);
    };
    root.render(<LogoutWarning kept={kept} onAnswer={answer} />);
  });
}

/** `kept`: what only this device holds, each part worded (`2 sessions`, `a workout in progress`). */
export function LogoutWarning({
  kept,
  onAnswer,
}: {
  kept: readonly string[];
  onAnswer: (isDiscard: boolean) => void;
}) {
  const what = kept.length > 1 ? `${kept.slice(0, -1).join(', ')} and ${kept.at(-1)}` : (kept[0] ?? '');
  const one = kept.length === 1 && /^(1 |a )/.test(kept[0]) && !kept[0].includes(' and ');
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
        {what[0].toUpperCase() + what.slice(1)} saved on this device {one ? 'has' : 'have'} not reached the
        server yet. Logging out now discards {one ? 'it' : 'them'}.
      </p>
      <div className="logout-warning-actions">
        <button type="button" className="btn btn-primary" autoFocus onClick={() => onAnswer(false)}>
          Stay logged in
        </button>
        <button type="button" className="btn btn-danger" onClick={() => onAnswer(true)}>
          Log out and discard {what}
        </button>
      </div>
    </dialog>
  );
}
