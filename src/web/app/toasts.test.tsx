import '../test/setup';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToasts, toastGone } from '../test/toasts';
import { toastError } from '../lib/error-toast';
import Toasts from './toasts';

afterEach(dismissToasts);

function renderPage() {
  return render(
    <>
      <button type="button">Save</button>
      <Toasts />
    </>,
  );
}

describe('Toasts', () => {
  it('sits at the bottom below 768 px (above the tab bar: styles/layout.css)', async () => {
    renderPage();
    act(() => void toast.success('Log created'));
    await screen.findByText('Log created');
    // jsdom's matchMedia (test/setup.ts) matches nothing: a phone.
    expect(document.querySelector('.Toastify__toast-container--bottom-center')).not.toBeNull();
  });

  it('gives focus back to where it was when the close button closes a toast', async () => {
    renderPage();
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    act(() => void toast.success('Log created'));
    const shown = await screen.findByRole('alert');
    const close = within(shown).getByRole('button', { name: /close/i });
    close.focus();
    await userEvent.keyboard('{Enter}');
    // At once, as the toast starts to leave: not left on a button that is going away.
    expect(document.activeElement).toBe(save);
    await toastGone(shown, 'Log created');
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it("gives focus back after Retry closes an error's toast", async () => {
    renderPage();
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    const retry = vi.fn();
    act(() => void toastError('Something went wrong', { retry }));
    const shown = await screen.findByRole('alert');
    await userEvent.click(within(shown).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    await toastGone(shown, 'Something went wrong');
    await waitFor(() => expect(document.activeElement).toBe(save));
  });

  it('leaves focus alone when it is elsewhere as the toast goes', async () => {
    renderPage();
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    act(() => void toast.success('Log created'));
    const shown = await screen.findByRole('alert');
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    act(() => toast.dismiss());
    await toastGone(shown, 'Log created');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(other);
    other.remove();
  });
});
