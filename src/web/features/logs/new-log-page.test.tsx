import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aLog } from '../../test/fixtures';
import { currentLocation, mockApi, renderWithApp, reply } from '../../test/render';
import { NewLogPage } from './new-log-page';

describe('NewLogPage', () => {
  it('sets the title and checks the Title field', async () => {
    const { calls } = mockApi({});
    renderWithApp(<NewLogPage />, { route: '/logs/create-new-log' });
    expect(document.title).toBe('New Log');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Title'), 'Leg day!');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Letters, numbers, spaces, dashes and underscores allowed')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("creates the log, says 'Log created' and lands inside it (docs/api.md §14)", async () => {
    const { calls } = mockApi({
      'POST /api/logs': aLog({ _id: 'l1', title: 'Leg day', slugLog: 'leg-day' }),
    });
    renderWithApp(<NewLogPage />, { route: '/logs/create-new-log' });
    await userEvent.type(screen.getByLabelText('Title'), '  Leg day ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Log created')).toBeTruthy();
    expect(calls[0].body).toEqual({ title: 'Leg day' });
    await waitFor(() => expect(currentLocation()).toBe('/logs/leg-day'));
  });

  it("puts the server's message in a toast and stays", async () => {
    mockApi({ 'POST /api/logs': reply(409, { message: 'A log with this title already exists' }) });
    renderWithApp(<NewLogPage />, { route: '/logs/create-new-log' });
    await userEvent.type(screen.getByLabelText('Title'), 'Leg day');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('A log with this title already exists')).toBeTruthy();
    expect(currentLocation()).toBe('/logs/create-new-log');
  });
});
