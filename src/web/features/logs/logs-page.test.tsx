import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLog } from '../../test/fixtures';
import { mockApi, renderWithApp } from '../../test/render';
import { LogsPage } from './logs-page';

const offline = () => {
  // What fetch does without a connection.
  throw new TypeError('Failed to fetch');
};

describe('the logs list', () => {
  it('without a connection and nothing seen before, says so once, not once more for the heatmap', async () => {
    const { calls } = mockApi({ 'GET /api/logs': offline, 'GET /api/activity': offline });
    const { store } = renderWithApp(<LogsPage />, { route: '/logs', path: '/logs' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Something went wrong. Check your connection and try again.');
    // Both requests were made and both failed: the heatmap's section, and its second message, is gone.
    await waitFor(() => {
      expect(calls.map((c) => c.path.split('?')[0]).sort()).toEqual(['/api/activity', '/api/logs']);
      const queries = Object.values(store.getState().api.queries);
      expect(queries.map((q) => q?.status)).toEqual(['rejected', 'rejected']);
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Activity' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create new' })).toBeTruthy();
  });

  it('with its logs, shows the heatmap above them', async () => {
    mockApi({
      'GET /api/logs': { logs: [aLog()], pagination: { totalPages: 1, page: 1, limit: 10, total: 1 } },
      'GET /api/activity': { days: [] },
    });
    renderWithApp(<LogsPage />, { route: '/logs', path: '/logs' });
    expect(await screen.findByRole('link', { name: /Push Day/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeTruthy();
    expect(screen.getByText('1 log')).toBeTruthy();
  });
});
