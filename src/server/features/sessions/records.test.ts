import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, userWithExercise } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Records, estimated 1RM, progress ranges and activity (docs/api.md §10).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function setup(session: 'wlsession' | 'pasession' = 'wlsession') {
  const user = await userWithExercise(t.app, session);
  const { base } = user;
  const post = async (body: object) => {
    const response = await call(t.app, 'POST', base, { cookie: user.cookie, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const get = (url: string) => call(t.app, 'GET', url, { cookie: user.cookie });
  return { ...user, post, get };
}

const lift = (createdDate: string, ...set: object[]) => ({ createdDate, set });
const run = (createdDate: string, minutes: number, distance: number) => ({
  createdDate,
  time: { hours: 0, minutes, seconds: 0 },
  distance,
});

describe('weight records', () => {
  it('are null before any session counts, and ignore sets with 0 reps or 0 kg', async () => {
    const { get, page, post } = await setup();
    expect((await get(`${page}/records`)).json()).toEqual({
      kind: 'wlsession',
      records: { heaviest: null, e1rm: null, bestSetVolume: null, bestSessionVolume: null },
    });
    await post(lift('2026-01-01', { repetitions: 0, kilograms: 100 }, { repetitions: 5, kilograms: 0 }));
    const records = (await get(`${page}/records`)).json().records;
    expect(records).toEqual({ heaviest: null, e1rm: null, bestSetVolume: null, bestSessionVolume: null });
    const session = (await get(`${page}/wlsessions/2026-01-01`)).json().wlsession;
    expect(session.records).toEqual([]);
  });

  it('give each record its value, date and session; a tie goes to the earlier session', async () => {
    const { get, page, post } = await setup();
    await post(lift('2026-02-01', { repetitions: 5, kilograms: 100 }, { repetitions: 1, kilograms: 110 }));
    // Later, but logged first: dates decide the order, not creation.
    await post(lift('2026-03-01', { repetitions: 10, kilograms: 60 }, { repetitions: 1, kilograms: 110 }));
    await post(lift('2026-01-15', { repetitions: 3, kilograms: 90 }));
    const { records } = (await get(`${page}/records`)).json();
    expect(records).toEqual({
      // 110 kg twice: the earlier session holds it.
      // In pounds from each set's weight shown in pounds: 110 kg = 242.51 lb, 100 kg = 220.46 lb,
      // 60 kg = 132.28 lb.
      heaviest: { value: 110, pounds: 242.51, createdDate: '2026-02-01', slugSession: '2026-02-01' },
      // 100 × (1 + 5/30) = 116.666… against 110 for a single; 220.46 × 7/6 = 257.203…
      e1rm: { value: 116.67, pounds: 257.2, createdDate: '2026-02-01', slugSession: '2026-02-01' },
      bestSetVolume: { value: 600, pounds: 1322.8, createdDate: '2026-03-01', slugSession: '2026-03-01' },
      // 10 × 132.28 + 242.51
      bestSessionVolume: {
        value: 710,
        pounds: 1565.31,
        createdDate: '2026-03-01',
        slugSession: '2026-03-01',
      },
    });
  });

  it('name on each session the records it set when it happened, and follow edits of history', async () => {
    const { get, page, base, post, cookie } = await setup();
    await post(lift('2026-04-01', { repetitions: 5, kilograms: 100 }));
    await post(lift('2026-04-08', { repetitions: 5, kilograms: 100 }, { repetitions: 5, kilograms: 20 }));
    const third = await post(lift('2026-04-15', { repetitions: 1, kilograms: 120 }));
    const setBy = async (slug: string) => (await get(`${base}/${slug}`)).json().wlsession.records;
    // The first session sets every record it counts for.
    expect(await setBy('2026-04-01')).toEqual(['heaviest', 'e1rm', 'bestSetVolume', 'bestSessionVolume']);
    // An equal set is no record; only the session volume grew.
    expect(await setBy('2026-04-08')).toEqual(['bestSessionVolume']);
    expect(await setBy('2026-04-15')).toEqual(['heaviest', 'e1rm']);
    // An earlier session edited to 125 kg: the third no longer set the heaviest.
    const first = (await get(`${page}?limit=10`)).json().exerciseAggregate.at(-1).wlsessions;
    const edited = await call(t.app, 'PUT', `${base}/edit/${first._id}`, {
      cookie,
      body: lift('2026-04-01', { repetitions: 1, kilograms: 125 }),
    });
    expect(edited.statusCode).toBe(200);
    expect(await setBy('2026-04-15')).toEqual([]);
    expect(third.slugSession).toBe('2026-04-15');
  });

  it('compare sets typed in pounds by their exact kilograms and return kilograms', async () => {
    const { get, page, post } = await setup();
    await post(lift('2026-05-01', { repetitions: 5, pounds: 135 }));
    const { records } = (await get(`${page}/records`)).json();
    expect(records.heaviest.value).toBe(61.23);
    // 61.2349699 × (1 + 5/30) = 71.4408…
    expect(records.e1rm.value).toBe(71.44);
    expect(records.bestSetVolume.value).toBe(306.17);
  });

  it('compare session volumes unrounded: 1 × 135 lb (61.2349… kg) beats an earlier 1 × 61.23 kg', async () => {
    const { get, page, base, post } = await setup();
    await post(lift('2026-05-01', { repetitions: 1, kilograms: 61.23 }));
    await post(lift('2026-05-02', { repetitions: 1, pounds: 135 }));
    const { records } = (await get(`${page}/records`)).json();
    // Both volumes read 61.23 once rounded; the pound session's is the larger.
    expect(records.bestSessionVolume).toEqual({
      value: 61.23,
      pounds: 135,
      createdDate: '2026-05-02',
      slugSession: '2026-05-02',
    });
    expect((await get(`${base}/2026-05-02`)).json().wlsession.records).toEqual([
      'heaviest',
      'e1rm',
      'bestSetVolume',
      'bestSessionVolume',
    ]);
  });

  it('tie equal values whatever binary noise their arithmetic leaves: the earlier session holds', async () => {
    const cases: Array<[object[], object[], string[]]> = [
      // 0.1 + 0.2 is 0.30000000000000004 as a double.
      [
        [{ repetitions: 1, kilograms: 0.3 }],
        [
          { repetitions: 1, kilograms: 0.1 },
          { repetitions: 1, kilograms: 0.2 },
        ],
        [],
      ],
      // 3 × 45 lb is 61.23496995000001 kg as a double, 135 lb 61.23496995.
      [
        [{ repetitions: 1, pounds: 135 }],
        Array.from({ length: 3 }, () => ({ repetitions: 1, pounds: 45 })),
        [],
      ],
      // 30 × (1 + 25/30) is 55.00000000000001 as a double.
      [
        [{ repetitions: 1, kilograms: 55 }],
        [{ repetitions: 25, kilograms: 30 }],
        ['bestSetVolume', 'bestSessionVolume'],
      ],
    ];
    for (const [earlier, later, setByLater] of cases) {
      const { get, page, base, post } = await setup();
      await post(lift('2026-05-01', ...earlier));
      await post(lift('2026-05-02', ...later));
      const { records } = (await get(`${page}/records`)).json();
      const holder = (name: string) => records[name].createdDate;
      for (const name of ['heaviest', 'e1rm'].concat(setByLater.length ? [] : ['bestSessionVolume']))
        expect(holder(name), `${name} of ${JSON.stringify(later)}`).toBe('2026-05-01');
      expect((await get(`${base}/2026-05-02`)).json().wlsession.records).toEqual(setByLater);
    }
  });

  it('round the estimated 1RM of a point as the record does (21.15 kg × 9 = 27.495 → 27.5)', async () => {
    const { get, page, post } = await setup();
    await post(lift('2026-05-01', { repetitions: 9, kilograms: 21.15 }));
    expect((await get(`${page}/records`)).json().records.e1rm.value).toBe(27.5);
    expect((await get(`${page}/progress`)).json().points[0].e1rm).toBe(27.5);
  });

  it('count a set with less than one rep for the heaviest and set volume, but not for the e1RM', async () => {
    const { get, page, base, post } = await setup();
    await post(lift('2026-05-01', { repetitions: 0.5, kilograms: 100 }));
    expect((await get(`${page}/records`)).json().records).toEqual({
      // 100 kg = 220.46 lb; 0.5 × 220.46 = 110.23
      heaviest: { value: 100, pounds: 220.46, createdDate: '2026-05-01', slugSession: '2026-05-01' },
      e1rm: null,
      bestSetVolume: { value: 50, pounds: 110.23, createdDate: '2026-05-01', slugSession: '2026-05-01' },
      bestSessionVolume: { value: 50, pounds: 110.23, createdDate: '2026-05-01', slugSession: '2026-05-01' },
    });
    expect((await get(`${base}/2026-05-01`)).json().wlsession.records).toEqual([
      'heaviest',
      'bestSetVolume',
      'bestSessionVolume',
    ]);
    expect((await get(`${page}/progress`)).json().points[0]).toMatchObject({ e1rm: 0, heaviest: 100 });
  });
});

describe('pace records', () => {
  it('fastest pace in decimal minutes per km, longest distance and duration', async () => {
    const { get, page, post, base } = await setup('pasession');
    await post(run('2026-06-01', 30, 5));
    await post(run('2026-06-08', 28, 5));
    await post(run('2026-06-15', 69, 12.5));
    await post(run('2026-06-22', 10, 0));
    const { records } = (await get(`${page}/records`)).json();
    expect(records).toEqual({
      fastestPace: { value: 5.52, createdDate: '2026-06-15', slugSession: '2026-06-15' },
      longestDistance: { value: 12.5, createdDate: '2026-06-15', slugSession: '2026-06-15' },
      longestDuration: { value: 4140, createdDate: '2026-06-15', slugSession: '2026-06-15' },
    });
    const setBy = async (slug: string) => (await get(`${base}/${slug}`)).json().pasession.records;
    expect(await setBy('2026-06-01')).toEqual(['fastestPace', 'longestDistance', 'longestDuration']);
    expect(await setBy('2026-06-08')).toEqual(['fastestPace']);
    expect(await setBy('2026-06-22')).toEqual([]);
  });

  it('tie equal paces whatever binary noise their division leaves: the earlier session holds', async () => {
    const { get, page, post, base } = await setup('pasession');
    // 1:28 for 0.2 km is 7.333333333333334 min/km as a double, 0:44 for 0.1 km 7.333333333333332.
    await post({ createdDate: '2026-06-01', time: { hours: 0, minutes: 1, seconds: 28 }, distance: 0.2 });
    await post({ createdDate: '2026-06-02', time: { hours: 0, minutes: 0, seconds: 44 }, distance: 0.1 });
    const { records } = (await get(`${page}/records`)).json();
    expect(records.fastestPace).toEqual({
      value: 7.333,
      createdDate: '2026-06-01',
      slugSession: '2026-06-01',
    });
    expect((await get(`${base}/2026-06-02`)).json().pasession.records).toEqual([]);
  });

  it('count nothing from a session with 0 distance or 0 time, not even its duration or distance', async () => {
    const { get, page, post, base } = await setup('pasession');
    await post(run('2026-06-01', 90, 0));
    await post(run('2026-06-02', 0, 20));
    const { records } = (await get(`${page}/records`)).json();
    expect(records).toEqual({ fastestPace: null, longestDistance: null, longestDuration: null });
    const setBy = async (slug: string) => (await get(`${base}/${slug}`)).json().pasession.records;
    expect(await setBy('2026-06-01')).toEqual([]);
    expect(await setBy('2026-06-02')).toEqual([]);
    // The first session that counts sets every pace record, however long the ones before it were.
    await post(run('2026-06-03', 30, 5));
    expect(await setBy('2026-06-03')).toEqual(['fastestPace', 'longestDistance', 'longestDuration']);
  });
});

describe('GET …/records access', () => {
  it('is the author’s only: 401 without a session, 404 for another user', async () => {
    const ann = await setup();
    const bob = await registerUser(t.app);
    expect((await call(t.app, 'GET', `${ann.page}/records`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `${ann.page}/records`, { cookie: bob.cookie })).statusCode).toBe(404);
  });
});

describe('progress ranges and estimated 1RM', () => {
  it('carries e1rm and heaviest on weight points and keeps the range from/to, both inclusive', async () => {
    const { get, page, post } = await setup();
    await post(lift('2026-07-01', { repetitions: 5, kilograms: 100 }));
    await post(lift('2026-07-10', { repetitions: 0, kilograms: 100 }));
    await post(lift('2026-07-20', { repetitions: 1, kilograms: 105 }));
    const all = (await get(`${page}/progress`)).json().points;
    expect(all.map((p: { e1rm: number; heaviest: number }) => [p.e1rm, p.heaviest])).toEqual([
      [116.67, 100],
      [0, 0],
      [105, 105],
    ]);
    const range = (await get(`${page}/progress?from=2026-07-10&to=2026-07-20`)).json().points;
    expect(range.map((p: { createdDate: string }) => p.createdDate)).toEqual(['2026-07-10', '2026-07-20']);
    const to = (await get(`${page}/progress?to=2026-07-01`)).json().points;
    expect(to).toHaveLength(1);
  });

  it('refuses a bad date and a range that ends before it starts', async () => {
    const { get, page } = await setup();
    const bad = await get(`${page}/progress?from=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Must be a valid date');
    const reversed = await get(`${page}/progress?from=2026-03-02&to=2026-03-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('From must not be after to');
    expect((await get(`${page}/progress?from=2026-13-01&to=2026-03-01`)).json().errors).toEqual({
      from: 'Must be a valid date',
    });
  });
});

describe('GET /api/activity', () => {
  it('lists the caller’s own training days in the range, ascending, with their session counts', async () => {
    const ann = await setup();
    await ann.post(lift('2026-08-03', { repetitions: 5, kilograms: 50 }));
    await ann.post(lift('2026-08-01', { repetitions: 5, kilograms: 50 }));
    await ann.post(lift('2026-08-03', { repetitions: 5, kilograms: 60 }));
    await ann.post(lift('2025-12-31', { repetitions: 5, kilograms: 60 }));
    const bob = await setup();
    await bob.post(lift('2026-08-02', { repetitions: 5, kilograms: 50 }));
    const answer = await ann.get('/api/activity?from=2026-01-01&to=2026-12-31');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      days: [
        { date: '2026-08-01', sessions: 1 },
        { date: '2026-08-03', sessions: 2 },
      ],
    });
    expect((await ann.get('/api/activity?from=2027-01-01&to=2027-01-31')).json()).toEqual({ days: [] });
  });

  it('needs both dates, at most 400 days counting both ends, in order; 401 without a session', async () => {
    const { get } = await setup();
    expect((await get('/api/activity?from=2024-01-01&to=2025-02-03')).statusCode).toBe(200);
    const tooLong = await get('/api/activity?from=2024-01-01&to=2025-02-04');
    expect(tooLong.statusCode).toBe(400);
    expect((await get('/api/activity?from=2024-01-01')).statusCode).toBe(400);
    const reversed = await get('/api/activity?from=2024-02-01&to=2024-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('From must not be after to');
    const bad = await get('/api/activity?from=2024-13-01&to=2024-12-01');
    expect(bad.json().message).toBe('Must be a valid date');
    // A missing or bad date is that date's error alone, not also a range error.
    expect((await get('/api/activity?from=2024-01-01')).json().errors).toEqual({
      to: 'Must be a valid date',
    });
    expect((await get('/api/activity?to=2024-01-01')).json().errors).toEqual({
      from: 'Must be a valid date',
    });
    expect((await call(t.app, 'GET', '/api/activity?from=2024-01-01&to=2024-01-02')).statusCode).toBe(401);
  });
});
