import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { expect } from 'vitest';

/**
 * Waits for a toast to leave. A toast leaves when its exit animation ends: jsdom runs no
 * animations, so its `animationend` is sent here (the first one ends the entrance, which the exit
 * waits for).
 */
export async function toastGone(shown: HTMLElement, text: string) {
  await waitFor(() => {
    fireEvent.animationEnd(shown);
    expect(screen.queryByText(text)).toBeNull();
  });
}

/** Every toast gone, between tests: react-toastify keeps its toasts in a store of its own. */
export function dismissToasts() {
  act(() => toast.dismiss());
}
