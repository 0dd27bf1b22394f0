import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, userWithExercise } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paceValue } from '../../../contract/metrics';

// Heavy histories (docs/api.md §12): records of an exercise of 20,000 sessions (read through
// the indexes of migration 0014), progress sampled past 1,000 sessions (in the database:
// progress.repository.ts), and the 20,000-session quota of an exercise. The history is seeded with one INSERT … SELECT: 20,000 creates through
// the API would take minutes, and the write limit would refuse them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
/** The date of session g (1-based): one a day from 2000-01-01. */
const dateOf = (g: number) => new Date(Date.UTC(2000, 0, 1) + (g - 1) * DAY).toISOString().slice(0, 10);

/**
 * 20,000 weight sessions, one a day from 2000-01-01, session g with: heaviest g % 1000 + 1 (1000
 * first at g = 999, again at 1999 …: ties), e1RM g % 777, best set volume g % 500 (0 at
 * g = 500: no record), volume g % 300 but 123456.789 for the last, total and working volume g % 50;
 * each pound figure twice its kilogram one (the seed stores them; only the API derives them).
 */
async function seedHistory(authorId: string, exerciseId: string, sessions = 20_000) {
  await t.db.execute(sql`insert into sessions (id, author_id, exercise_id, kind, slug, created_date, sets,
      total_volume, junk_volume, working_volume, heaviest, e1rm, best_set_volume, exact_volume,
      total_volume_lb, junk_volume_lb, working_volume_lb, heaviest_lb, e1rm_lb, best_set_volume_lb, exact_volume_lb)
    select gen_random_uuid(), ${authorId}::uuid, ${exerciseId}::uuid, 'wlsession',
      to_char(date '2000-01-01' + (g - 1), 'YYYY-MM-DD'), date '2000-01-01' + (g - 1), '[]'::jsonb,
      g % 50, 0, g % 50, g % 1000 + 1, g % 777, g % 500,
      case when g = ${sessions} then 123456.789 else g % 300 end,
      2 * (g % 50), 0, 2 * (g % 50), 2 * (g % 1000 + 1), 2 * (g % 777), 2 * (g % 500),
      2 * case when g = ${sessions} then 123456.789 else g % 300 end
    from generate_series(1, ${sessions}::int) g`);
}

describe('an exercise of 20,000 sessions', () => {
  let user: Awaited<ReturnType<typeof userWithExercise>>;
  beforeAll(async () => {
    user = await userWithExercise(t.app);
    await seedHistory(user.user._id, user.exercise._id);
  }, 120_000);
  const get = (url: string) => call(t.app, 'GET', url, { cookie: user.cookie });

  it('has its records, ties going to the earlier session', async () => {
    const response = await get(`${user.page}/records`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'wlsession',
      records: {
        heaviest: { value: 1000, pounds: 2000, createdDate: dateOf(999), slugSession: dateOf(999) },
        e1rm: { value: 776, pounds: 1552, createdDate: dateOf(776), slugSession: dateOf(776) },
        bestSetVolume: { value: 499, pounds: 998, createdDate: dateOf(499), slugSession: dateOf(499) },
        bestSessionVolume: {
          value: 123456.79,
          pounds: 246913.58,
          createdDate: dateOf(20_000),
          slugSession: dateOf(20_000),
        },
      },
    });
  });

  it('names on each session the records it set when it happened', async () => {
    const records = async (g: number) =>
      (await get(`${user.page}/wlsessions/${dateOf(g)}`)).json().wlsession.records;
    expect(await records(1)).toEqual(['heaviest', 'e1rm', 'bestSetVolume', 'bestSessionVolume']);
    expect(await records(20_000)).toEqual(['bestSessionVolume']);
    // 999 % 500 = 499 ties the best set volume of session 499: a tie sets no record.
    expect(await records(999)).toEqual(['heaviest']);
    // 1000 kg again at g = 1999: a tie again.
    expect(await records(1999)).toEqual([]);
  });

  it('samples its progress: 1,000 spans of 20 days, each series its span maximum', async () => {
    const body = (await get(`${user.page}/progress`)).json();
    expect(body.sampled).toBe(true);
    expect(body.points).toHaveLength(1000);
    // Span 0 is sessions 1–20: heaviest 21, e1RM 20, total volume 20 (g % 50).
    expect(body.points[0]).toEqual({
      createdDate: '2000-01-01',
      totalVolume: 20,
      junkVolume: 0,
      workingVolume: 20,
      e1rm: 20,
      heaviest: 21,
      inPounds: { totalVolume: 40, junkVolume: 0, workingVolume: 40, e1rm: 40, heaviest: 42 },
    });
    // Span 49 is sessions 981–1000, dated on its first day: heaviest 1000 (session 999), e1RM
    // 1000 % 777 = 223, total volume 999 % 50 = 49.
    expect(body.points[49]).toEqual({
      createdDate: dateOf(981),
      totalVolume: 49,
      junkVolume: 0,
      workingVolume: 49,
      e1rm: 223,
      heaviest: 1000,
      inPounds: { totalVolume: 98, junkVolume: 0, workingVolume: 98, e1rm: 446, heaviest: 2000 },
    });
    expect(body.points[999].createdDate).toBe(dateOf(19_981));
  });

  it('returns a range of 1,000 sessions whole, and samples one of 1,001 in spans of 2 days', async () => {
    const whole = (await get(`${user.page}/progress?from=${dateOf(1)}&to=${dateOf(1000)}`)).json();
    expect(whole.points).toHaveLength(1000);
    expect(whole.sampled ?? false).toBe(false);
    expect(whole.points[998]).toMatchObject({ createdDate: dateOf(999), heaviest: 1000 });

    const sampled = (await get(`${user.page}/progress?from=${dateOf(1)}&to=${dateOf(1001)}`)).json();
    expect(sampled.sampled).toBe(true);
    // Spans of ceil(1001 / 1000) = 2 days: sessions 1–2, 3–4 … 999–1000, and 1001 alone.
    expect(sampled.points).toHaveLength(501);
    expect(sampled.points[0]).toMatchObject({ createdDate: dateOf(1), heaviest: 3, totalVolume: 2 });
    expect(sampled.points[499]).toMatchObject({ createdDate: dateOf(999), heaviest: 1000, totalVolume: 49 });
    expect(sampled.points[500]).toMatchObject({ createdDate: dateOf(1001), heaviest: 2, totalVolume: 1 });
  });

  it('refuses a 20,001st session with 409, and takes one again after a delete', async () => {
    const session = { createdDate: '2060-01-01', set: [{ repetitions: 5, kilograms: 100 }] };
    const refused = await call(t.app, 'POST', user.base, { cookie: user.cookie, body: session });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This exercise already has 20000 sessions, the most it can hold',
    });
    const deleted = await call(t.app, 'DELETE', `${user.base}/${dateOf(5)}`, { cookie: user.cookie });
    expect(deleted.statusCode).toBe(200);
    const created = await call(t.app, 'POST', user.base, { cookie: user.cookie, body: session });
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe('sampling 1,001 sessions', () => {
  it('starts the spans on `from` and sizes them from `to`, and keeps 1,000 sessions whole', async () => {
    const user = await userWithExercise(t.app);
    await seedHistory(user.user._id, user.exercise._id, 1001);
    const progress = async (query = '') =>
      (await call(t.app, 'GET', `${user.page}/progress${query}`, { cookie: user.cookie })).json();

    // 1,001 days from session 1: spans of 2 days from its date.
    const plain = await progress();
    expect(plain.sampled).toBe(true);
    expect(plain.points).toHaveLength(501);
    expect(plain.points[0]).toMatchObject({ createdDate: dateOf(1), heaviest: 3, totalVolume: 2 });

    // From the day before session 1 (1,002 days): still 2 days a span, the first holding session 1
    // alone and dated on `from`, where there is no session.
    const from = await progress(`?from=${dateOf(0)}`);
    expect(from.sampled).toBe(true);
    expect(from.points).toHaveLength(501);
    expect(from.points[0]).toEqual({
      createdDate: dateOf(0),
      totalVolume: 1,
      junkVolume: 0,
      workingVolume: 1,
      e1rm: 1,
      heaviest: 2,
      inPounds: { totalVolume: 2, junkVolume: 0, workingVolume: 2, e1rm: 2, heaviest: 4 },
    });
    expect(from.points[1]).toMatchObject({ createdDate: dateOf(2), heaviest: 4, totalVolume: 3 });
    // Sessions 1000 (heaviest 1, volume 0) and 1001 (heaviest 2, volume 1).
    expect(from.points[500]).toMatchObject({ createdDate: dateOf(1000), heaviest: 2, totalVolume: 1 });

    // To 1,000 days after the last session (2,001 days): spans of 3 days.
    const to = await progress(`?to=${dateOf(2001)}`);
    expect(to.sampled).toBe(true);
    expect(to.points).toHaveLength(334);
    expect(to.points[0]).toMatchObject({ createdDate: dateOf(1), heaviest: 4, totalVolume: 3 });
    expect(to.points[333]).toMatchObject({ createdDate: dateOf(1000), heaviest: 2, totalVolume: 1 });

    // From session 2: 1,000 sessions, each its own point.
    const whole = await progress(`?from=${dateOf(2)}`);
    expect(whole.sampled).toBeUndefined();
    expect(whole.points).toHaveLength(1000);
    expect(whole.points[0]).toMatchObject({ createdDate: dateOf(2), heaviest: 3, totalVolume: 2 });
  });

  it('counts a weight figure no session of a point has (a row older than its column) as 0', async () => {
    const user = await userWithExercise(t.app);
    await t.db.execute(sql`insert into sessions (id, author_id, exercise_id, kind, slug, created_date, sets,
        total_volume, junk_volume, working_volume, heaviest, e1rm)
      values (gen_random_uuid(), ${user.user._id}::uuid, ${user.exercise._id}::uuid, 'wlsession', '2000-01-01',
        '2000-01-01', '[]'::jsonb, 10, 0, 10, 5, 6)`);
    const body = (await call(t.app, 'GET', `${user.page}/progress`, { cookie: user.cookie })).json();
    expect(body).toEqual({
      points: [
        {
          createdDate: '2000-01-01',
          totalVolume: 10,
          junkVolume: 0,
          workingVolume: 10,
          e1rm: 6,
          heaviest: 5,
          inPounds: { totalVolume: 0, junkVolume: 0, workingVolume: 0, e1rm: 0, heaviest: 0 },
        },
      ],
    });
  });

  it('takes the best pace (the lowest above 0, else 0) and the best speed of a span', async () => {
    const user = await userWithExercise(t.app, 'pasession');
    // Session g by g % 4: 1 → 5:30 min/km at 10 km/h, 2 → no pace (0:00, speed 0), 3 → 6:20 at
    // 11, 0 → 4:00 at 15; session 1001 (g % 4 = 1) has no pace either.
    await t.db.execute(sql`insert into sessions (id, author_id, exercise_id, kind, slug, created_date,
        hours, minutes, seconds, distance, pace_minutes, pace_seconds, speed)
      select gen_random_uuid(), ${user.user._id}::uuid, ${user.exercise._id}::uuid, 'pasession',
        to_char(date '2000-01-01' + (g - 1), 'YYYY-MM-DD'), date '2000-01-01' + (g - 1), 0, 30, 0, 5,
        case when g = 1001 then 0 else (array[4, 5, 0, 6])[g % 4 + 1] end,
        case when g = 1001 then 0 else (array[0, 30, 0, 20])[g % 4 + 1] end,
        case when g = 1001 then 0 else (array[15, 10, 0, 11])[g % 4 + 1] end
      from generate_series(1, 1001) g`);
    const progress = async (query = '') =>
      (await call(t.app, 'GET', `${user.page}/progress${query}`, { cookie: user.cookie })).json();

    const sampled = await progress();
    expect(sampled.sampled).toBe(true);
    expect(sampled.points).toHaveLength(501);
    // Spans of 2 days: sessions 1–2 (5:30 and none), 3–4 (6:20 and 4:00) … 1001 alone (none).
    expect(sampled.points.slice(0, 2)).toEqual([
      { createdDate: dateOf(1), pace: 5.5, speed: 10 },
      { createdDate: dateOf(3), pace: 4, speed: 15 },
    ]);
    expect(sampled.points[500]).toEqual({ createdDate: dateOf(1001), pace: 0, speed: 0 });

    // Unsampled, a point's pace is minutes + seconds / 60 as the contract computes it.
    const one = await progress(`?from=${dateOf(3)}&to=${dateOf(3)}`);
    expect(one).toEqual({ points: [{ createdDate: dateOf(3), pace: paceValue(6, 20), speed: 11 }] });
  });
});
