import '../test/setup';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLog, anExercise, aWlsession } from '../test/fixtures';
import { mockApi, renderWithApp } from '../test/render';
import { HistoryScreen } from './history-screen';

const log = aLog({ _id: 'log-1', title: 'Strength Block', slugLog: 'strength-block' });
const exercise = anExercise({ title: 'Bench Press', slugExercise: 'bench-press', slugLog: 'strength-block' });
const dayOf = (date: string) => ({
  date,
  sessions: [
    {
      log: { _id: log._id, title: log.title, slugLog: log.slugLog },
      exercise,
      workout: null,
      wlsession: aWlsession({ slugSession: date, createdDate: date }),
    },
  ],
});

describe('HistoryScreen (docs/api.md §14)', () => {
  it('lists the days of GET /api/days a page at a time, with their sessions, a day older than the heatmap’s year too', async () => {
    const { calls } = mockApi({
      'GET /api/activity': { days: [] },
      'GET /api/days': (request: Request) =>
        new URL(request.url).searchParams.get('page') === '2'
          ? { days: [dayOf('2019-02-03')], pagination: { totalPages: 2, page: 2, limit: 12, total: 13 } }
          : {
              days: Array.from({ length: 12 }, (_, i) => dayOf(`2026-03-${String(20 - i).padStart(2, '0')}`)),
              pagination: { totalPages: 2, page: 1, limit: 12, total: 13 },
            },
    });
    renderWithApp(<HistoryScreen />, { route: '/history?page=2', path: '/history' });
    const day = await screen.findByRole('heading', { level: 2, name: '3 Feb 2019' });
    expect(within(day).getByRole('link').getAttribute('href')).toBe('/history/2019-02-03');
    expect(screen.getByText('13 days')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Bench Press' })).toBeTruthy();
    // The page's days come with their sessions: no request per day.
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/days'))).toEqual([
      '/api/days?page=2&limit=12',
    ]);
  });

  it('leads to a first workout when there is no day yet', async () => {
    mockApi({
      'GET /api/activity': { days: [] },
      'GET /api/days': { days: [], pagination: { totalPages: 0, page: 1, limit: 12, total: 0 } },
    });
    renderWithApp(<HistoryScreen />, { route: '/history', path: '/history' });
    expect(await screen.findByText('No sessions yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a workout' }).getAttribute('href')).toBe('/workout');
  });
});
