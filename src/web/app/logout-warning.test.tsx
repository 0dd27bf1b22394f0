import '../test/setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmDiscard, LogoutWarning } from './logout-warning';

// jsdom has no <dialog> methods; the warning opens itself with showModal.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};

describe('the logout warning', () => {
  it('names sessions as before', () => {
    render(<LogoutWarning kept={['2 sessions']} onAnswer={() => {}} />);
    expect(screen.getByText(/2 sessions saved on this device have not reached the server yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out and discard 2 sessions' })).toBeTruthy();
  });

  it('names a workout in progress and unsaved edits beside what waits to sync', () => {
    render(
      <LogoutWarning
        kept={['1 workout', 'a workout in progress', 'unsaved changes to 2 workouts']}
        onAnswer={() => {}}
      />,
    );
    expect(
      screen.getByText(
        /1 workout, a workout in progress and unsaved changes to 2 workouts saved on this device have not reached the server yet\. Logging out now discards them\./,
      ),
    ).toBeTruthy();
  });

  it('staying gives focus back to the menu button when the menu item that asked has gone', async () => {
    const menu = Object.assign(document.createElement('button'), { type: 'button' });
    menu.setAttribute('aria-label', 'Menu');
    const item = document.createElement('a');
    item.href = '#';
    document.body.append(menu, item);
    item.focus();
    let answer: Promise<boolean> | undefined;
    await act(async () => {
      answer = confirmDiscard(['a workout in progress']);
    });
    item.remove(); // the menu closed under the dialog
    fireEvent.click(await screen.findByRole('button', { name: 'Stay logged in' }));
    expect(await answer).toBe(false);
    expect(document.activeElement).toBe(menu);
    menu.remove();
  });

  it('says it for one thing alone', () => {
    render(<LogoutWarning kept={['a workout in progress']} onAnswer={() => {}} />);
    expect(
      screen.getByText(
        /A workout in progress saved on this device has not reached the server yet\. Logging out now discards it\./,
      ),
    ).toBeTruthy();
  });
});
