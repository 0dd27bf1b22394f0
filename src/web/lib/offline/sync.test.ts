import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../auth-store';
import { type QueuedSession, queueSession, readQueue, removeQueued } from './queue';
import { retryAfterMs, syncQueue } from './sync';
import { aUser } from '../../test/fixtures';

const PATH = '/logs/push/exercises/bench/wlsessions';

function item(overrides: Partial<QueuedSession> = {}): QueuedSession {
  return {
    key: crypto.randomUUID(),
    userId: 'u-1',
    path: PATH,
    body: { createdDate: '2026-11-25', set: [{ repetitions: 5, kilograms: 100 }] },
    createdAt: new Date().toISOString(),
    exerciseTitle: 'Bench',
    sessionDate: '2026-11-25',
    ...overrides,
  };
}

const answer = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(answerFor: (init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn((_url: string, init: RequestInit) => Promise.resolve(answerFor(init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const hooks = () => ({ onSynced: vi.fn(), onRefused: vi.fn() });

const signInAs = (_id: string) =>
  authStore.signIn(aUser({ _id, username: _id, email: `${_id}@example.com` }));

beforeEach(() => signInAs('u-1'));

afterEach(async () => {
  authStore.signOut();
  vi.unstubAllGlobals();
  for (const queued of await readQueue()) await removeQueued(queued.key);
});

describe('syncQueue', () => {
  it('sends each of the user’s sessions once, oldest first, with the key it was queued with', async () => {
    const older = item({ createdAt: '2026-11-25T08:00:00.000Z' });
    const newer = item({ createdAt: '2026-11-25T09:00:00.000Z', sessionDate: '2026-11-24' });
    const someoneElses = item({ userId: 'u-2' });
    for (const queued of [newer, someoneElses, older]) await queueSession(queued);
    const fetchMock = stubFetch(() => answer(201, { _id: 's' }));
    const spy = hooks();

    await syncQueue('u-1', spy);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    const sent = fetchMock.mock.calls.map(([url, init]) => ({
      url,
      key: (init.headers as Record<string, string>)['Idempotency-Key'],
      body: JSON.parse(init.body as string) as unknown,
    }));
    expect(sent).toEqual([
      { url: `/api${PATH}`, key: older.key, body: older.body },
      { url: `/api${PATH}`, key: newer.key, body: newer.body },
    ]);
    expect(spy.onSynced).toHaveBeenCalledWith([older, newer]);
    expect((await readQueue()).map((q) => q.key)).toEqual([someoneElses.key]);
  });

  it('keeps a session the server refused, with its message, until dismissed: never dropped', async () => {
    const queued = item();
    await queueSession(queued);
    stubFetch(() => answer(404, { message: 'Exercise not found' }));
    const spy = hooks();

    await syncQueue('u-1', spy);

    const [kept] = await readQueue();
    expect(kept).toMatchObject({ key: queued.key, failure: 'Exercise not found' });
    expect(spy.onRefused).toHaveBeenCalledWith(
      expect.objectContaining({ key: queued.key }),
      'Exercise not found',
    );
    expect(spy.onSynced).not.toHaveBeenCalled();
    // A refused session is not sent again by itself.
    const again = stubFetch(() => answer(201));
    await syncQueue('u-1', hooks());
    expect(again).not.toHaveBeenCalled();
  });

  it('shows the field messages of a 400 with the message', async () => {
    await queueSession(item());
    stubFetch(() =>
      answer(400, {
        message: 'Validation failed',
        errors: { notes: 'Notes can be at most 2000 characters' },
      }),
    );
    await syncQueue('u-1', hooks());
    const [kept] = await readQueue();
    expect(kept.failure).toBe('Validation failed — Notes can be at most 2000 characters');
  });

  it('keeps the queue as it is on a 5xx, a 401 or no connection, and stops trying for now', async () => {
    await queueSession(item({ createdAt: '2026-11-25T08:00:00.000Z' }));
    await queueSession(item({ createdAt: '2026-11-25T09:00:00.000Z' }));
    for (const failing of [
      () => answer(503),
      () => answer(401, { message: 'Not authorized' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const fetchMock = stubFetch(failing);
      const spy = hooks();
      await syncQueue('u-1', spy);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(spy.onSynced).not.toHaveBeenCalled();
      expect(spy.onRefused).not.toHaveBeenCalled();
      const queue = await readQueue();
      expect(queue).toHaveLength(2);
      expect(queue.every((q) => q.failure === undefined)).toBe(true);
    }
  });

  it('runs once at a time: a second call while sending joins the first', async () => {
    await queueSession(item());
    let release: (r: Response) => void = () => {};
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const first = syncQueue('u-1', hooks());
    const second = syncQueue('u-1', hooks());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    release(answer(201));
    await Promise.all([first, second]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends nothing once another account is signed in on the device, even from another tab', async () => {
    const queued = item();
    await queueSession(queued);
    const fetchMock = stubFetch(() => answer(201));
    // Another tab signed B in: the stored copy is B while this tab's memory still says u-1.
    localStorage.setItem('userInfo', JSON.stringify({ _id: 'u-2', isAdmin: false }));
    await syncQueue('u-1', hooks());
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await readQueue()).map((q) => q.key)).toEqual([queued.key]);
  });

  it('reports a 429 with the wait its Retry-After asks for, and keeps the item', async () => {
    await queueSession(item());
    stubFetch(() => new Response('{}', { status: 429, headers: { 'retry-after': '30' } }));
    const result = await syncQueue('u-1', hooks());
    expect(result).toEqual({ kind: 'kept', unreachable: false, retryAfterMs: 30_000 });
    expect(await readQueue()).toHaveLength(1);
  });

  it('reports no answer at all as unreachable', async () => {
    await queueSession(item());
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await syncQueue('u-1', hooks())).toEqual({ kind: 'kept', unreachable: true });
  });
});

describe('retryAfterMs', () => {
  const withHeader = (value: string) =>
    new Response(null, { status: 429, headers: { 'retry-after': value } });
  it('reads seconds and HTTP dates, and ignores nonsense', () => {
    expect(retryAfterMs(withHeader('5'))).toBe(5000);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterMs(withHeader(inTenSeconds))).toBeGreaterThan(8000);
    expect(retryAfterMs(withHeader('soon'))).toBeUndefined();
    expect(retryAfterMs(new Response(null, { status: 429 }))).toBeUndefined();
  });
});
