import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../test/render';
import { TrashSection } from './trash-section';

const LOG = {
  _id: '11111111-1111-4111-8111-111111111111',
  kind: 'log',
  title: 'Strength Block',
  deletedAt: '2026-11-26T10:00:00.000Z',
  contains: { exercises: 2, sessions: 1 },
} as const;
const SESSION = {
  _id: '22222222-2222-4222-8222-222222222222',
  kind: 'wlsession',
  title: 'Bench Press, 2026-11-20',
  deletedAt: '2026-11-25T10:00:00.000Z',
  contains: { exercises: 0, sessions: 0 },
} as const;

describe('TrashSection', () => {
  it('lists each item: its kind, title, when deleted and what went with it', async () => {
    mockApi({ 'GET /api/trash': { items: [LOG, SESSION] } });
    renderWithApp(<TrashSection />);
    const section = await screen.findByRole('region', { name: 'Trash' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows[0].querySelector('.device-name')?.textContent).toBe('LogStrength Block');
    expect(rows[0].textContent).toMatch(/Deleted .*2026.* · With 2 exercises, 1 session/);
    expect(rows[1].querySelector('.device-name')?.textContent).toBe('Weights sessionBench Press, 2026-11-20');
    expect(rows[1].textContent).not.toMatch(/With/);
  });

  it('restores an item, and the list reloads without it', async () => {
    let items: unknown[] = [LOG, SESSION];
    const { calls } = mockApi({
      'GET /api/trash': () => ({ items }),
      [`POST /api/trash/${LOG._id}/restore`]: () => {
        items = [SESSION];
        return { message: 'Restored' };
      },
    });
    renderWithApp(<TrashSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Strength Block' }));
    expect(await screen.findByText('Restored')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Strength Block')).toBeNull());
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it("moves the focus of a restored item's button to the row that takes its place, then to the heading", async () => {
    let items: unknown[] = [LOG, SESSION];
    mockApi({
      'GET /api/trash': () => ({ items }),
      [`POST /api/trash/${LOG._id}/restore`]: () => {
        items = [SESSION];
        return { message: 'Restored' };
      },
      [`POST /api/trash/${SESSION._id}/restore`]: () => {
        items = [];
        return { message: 'Restored' };
      },
    });
    renderWithApp(<TrashSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Strength Block' }));
    await waitFor(() => expect(screen.queryByText('Strength Block')).toBeNull());
    const next = screen.getByRole('button', { name: 'Restore Bench Press, 2026-11-20' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    await userEvent.click(next);
    expect(await screen.findByText('The trash is empty.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Trash' })));
  });

  it("deletes for good only after 'Are you sure?', then shows the empty state", async () => {
    let items: unknown[] = [SESSION];
    const { calls } = mockApi({
      'GET /api/trash': () => ({ items }),
      [`DELETE /api/trash/${SESSION._id}`]: () => {
        items = [];
        return { message: 'Deleted for good' };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderWithApp(<TrashSection />);
    const purge = await screen.findByRole('button', { name: 'Delete for good: Bench Press, 2026-11-20' });
    await userEvent.click(purge);
    expect(confirm).toHaveBeenCalledWith('Are you sure?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(purge);
    expect(await screen.findByText('Deleted for good')).toBeTruthy();
    expect(await screen.findByText('The trash is empty.')).toBeTruthy();
  });
});
