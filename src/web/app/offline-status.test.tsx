import 'fake-indexeddb/auto';
import '../test/setup';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { type QueuedSession, queueSession, readQueue, removeQueued } from '../lib/offline/queue';
import { USER } from '../test/render';
import { OfflineStatus } from './offline-status';

function queued(overrides: Partial<QueuedSession>): QueuedSession {
  return {
    key: crypto.randomUUID(),
    userId: USER._id,
    path: '/logs/push/exercises/bench/wlsessions',
    body: {},
    createdAt: new Date().toISOString(),
    exerciseTitle: 'Bench',
    sessionDate: '2026-11-25',
    ...overrides,
  };
}

afterEach(async () => {
  for (const item of await readQueue()) await removeQueued(item.key);
});

describe('OfflineStatus', () => {
  it('counts the user’s sessions waiting to sync, and nothing of another user’s', async () => {
    authStore.signIn(USER);
    render(<OfflineStatus />);
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => {
      await queueSession(queued({ createdAt: '2026-11-25T08:00:00.000Z' }));
      await queueSession(queued({ createdAt: '2026-11-25T09:00:00.000Z', exerciseTitle: 'Squat' }));
      await queueSession(queued({ userId: 'someone-else', exerciseTitle: 'Theirs' }));
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Waiting to sync: 2 sessions saved on this device (Bench, 2026-11-25; Squat, 2026-11-25).',
    );
  });

  it('words a workout finished offline as a workout, beside the sessions', async () => {
    authStore.signIn(USER);
    render(<OfflineStatus />);
    const workout = { path: '/logs/push/workouts', exerciseTitle: 'Push A' };
    await act(() => queueSession(queued({ ...workout, createdAt: '2026-11-25T08:00:00.000Z' })));
    expect(screen.getByRole('status').textContent).toBe(
      'Waiting to sync: 1 workout saved on this device (Push A, 2026-11-25).',
    );
    await act(() => queueSession(queued({ createdAt: '2026-11-25T09:00:00.000Z' })));
    expect(screen.getByRole('status').textContent).toBe(
      'Waiting to sync: 1 workout and 1 session saved on this device (Push A, 2026-11-25; Bench, 2026-11-25).',
    );
  });

  it('shows a refused session with the server’s message until the user dismisses it', async () => {
    authStore.signIn(USER);
    render(<OfflineStatus />);
    await act(() => queueSession(queued({ failure: 'Exercise not found' })));
    expect(screen.getByText(/Exercise not found/).textContent).toBe(
      'Not synced: Bench, 2026-11-25. Exercise not found',
    );
    expect(screen.queryByText(/Waiting to sync/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(async () => expect(await readQueue()).toEqual([]));
    expect(screen.queryByText(/Exercise not found/)).toBeNull();
  });
});
