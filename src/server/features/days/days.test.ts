import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createExercise,
  createLog,
  createPasession,
  createWlsession,
  exerciseUrl,
  registerUser,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/days/:date', () => {
  it("lists the caller's sessions of the date across logs, a workout's together, by creation time", async () => {
    const me = await registerUser(t.app);
    const strength = await createLog(t.app, me.cookie, { title: 'Strength' });
    const cardio = await createLog(t.app, me.cookie, { title: 'Cardio' });
    const squat = await createExercise(t.app, me.cookie, strength.slugLog, { title: 'Squat' });
    const bench = await createExercise(t.app, me.cookie, strength.slugLog, { title: 'Bench' });
    const run = await createExercise(t.app, me.cookie, cardio.slugLog, {
      title: 'Run',
      session: 'pasession',
    });

    const first = await createPasession(t.app, me.cookie, run, { createdDate: '2026-04-10' });
    const workout = (
      await call(t.app, 'POST', `/api/logs/${strength.slugLog}/workouts`, {
        cookie: me.cookie,
        body: {
          createdDate: '2026-04-10',
          entries: [
            { slugExercise: bench.slugExercise, set: [{ repetitions: 5, kilograms: 80 }] },
            { slugExercise: squat.slugExercise, set: [{ repetitions: 5, kilograms: 100 }] },
          ],
        },
      })
    ).json().workout;
    const last = await createWlsession(t.app, me.cookie, squat, { createdDate: '2026-04-10' });
    await createWlsession(t.app, me.cookie, squat, { createdDate: '2026-04-11' });
    // Someone else's session that day is not the caller's.
    const other = await registerUser(t.app);
    const theirs = await createLog(t.app, other.cookie, { title: 'Strength' });
    const theirSquat = await createExercise(t.app, other.cookie, theirs.slugLog, { title: 'Squat' });
    await createWlsession(t.app, other.cookie, theirSquat, { createdDate: '2026-04-10' });

    const response = await call(t.app, 'GET', '/api/days/2026-04-10', { cookie: me.cookie });
    expect(response.statusCode).toBe(200);
    const day = response.json();
    expect(day.date).toBe('2026-04-10');
    const edit = async (e: typeof squat) =>
      (
        await call(t.app, 'GET', `/api/logs/${e.slugLog}/exercises/edit/${e._id}`, { cookie: me.cookie })
      ).json();
    const byId = async (e: typeof squat, kind: string, id: string) =>
      (
        await call(t.app, 'GET', `${exerciseUrl(e.slugLog, e.slugExercise)}/${kind}s/edit/${id}`, {
          cookie: me.cookie,
        })
      ).json();
    const logOf = (l: typeof strength) => ({ _id: l._id, title: l.title, slugLog: l.slugLog });
    const [benchEntry, squatEntry] = workout.entries;
    expect(day.sessions).toEqual([
      {
        log: logOf(cardio),
        exercise: await edit(run),
        workout: null,
        pasession: await byId(run, 'pasession', first._id),
      },
      {
        log: logOf(strength),
        exercise: await edit(bench),
        workout: workout._id,
        wlsession: benchEntry.wlsession,
      },
      {
        log: logOf(strength),
        exercise: await edit(squat),
        workout: workout._id,
        wlsession: squatEntry.wlsession,
      },
      {
        log: logOf(strength),
        exercise: await edit(squat),
        workout: null,
        wlsession: await byId(squat, 'wlsession', last._id),
      },
    ]);
  });

  it('is an empty list on a day without sessions, a 400 on a bad date and a 401 without a session', async () => {
    const me = await registerUser(t.app);
    const empty = await call(t.app, 'GET', '/api/days/2026-01-01', { cookie: me.cookie });
    expect(empty.json()).toEqual({ date: '2026-01-01', sessions: [] });
    for (const bad of ['2026-02-30', 'yesterday', '2026-1-1']) {
      const r = await call(t.app, 'GET', `/api/days/${bad}`, { cookie: me.cookie });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message).toBe('Must be a valid date');
    }
    expect((await call(t.app, 'GET', '/api/days/2026-01-01')).statusCode).toBe(401);
  });
});

describe('GET /api/days', () => {
  it("pages the caller's days with sessions, newest first, older than a year too", async () => {
    const me = await registerUser(t.app);
    const log = await createLog(t.app, me.cookie, { title: 'Strength' });
    const squat = await createExercise(t.app, me.cookie, log.slugLog, { title: 'Squat' });
    const dates = ['2019-02-03', '2024-12-31', '2026-04-10', '2026-04-11'];
    for (const createdDate of dates) await createWlsession(t.app, me.cookie, squat, { createdDate });
    await createWlsession(t.app, me.cookie, squat, { createdDate: '2026-04-10' });
    // Someone else's day is not the caller's.
    const other = await registerUser(t.app);
    const theirs = await createLog(t.app, other.cookie, { title: 'Strength' });
    const theirSquat = await createExercise(t.app, other.cookie, theirs.slugLog, { title: 'Squat' });
    await createWlsession(t.app, other.cookie, theirSquat, { createdDate: '2026-05-01' });

    const first = await call(t.app, 'GET', '/api/days?limit=3', { cookie: me.cookie });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.pagination).toEqual({ totalPages: 2, page: 1, limit: 3, total: 4 });
    // Each day of the page is the day's own answer, its sessions included.
    const dayOf = async (date: string) =>
      (await call(t.app, 'GET', `/api/days/${date}`, { cookie: me.cookie })).json();
    expect(page.days).toEqual([
      await dayOf('2026-04-11'),
      await dayOf('2026-04-10'),
      await dayOf('2024-12-31'),
    ]);
    expect(page.days.map((d: { sessions: unknown[] }) => d.sessions.length)).toEqual([1, 2, 1]);
    const second = await call(t.app, 'GET', '/api/days?limit=3&page=2', { cookie: me.cookie });
    expect(second.json().days).toEqual([await dayOf('2019-02-03')]);
    // The default page is 12 days.
    const fresh = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/days', { cookie: fresh.cookie })).json()).toEqual({
      days: [],
      pagination: { totalPages: 0, page: 1, limit: 12, total: 0 },
    });
    expect((await call(t.app, 'GET', '/api/days')).statusCode).toBe(401);
  });
});
