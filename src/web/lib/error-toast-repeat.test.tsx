import '../test/setup';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it, vi } from 'vitest';
import { toastError } from './error-toast';

// A file of its own: a fresh module, whose toast store holds none of another test's toasts.

describe('the same error again', () => {
  it('replaces its toast: one stays, and its Retry sends the latest attempt', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    render(<ToastContainer />);
    act(() => void toastError('Bad gateway', { retry: first }));
    await screen.findByRole('alert');
    act(() => void toastError('Bad gateway', { retry: latest }));
    // The first one leaves (its exit animation, which jsdom never ends, is sent by hand).
    await waitFor(() => {
      for (const toast of document.querySelectorAll('.Toastify__toast')) fireEvent.animationEnd(toast);
      expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });
});
