import 'fake-indexeddb/auto';
import '../../test/setup';
import { afterEach, describe, expect, it } from 'vitest';
import type { WlsessionValues } from '../../../contract/sessions';
import { makeStore } from '../../app/store';
import { authStore } from '../../lib/auth-store';
import { readQueue, removeQueued } from '../../lib/offline/queue';
import { aWlsession } from '../../test/fixtures';
import { mockApi, reply, USER } from '../../test/render';
import { sessionsApi } from './sessions.api';

const URL_PATH = 'POST /api/logs/push/exercises/bench/wlsessions';
const body = { createdDate: '2026-11-25', set: [{ repetitions: 5, kilograms: 100, isHard: true }] };

function create() {
  authStore.signIn(USER);
  const store = makeStore();
  return store.dispatch(
    sessionsApi.endpoints.createWlsession.initiate({
      slugLog: 'push',
      slugExercise: 'bench',
      body: body as WlsessionValues,
    }),
  );
}

const sentKey = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  (fetchMock.mock.calls[0][0] as Request).headers.get('Idempotency-Key');

afterEach(async () => {
  for (const queued of await readQueue()) await removeQueued(queued.key);
});

describe('creating a session', () => {
  it('sends an Idempotency-Key and answers the session when online', async () => {
    const { fetchMock } = mockApi({ [URL_PATH]: reply(201, aWlsession()) });
    const result = await create();
    expect(result.data).toEqual(aWlsession());
    expect(sentKey(fetchMock)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readQueue()).toEqual([]);
  });

  it('keeps it on the device with the key it was sent with when there is no connection', async () => {
    const { fetchMock } = mockApi({
      [URL_PATH]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const result = await create();
    const key = sentKey(fetchMock);
    expect(result.data).toEqual({ queued: true, key });
    const [queued] = await readQueue();
    expect(queued).toMatchObject({
      key,
      userId: USER._id,
      path: '/logs/push/exercises/bench/wlsessions',
      body: { ...body, slugLog: 'push', slugExercise: 'bench' },
      exerciseTitle: 'bench',
      sessionDate: '2026-11-25',
    });
  });

  it('reports a refusal as before and keeps nothing', async () => {
    mockApi({ [URL_PATH]: reply(404, { message: 'Exercise not found' }) });
    const result = await create();
    expect(result.error).toMatchObject({ status: 404 });
    expect(await readQueue()).toEqual([]);
  });
});
