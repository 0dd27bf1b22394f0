import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../auth-store';
import { queueSession, readQueue } from './queue';
import { startSyncSchedule } from './sync-schedule';
import { aUser } from '../../test/fixtures';

const PATH = '/logs/push/exercises/bench/wlsessions';
let isCut = true;
let retryAfter: string | null = null;
const posts: number[] = [];

/** The network as a dead Wi-Fi leaves it (no answer at all), then a server that answers. */
function network(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (init?.method === 'POST') posts.push(Date.now());
  if (isCut) return Promise.reject(new TypeError('Failed to fetch'));
  if (init?.method === 'POST' && retryAfter !== null) {
    return Promise.resolve(new Response('{}', { status: 429, headers: { 'retry-after': retryAfter } }));
  }
  return Promise.resolve(new Response(url.endsWith('/config') ? '{}' : '{"_id":"s"}', { status: 201 }));
}

async function queueOne(): Promise<void> {
  await queueSession({
    key: crypto.randomUUID(),
    userId: 'u-1',
    path: PATH,
    body: { createdDate: '2026-11-25', set: [] },
    createdAt: new Date().toISOString(),
    exerciseTitle: 'Bench',
    sessionDate: '2026-11-25',
  });
}

/** Lets fake time pass in steps, so IndexedDB's own callbacks and the sends' promises run. */
async function pass(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 250) await vi.advanceTimersByTimeAsync(250);
}

const synced = vi.fn();

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('fetch', vi.fn(network));
  authStore.signIn(aUser({ username: 'u', email: 'u@example.com' }));
  startSyncSchedule({ onSynced: synced, onRefused: vi.fn() });
});

afterAll(() => {
  authStore.signOut();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('startSyncSchedule (docs/api.md §12)', () => {
  it('on a dead Wi-Fi, retries with a backoff, and sends within seconds of the server answering again', async () => {
    posts.length = 0;
    await queueOne();
    await pass(100_000);
    // At 3, 9, 21, 45 and 93 s (the next at 153 s): a doubling backoff, not a try every few seconds.
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(posts.length).toBeLessThanOrEqual(6);
    const gaps = posts.slice(1).map((at, i) => at - posts[i]);
    expect(gaps.every((gap, i) => i === 0 || gap >= gaps[i - 1])).toBe(true);

    // No 'online' event (navigator.onLine never changed): the probe notices.
    isCut = false;
    const back = Date.now();
    while ((await readQueue()).length > 0 && Date.now() - back < 60_000) await pass(250);
    expect(await readQueue()).toHaveLength(0);
    expect(Date.now() - back).toBeLessThanOrEqual(10_000);
    expect(synced).toHaveBeenCalledWith([expect.objectContaining({ userId: expect.any(String) })]);
  });

  it("honours a 429's Retry-After, even when the tab gets the focus meanwhile", async () => {
    retryAfter = '30';
    posts.length = 0;
    await queueOne();
    await pass(5_000);
    expect(posts).toHaveLength(1);
    retryAfter = null;
    window.dispatchEvent(new Event('focus'));
    await pass(20_000);
    expect(posts).toHaveLength(1);
    await pass(12_000);
    expect(posts).toHaveLength(2);
    expect(await readQueue()).toHaveLength(0);
  });
});
