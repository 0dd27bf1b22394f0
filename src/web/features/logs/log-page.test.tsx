import 'fake-indexeddb/auto';
import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aRoutine } from '../../test/fixtures';
import { currentLocation, mockApi, renderWithApp, reply, USER } from '../../test/render';
import { LogPage } from './log-page';

const log = {
  _id: 'log-1',
  title: 'Strength Block',
  slugLog: 'strength-block',
  author: USER._id,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const exercise = {
  _id: 'ex-1',
  title: 'Bench Press',
  slugExercise: 'bench-press',
  author: USER._id,
  session: 'wlsession',
  log: 'log-1',
  slugLog: 'strength-block',
  createdAt: log.createdAt,
  updatedAt: log.updatedAt,
};
const logPage = {
  log,
  logAggregate: [{ ...log, exercises: exercise }],
  pagination: { totalPages: 1, page: 1, limit: 12, total: 1 },
};

/** Delete sits in the More (⋯) menu (docs/api.md §14). */
async function chooseDelete() {
  await userEvent.click(await screen.findByRole('button', { name: 'More' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
}

const renderLog = () => renderWithApp(<LogPage />, { route: '/logs/strength-block', path: '/logs/:slugLog' });

describe('LogPage', () => {
  it("shows the log's title, its controls and its exercises with links", async () => {
    const { calls } = mockApi({ 'GET /api/logs/strength-block': logPage });
    renderLog();
    expect(await screen.findByRole('heading', { level: 1, name: 'Strength Block' })).toBeTruthy();
    expect(document.title).toBe('Strength Block');
    expect(calls[0].path).toBe('/api/logs/strength-block?limit=12&page=1');
    expect(screen.getByRole('link', { name: 'Logs' }).getAttribute('href')).toBe('/logs');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/logs/edit/log-1');
    expect(screen.getByRole('link', { name: /Bench Press/ }).getAttribute('href')).toBe(
      '/logs/strength-block/bench-press',
    );
    expect(screen.getByRole('link', { name: 'Create new' }).getAttribute('href')).toBe(
      '/logs/strength-block/create-new-exercise',
    );
  });

  it("does nothing when 'Are you sure?' is answered no", async () => {
    const { calls } = mockApi({ 'GET /api/logs/strength-block': logPage });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderLog();
    await chooseDelete();
    expect(confirm).toHaveBeenCalledWith('Are you sure?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('deletes without reloading the log, then goes to /logs with a toast', async () => {
    const { calls } = mockApi({
      'GET /api/logs/strength-block': logPage,
      'DELETE /api/logs/log-1': { message: 'Log deleted' },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderLog();
    await chooseDelete();
    expect(await screen.findByText('Log deleted')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/logs'));
    const gets = calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/logs/strength-block?'));
    expect(gets).toHaveLength(1); // the invalidation did not refetch the deleted log
  });

  it("offers Undo in the delete's toast: the log comes back from the trash and its page with it", async () => {
    const { calls } = mockApi({
      'GET /api/logs/strength-block': logPage,
      'DELETE /api/logs/log-1': { message: 'Log deleted' },
      'POST /api/trash/log-1/restore': { message: 'Restored' },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderLog();
    await chooseDelete();
    await waitFor(() => expect(currentLocation()).toBe('/logs'));
    const toast = (await screen.findByText('Log deleted')).closest('.undo-toast') as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Restored')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/logs/strength-block'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/trash/log-1/restore')).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Strength Block' })).toBeTruthy();
  });

  it('keeps the user on /logs when Undo fails, with the server message', async () => {
    mockApi({
      'GET /api/logs/strength-block': logPage,
      'DELETE /api/logs/log-1': { message: 'Log deleted' },
      'POST /api/trash/log-1/restore': reply(404, { message: 'Item not found' }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderLog();
    await chooseDelete();
    await waitFor(() => expect(currentLocation()).toBe('/logs'));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Item not found')).toBeTruthy();
    expect(currentLocation()).toBe('/logs');
  });

  it('recovers when the delete fails: an error toast and the log still there', async () => {
    mockApi({
      'GET /api/logs/strength-block': logPage,
      'DELETE /api/logs/log-1': reply(500, { message: 'Something went wrong' }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderLog();
    await chooseDelete();
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(currentLocation()).toBe('/logs/strength-block');
    expect(screen.getByRole('heading', { level: 1, name: 'Strength Block' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect((screen.getByRole('menuitem', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server message in place of the page when the log cannot be loaded', async () => {
    mockApi({ 'GET /api/logs/strength-block': reply(404, { message: 'Log not found' }) });
    renderLog();
    expect((await screen.findByRole('alert')).textContent).toBe('Log not found');
  });

  it('offers Start workout, its routines each with Start, and links to its Workouts and Routines', async () => {
    mockApi({
      'GET /api/logs/strength-block': logPage,
      'GET /api/logs/strength-block/routines': { routines: [aRoutine()] },
    });
    renderLog();
    expect(await screen.findByRole('button', { name: 'Start Push A' })).toBeTruthy();
    expect(screen.getByText('Bench Press', { selector: '.list-card-meta' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Workouts' }).getAttribute('href')).toBe(
      '/logs/strength-block/workouts',
    );
    expect(screen.getByRole('link', { name: 'Routines' }).getAttribute('href')).toBe(
      '/logs/strength-block/routines',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start Push A' }));
    expect(currentLocation()).toBe('/logs/strength-block/workouts/in-progress?start=r-1');
  });

  it('starts an empty workout', async () => {
    mockApi({ 'GET /api/logs/strength-block': logPage });
    renderLog();
    await userEvent.click(await screen.findByRole('button', { name: 'Start workout' }));
    expect(currentLocation()).toBe('/logs/strength-block/workouts/in-progress?start=empty');
  });
});
