import '../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGetLogsQuery } from '../features/logs/logs.api';
import { mockApi, renderWithApp, reply, USER } from '../test/render';
import { authStore } from './auth-store';
import { errorMessage, GENERIC_ERROR } from './errors';

function Logs() {
  const { error, data } = useGetLogsQuery({ limit: 10, page: 1 });
  if (error) return <p>error: {String((error as { status: unknown }).status)}</p>;
  return <p>{data ? `${data.logs.length} logs` : 'loading'}</p>;
}

describe('the API layer', () => {
  it('asks the same origin, sending the session cookie (credentials same-origin)', async () => {
    const { fetchMock } = mockApi({
      'GET /api/logs': { logs: [], pagination: { totalPages: 0, page: 1, limit: 10, total: 0 } },
    });
    renderWithApp(<Logs />);
    expect(await screen.findByText('0 logs')).toBeTruthy();
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/logs');
    expect(new URL(request.url).search).toBe('?limit=10&page=1');
    expect(request.credentials).toBe('same-origin');
  });

  it('logs the user out on any 401: userInfo and local storage cleared, with a toast', async () => {
    localStorage.setItem('something', 'else');
    mockApi({ 'GET /api/logs': reply(401, { message: 'Not authorized, please log in' }) });
    renderWithApp(<Logs />, { user: USER });
    expect(authStore.get()).toEqual(USER);
    expect(await screen.findByText('Not authorized, please log in')).toBeTruthy();
    await waitFor(() => expect(authStore.get()).toBeNull());
    expect(localStorage.length).toBe(0);
  });

  it('classifies a failed connection as FETCH_ERROR and an unreadable answer as PARSING_ERROR', async () => {
    mockApi({
      'GET /api/logs': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithApp(<Logs />);
    expect(await screen.findByText('error: FETCH_ERROR')).toBeTruthy();
  });

  it('classifies an answer that is not JSON (a proxy error page) as PARSING_ERROR', async () => {
    mockApi({ 'GET /api/logs': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    renderWithApp(<Logs />);
    expect(await screen.findByText('error: PARSING_ERROR')).toBeTruthy();
  });
});

describe('errorMessage', () => {
  it("is the server's message when there is one, else the generic text", () => {
    expect(errorMessage({ status: 409, data: { message: 'User already exists' } })).toBe(
      'User already exists',
    );
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(GENERIC_ERROR);
    expect(errorMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>' })).toBe(
      GENERIC_ERROR,
    );
  });
});
