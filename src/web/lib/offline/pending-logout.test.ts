import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_PENDING_KEY } from '../auth-store';
import {
  endPendingLogout,
  endSessionOnServer,
  isLogoutPending,
  LOGGED_OUT,
  LOGOUT_WAITING,
} from './pending-logout';

const notice = () => document.querySelector('.pending-logout')?.textContent ?? null;

function stubNetwork(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((request: Request) => {
    void request;
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a logout with no connection (docs/api.md §12)', () => {
  it('stays pending and says so, then ends the session first thing when the server answers', async () => {
    const offline = stubNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await endSessionOnServer()).toBe(false);
    expect(offline).toHaveBeenCalledTimes(1);
    expect(isLogoutPending()).toBe(true);
    expect(localStorage.getItem(LOGOUT_PENDING_KEY)).not.toBeNull();
    expect(notice()).toBe(LOGOUT_WAITING);

    // A 5xx is no confirmation either.
    stubNetwork(() => Promise.resolve(new Response('{}', { status: 503 })));
    expect(await endPendingLogout()).toBe(false);
    expect(notice()).toBe(LOGOUT_WAITING);

    const online = stubNetwork(() => Promise.resolve(new Response('{"message":"ok"}', { status: 200 })));
    expect(await endPendingLogout()).toBe(true);
    const [request] = online.mock.calls[0];
    expect([request.method, new URL(request.url).pathname]).toEqual(['POST', '/api/users/logout']);
    expect(isLogoutPending()).toBe(false);
    expect(notice()).toBe(LOGGED_OUT);
  });

  it('takes a 401 as ended (the session was already gone) and says nothing when confirmed at once', async () => {
    document.querySelector('.pending-logout')?.remove();
    stubNetwork(() => Promise.resolve(new Response('{}', { status: 401 })));
    expect(await endSessionOnServer()).toBe(true);
    expect(isLogoutPending()).toBe(false);
  });
});
