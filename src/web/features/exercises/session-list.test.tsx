import 'fake-indexeddb/auto';
import '../../test/setup';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExercisePage } from '../../../contract/sessions';
import { type QueuedSession, queueSession, readQueue, removeQueued } from '../../lib/offline/queue';
import { useWaitingSessions } from '../../lib/offline/waiting-sessions';
import { aWlsession, anExercise } from '../../test/fixtures';
import { renderWithApp, USER } from '../../test/render';
import { SessionList } from './session-list';

const exercise = anExercise();
const synced = aWlsession({ slugSession: '2026-01-05', createdDate: '2026-01-05' });
const data: ExercisePage = {
  exercise,
  exerciseAggregate: [{ ...exercise, wlsessions: synced }],
  exerciseAggregatePa: [],
  latestWlsession: [],
  latestPasession: [],
  pagination: { page: 1, limit: 12, total: 1, totalWlPages: 1, totalPaPages: 0 },
};

/** A weight session as the form queues it (features/sessions/sessions.api.ts). */
function queued(createdDate: string, overrides: Partial<QueuedSession> = {}): QueuedSession {
  return {
    key: crypto.randomUUID(),
    userId: USER._id,
    path: '/logs/push-day/exercises/bench-press/wlsessions',
    body: {
      createdDate,
      notes: '',
      set: [
        { repetitions: 5, kilograms: 100, pounds: null, isHard: true },
        { repetitions: 10, kilograms: 40, pounds: null, isHard: false },
      ],
      slugLog: 'push-day',
      slugExercise: 'bench-press',
    },
    createdAt: new Date().toISOString(),
    exerciseTitle: 'Bench Press',
    sessionDate: createdDate,
    ...overrides,
  };
}

/** The exercise page's list as it uses it: the hook reads the real queue (in fake-indexeddb). */
function ListWithQueue({ page = data }: { page?: ExercisePage }) {
  const waiting = useWaitingSessions({ slugLog: 'push-day', slugExercise: 'bench-press', kind: 'wlsession' });
  return <SessionList data={page} waiting={waiting} />;
}

afterEach(async () => {
  for (const item of await readQueue()) await removeQueued(item.key);
});

describe('SessionList with sessions waiting to sync', () => {
  it('shows only the user’s waiting sessions of this exercise, newest first, marked and unlinked', async () => {
    const older = queued('2026-01-10');
    const newer = queued('2026-01-12');
    await queueSession(older);
    await queueSession(newer);
    // Not this exercise, not this user, or refused by the server: not shown here.
    await queueSession(queued('2026-01-13', { path: '/logs/push-day/exercises/squat/wlsessions' }));
    await queueSession(queued('2026-01-14', { userId: 'someone-else' }));
    await queueSession(queued('2026-01-15', { failure: 'Exercise not found' }));
    renderWithApp(<ListWithQueue />);

    await screen.findByText('12 Jan 2026');
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => card.querySelector('time')?.textContent)).toEqual([
      '12 Jan 2026',
      '10 Jan 2026',
      '5 Jan 2026',
    ]);
    for (const card of cards.slice(0, 2)) {
      expect(within(card).getByText('Waiting to sync')).toBeTruthy();
      expect(within(card).queryByRole('link')).toBeNull();
      // Figures from the queued body by the contract's rules: 5 × 100 hard, 10 × 40 junk.
      expect(within(card).getByText('2 sets')).toBeTruthy();
      expect(within(card).getByText('900')).toBeTruthy();
    }
    expect(within(cards[2]).queryByText('Waiting to sync')).toBeNull();
    expect(within(cards[2]).getByRole('link')).toBeTruthy();

    // Sent (lib/offline/sync.ts removes it from the queue): its waiting card goes.
    await act(() => removeQueued(newer.key));
    expect(screen.queryByText('12 Jan 2026')).toBeNull();
    expect(screen.getAllByText('Waiting to sync')).toHaveLength(1);
  });

  it('lists a waiting session instead of "No sessions yet" when the server has none yet', async () => {
    const only = queued('2026-02-01');
    await queueSession(only);
    renderWithApp(<ListWithQueue page={{ ...data, exerciseAggregate: [] }} />);
    expect(await screen.findByText('Waiting to sync')).toBeTruthy();
    expect(screen.queryByText('No sessions yet')).toBeNull();

    await act(() => removeQueued(only.key));
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    expect(screen.getByText('No sessions yet')).toBeTruthy();
  });

  it('shows nobody’s waiting sessions when no one is signed in', async () => {
    await queueSession(queued('2026-02-02'));
    renderWithApp(<ListWithQueue />, { user: null });
    await act(() => readQueue());
    expect(screen.queryByText('Waiting to sync')).toBeNull();
  });
});
