import '../../test/setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLog, anExercise, aWlsession } from '../../test/fixtures';
import { mockApi, renderWithApp, reply } from '../../test/render';
import { DayPage } from './day-page';

const log = aLog({ _id: 'log-1', title: 'Strength Block', slugLog: 'strength-block' });
const exercise = anExercise({ title: 'Bench Press', slugExercise: 'bench-press', slugLog: 'strength-block' });

describe('DayPage (docs/api.md §14)', () => {
  it('lists the day’s sessions with sets, volume and unit, each linking to it', async () => {
    const session = aWlsession({ slugSession: '2026-11-20', createdDate: '2026-11-20', totalVolume: 1410.9 });
    mockApi({
      'GET /api/days/2026-11-20': {
        date: '2026-11-20',
        sessions: [
          {
            log: { _id: log._id, title: log.title, slugLog: log.slugLog },
            exercise,
            workout: null,
            wlsession: session,
          },
        ],
      },
    });
    renderWithApp(<DayPage />, { route: '/history/2026-11-20', path: '/history/:date' });
    expect(await screen.findByRole('heading', { level: 1, name: '20 Nov 2026' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Bench Press' });
    expect(link.getAttribute('href')).toBe('/logs/strength-block/bench-press/wl/2026-11-20');
    const sets = session.set.length;
    expect(screen.getByText(`${sets} ${sets === 1 ? 'set' : 'sets'} · 1,410.9 kg`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/history');
  });

  it('leads back to the logs on a day without sessions', async () => {
    mockApi({ 'GET /api/days/2026-11-21': { date: '2026-11-21', sessions: [] } });
    renderWithApp(<DayPage />, { route: '/history/2026-11-21', path: '/history/:date' });
    expect(await screen.findByText('No sessions on this day')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your logs' }).getAttribute('href')).toBe('/logs');
  });

  it('shows the server’s message for a bad date', async () => {
    mockApi({ 'GET /api/days/2026-02-30': reply(400, { message: 'Must be a valid date' }) });
    renderWithApp(<DayPage />, { route: '/history/2026-02-30', path: '/history/:date' });
    expect(await screen.findByText('Must be a valid date')).toBeTruthy();
  });
});
