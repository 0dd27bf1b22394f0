import '../test/setup';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToasts, toastGone } from '../test/toasts';
import { aLog } from '../test/fixtures';
import { currentLocation, mockApi, renderWithApp, reply } from '../test/render';
import { NewLogPage } from '../features/logs/new-log-page';
import { canRetry, toastError } from './error-toast';

afterEach(dismissToasts);

describe('canRetry', () => {
  it('says yes when there was no answer or a 5xx', () => {
    expect(canRetry({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(true);
    expect(canRetry({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(true);
    expect(canRetry({ status: 503, data: { message: 'Service unavailable' } })).toBe(true);
    expect(canRetry({ status: 500, data: {} })).toBe(true);
    // A proxy's HTML error page.
    expect(canRetry({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: '' })).toBe(true);
  });

  it("says no to the server's 4xx answers and to anything else", () => {
    for (const status of [400, 401, 404, 409, 413, 422, 429])
      expect(canRetry({ status, data: { message: 'no' } })).toBe(false);
    expect(canRetry({ status: 'PARSING_ERROR', originalStatus: 404, data: '<html>', error: '' })).toBe(false);
    expect(canRetry({ status: 'CUSTOM_ERROR', error: 'Signed in or out in another tab' })).toBe(false);
    expect(canRetry(new Error('boom'))).toBe(false);
    expect(canRetry(undefined)).toBe(false);
  });
});

describe('toastError', () => {
  it('shows the message with Retry, which closes the toast and calls retry once', async () => {
    const retry = vi.fn();
    render(<ToastContainer />);
    act(() => void toastError('Something went wrong', { retry }));
    const shown = await screen.findByRole('alert');
    expect(shown.textContent).toContain('Something went wrong');
    await userEvent.click(within(shown).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    await toastGone(shown, 'Something went wrong');
  });

  it('without retry it shows the message alone', async () => {
    render(<ToastContainer />);
    act(() => void toastError('Tick at least one set Done before finishing'));
    const shown = await screen.findByRole('alert');
    expect(shown.textContent).toContain('Tick at least one set Done before finishing');
    expect(within(shown).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('stays until dismissed: no timer bar runs for it', async () => {
    render(<ToastContainer autoClose={4000} />);
    act(() => void toastError('Something went wrong'));
    const shown = await screen.findByRole('alert');
    // react-toastify closes a toast when its timer bar's animation ends; an error has none running.
    const bar = shown.querySelector('.Toastify__progress-bar--wrp');
    expect(bar?.getAttribute('data-hidden')).toBe('true');
  });
});

describe('a save that failed (lib/use-save.ts)', () => {
  it('offers Retry after a 503, which sends the same request again and goes on as a save does', async () => {
    let posts = 0;
    const { calls } = mockApi({
      'POST /api/logs': () => {
        posts += 1;
        return posts === 1
          ? reply(503, { message: 'Service unavailable' })
          : aLog({ _id: 'l1', title: 'Leg day', slugLog: 'leg-day' });
      },
    });
    renderWithApp(<NewLogPage />, { route: '/logs/create-new-log' });
    await userEvent.type(screen.getByLabelText('Title'), 'Leg day');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const shown = (await screen.findByText('Service unavailable')).closest('[role="alert"]') as HTMLElement;
    expect(currentLocation()).toBe('/logs/create-new-log');
    await userEvent.click(within(shown).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Log created')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/logs/leg-day'));
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent).toHaveLength(2);
    expect(sent[1].body).toEqual(sent[0].body);
  });

  it('offers no Retry for a 4xx: the same request would get the same answer', async () => {
    mockApi({ 'POST /api/logs': reply(409, { message: 'A log with this title already exists' }) });
    renderWithApp(<NewLogPage />, { route: '/logs/create-new-log' });
    await userEvent.type(screen.getByLabelText('Title'), 'Leg day');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const shown = (await screen.findByText('A log with this title already exists')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(shown).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
