import '../test/setup';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it } from 'vitest';
import { useSave } from './use-save';

/** A screen whose first save is refused (a 400 with the server's message) and whose second succeeds. */
function Screen() {
  const save = useSave();
  let calls = 0;
  const send = () => {
    calls += 1;
    return calls === 1
      ? Promise.reject({ status: 400, data: { message: 'The code is not valid' } })
      : Promise.resolve('ok');
  };
  return (
    <button
      type="button"
      onClick={() => void save(send, { done: 'Logged in Successfully' }).catch(() => undefined)}
    >
      Verify
    </button>
  );
}

describe('useSave', () => {
  it("closes the screen's error toast once a save of it succeeds", async () => {
    render(
      <MemoryRouter>
        <ToastContainer />
        <Screen />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('The code is not valid');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Logged in Successfully');
    // The error leaves (its exit animation, which jsdom never ends, is sent by hand).
    await waitFor(() => {
      act(() => {
        for (const toast of document.querySelectorAll('.Toastify__toast')) {
          if (toast.textContent?.includes('not valid')) fireEvent.animationEnd(toast);
        }
      });
      expect(screen.queryByText('The code is not valid')).toBeNull();
    });
  });
});
