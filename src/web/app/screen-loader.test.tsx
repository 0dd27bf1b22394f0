import '../test/setup';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { todayLocal } from '../../contract/dates';
import { activityRange } from '../features/logs/activity-grid';
import { authStore } from '../lib/auth-store';
import { aLog, aWlPoint, aWlsession, anExercise } from '../test/fixtures';
import { mockApi, USER } from '../test/render';
import { routes } from './router';

// A first visit starts a screen's requests with its code (decision 0011): the route's loader runs
// beside its lazy import (decision 0013). They must be the very requests the screen then makes,
// or it would ask twice; these tests hold the two together.

function renderAt(url: string) {
  return render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />);
}

const exercise = anExercise();
const wlsession = aWlsession({ slugSession: '2026-01-05', createdDate: '2026-01-05' });
const exercisePage = {
  exercise,
  exerciseAggregate: [{ ...exercise, wlsessions: wlsession }],
  exerciseAggregatePa: [],
  latestWlsession: [],
  latestPasession: [],
  pagination: { page: 2, limit: 12, total: 13, totalWlPages: 2, totalPaPages: 0 },
};
const progress = {
  points: [aWlPoint({ createdDate: '2026-01-05', totalVolume: 1000, junkVolume: 200, workingVolume: 800 })],
};

const PROFILE = '/api/users/profile';
const EXERCISE_PAGE = '/api/logs/push-day/exercises/bench-press?limit=12&page=2';
const PROGRESS = '/api/logs/push-day/exercises/bench-press/progress';
const RECORDS = '/api/logs/push-day/exercises/bench-press/records';
const records = {
  kind: 'wlsession',
  records: { heaviest: null, e1rm: null, bestSetVolume: null, bestSessionVolume: null },
};

describe("a screen's loader", () => {
  it('asks for nothing when no one is signed in (the screen will be /login)', async () => {
    const { calls } = mockApi({});
    renderAt('/logs/push-day/bench-press');
    // The first test imports the layout's and the login page's modules cold: allow for a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'User Login' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/logs'))).toEqual([]);
  });

  it("starts the exercise page's requests before it renders, and the page uses those answers", async () => {
    authStore.signIn(USER);
    // jsdom lays nothing out: the chart's box reports a width, so the chart draws.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe() {
          this.callback(
            [{ contentRect: { width: 600 } } as ResizeObserverEntry],
            this as unknown as ResizeObserver,
          );
        }
        disconnect() {}
      },
    );
    const { calls } = mockApi({
      'GET /api/logs/push-day/exercises/bench-press': exercisePage,
      'GET /api/logs/push-day/exercises/bench-press/progress': progress,
      'GET /api/logs/push-day/exercises/bench-press/records': records,
      'GET /api/users/profile': USER,
    });
    renderAt('/logs/push-day/bench-press?page=2');
    // Before the page has rendered, its loader has asked for all three (and the layout's for the profile).
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual([PROFILE, EXERCISE_PAGE, PROGRESS, RECORDS]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Bench Press' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Bar chart/ })).toBeTruthy();
    const paths = calls.map((c) => c.path);
    expect(paths.filter((p) => p === EXERCISE_PAGE)).toHaveLength(1);
    expect(paths.filter((p) => p === PROGRESS)).toHaveLength(1);
    expect(paths.filter((p) => p === RECORDS)).toHaveLength(1);
    expect(paths.filter((p) => p === PROFILE)).toHaveLength(1);
  });

  it('does the same for the logs list, with its own default page size', async () => {
    authStore.signIn(USER);
    const log = aLog();
    const { calls } = mockApi({
      'GET /api/logs': { logs: [log], pagination: { totalPages: 1, page: 1, limit: 10, total: 1 } },
      'GET /api/activity': { days: [] },
      'GET /api/users/profile': USER,
    });
    renderAt('/logs');
    const { from, to } = activityRange(todayLocal());
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual([
        PROFILE,
        '/api/logs?limit=10&page=1',
        `/api/activity?from=${from}&to=${to}`,
      ]),
    );
    expect(await screen.findByRole('link', { name: /Push Day/ })).toBeTruthy();
    expect((await screen.findByText(/in the last 30 days/)).textContent).toBe(
      '0 sessions in the last 30 days',
    );
    expect(calls.filter((c) => c.path.startsWith('/api/logs'))).toHaveLength(1);
    expect(calls.filter((c) => c.path.startsWith('/api/activity'))).toHaveLength(1);
  });

  it('does the same for a session being edited: the form opens with the session it asked for once', async () => {
    authStore.signIn(USER);
    const EDIT = '/api/logs/push-day/exercises/bench-press/wlsessions/edit/s-1';
    const { calls } = mockApi({ [`GET ${EDIT}`]: wlsession, 'GET /api/users/profile': USER });
    renderAt('/logs/push-day/bench-press/wl/edit/s-1');
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual([PROFILE, EDIT]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Session' })).toBeTruthy();
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-01-05');
    expect(calls.filter((c) => c.path === EDIT)).toHaveLength(1);
  });
});
