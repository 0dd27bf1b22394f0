import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exercise } from '../../../contract/exercises';
import { sessions } from '../../db/schema';
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

const exercisesUrl = (slugLog: string) => `/api/logs/${encodeURIComponent(slugLog)}/exercises`;
const editUrl = (slugLog: string, id: string) => `${exercisesUrl(slugLog)}/edit/${encodeURIComponent(id)}`;

/** A signed-in user with one log. */
async function userWithLog(title?: string) {
  const user = await registerUser(t.app);
  const log = await createLog(t.app, user.cookie, { title });
  return { ...user, log };
}

describe('POST /api/logs/:slugLog/exercises', () => {
  it('answers 201 with the created exercise', async () => {
    const { cookie, user, log } = await userWithLog();
    const response = await call(t.app, 'POST', exercisesUrl(log.slugLog), {
      cookie,
      body: { title: ' Bench  Press ', session: 'wlsession', slugLog: log.slugLog },
    });
    expect(response.statusCode).toBe(201);
    const exercise = response.json();
    expect(Object.keys(exercise).sort()).toEqual([
      '_id',
      'author',
      'createdAt',
      'log',
      'session',
      'slugExercise',
      'slugLog',
      'title',
      'updatedAt',
    ]);
    expect(exercise).toMatchObject({
      title: 'Bench  Press',
      slugExercise: 'bench-press',
      author: user._id,
      session: 'wlsession',
      log: log._id,
      slugLog: log.slugLog,
    });
    const pace = await createExercise(t.app, cookie, log.slugLog, { title: '5k', session: 'pasession' });
    expect(pace.session).toBe('pasession');
  });

  it('validates with docs/product.md §5 messages', async () => {
    const { cookie, log } = await userWithLog();
    const cases: [unknown, Record<string, string>][] = [
      [{}, { title: 'This field is required', session: 'You must choose an option' }],
      [{ title: 'Squat' }, { session: 'You must choose an option' }],
      [{ title: 'Squat', session: '' }, { session: 'You must choose an option' }],
      [{ title: 'Squat', session: 'cardio' }, { session: 'You must choose an option' }],
      [
        { title: 'Squat!', session: 'wlsession' },
        { title: 'Letters, numbers, spaces, dashes and underscores allowed' },
      ],
      [{ title: '', session: 'pasession' }, { title: 'This field is required' }],
    ];
    for (const [body, errors] of cases) {
      const response = await call(t.app, 'POST', exercisesUrl(log.slugLog), { cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual({ message: Object.values(errors)[0], errors });
    }
  });

  it('refuses reserved slugs, but not the log-only ones', async () => {
    const { cookie, log } = await userWithLog();
    for (const title of [
      'edit',
      'EDIT',
      'create-new-exercise',
      'Create New Exercise',
      'create_new_exercise',
    ]) {
      const response = await call(t.app, 'POST', exercisesUrl(log.slugLog), {
        cookie,
        body: { title, session: 'wlsession' },
      });
      expect(response.statusCode, title).toBe(400);
      expect(response.json().message).toBe('This title is reserved');
    }
    expect((await createExercise(t.app, cookie, log.slugLog, { title: 'Create new log' })).slugExercise).toBe(
      'create-new-log',
    );
  });

  it('answers 409 when the slug is taken in the same log, but not in another log', async () => {
    const { cookie, log } = await userWithLog();
    await createExercise(t.app, cookie, log.slugLog, { title: 'Deadlift' });
    for (const title of ['Deadlift', 'DEADLIFT', ' deadlift ']) {
      const response = await call(t.app, 'POST', exercisesUrl(log.slugLog), {
        cookie,
        body: { title, session: 'pasession' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'An exercise with this title already exists' });
    }
    const otherLog = await createLog(t.app, cookie);
    expect((await createExercise(t.app, cookie, otherLog.slugLog, { title: 'Deadlift' })).slugExercise).toBe(
      'deadlift',
    );
  });

  it('answers 404 Log not found under an unknown log', async () => {
    const { cookie } = await registerUser(t.app);
    const response = await call(t.app, 'POST', exercisesUrl('no-such-log'), {
      cookie,
      body: { title: 'Squat', session: 'wlsession' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Log not found' });
  });

  it('keeps non-Latin titles in the slug and routes them', async () => {
    const { cookie, log } = await userWithLog('Τρέξιμο');
    const exercise = await createExercise(t.app, cookie, log.slugLog, {
      title: 'Πρωινό Τρέξιμο',
      session: 'pasession',
    });
    expect(exercise.slugExercise).toBe('πρωινό-τρέξιμο');
    const page = await call(t.app, 'GET', exerciseUrl(log.slugLog, exercise.slugExercise), { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.json().exercise).toEqual(exercise);
  });
});

describe('GET /api/logs/:slugLog/exercises/:slugExercise', () => {
  it('answers the weights page: sessions newest first, default limit 12, latest session', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog, { session: 'wlsession' });
    const sessions = [];
    for (let day = 1; day <= 13; day += 1) {
      const createdDate = `2026-01-${String(day).padStart(2, '0')}`;
      sessions.push(await createWlsession(t.app, cookie, exercise, { createdDate }));
    }
    const url = exerciseUrl(log.slugLog, exercise.slugExercise);
    const response = await call(t.app, 'GET', url, { cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.exercise).toMatchObject({ _id: exercise._id, title: exercise.title, session: 'wlsession' });
    expect(body.exerciseAggregatePa).toEqual([]);
    expect(body.latestPasession).toEqual([]);
    expect(body.pagination).toEqual({ totalWlPages: 2, totalPaPages: 2, page: 1, limit: 12, total: 13 });
    expect(body.exerciseAggregate).toHaveLength(12);
    expect(body.exerciseAggregate[0]).toEqual({ ...body.exercise, wlsessions: sessions[12] });
    expect(
      body.exerciseAggregate.map((i: { wlsessions: { createdDate: string } }) => i.wlsessions.createdDate),
    ).toEqual(
      sessions
        .slice(1)
        .reverse()
        .map((s) => s.createdDate),
    );
    expect(body.latestWlsession).toEqual([{ ...body.exercise, wlsessions: sessions[12] }]);

    const second = (await call(t.app, 'GET', `${url}?page=2`, { cookie })).json();
    expect(second.exerciseAggregate.map((i: { wlsessions: { _id: string } }) => i.wlsessions._id)).toEqual([
      sessions[0]._id,
    ]);
    // "Latest" is the newest session whatever page is shown.
    expect(second.latestWlsession).toEqual([{ ...body.exercise, wlsessions: sessions[12] }]);

    // A page in the middle: its own slice, in order, and still the newest session as "latest".
    const middle = (await call(t.app, 'GET', `${url}?limit=5&page=2`, { cookie })).json();
    expect(middle.exerciseAggregate.map((i: { wlsessions: { _id: string } }) => i.wlsessions._id)).toEqual(
      sessions
        .slice(3, 8)
        .reverse()
        .map((s) => s._id),
    );
    expect(middle.exerciseAggregate[0]).toEqual({ ...body.exercise, wlsessions: sessions[7] });
    expect(middle.latestWlsession).toEqual([{ ...body.exercise, wlsessions: sessions[12] }]);
    expect(middle.pagination).toEqual({ totalWlPages: 3, totalPaPages: 3, page: 2, limit: 5, total: 13 });

    const past = (await call(t.app, 'GET', `${url}?page=9`, { cookie })).json();
    expect(past.exerciseAggregate).toEqual([]);
    expect(past.pagination).toEqual({ totalWlPages: 2, totalPaPages: 2, page: 9, limit: 12, total: 13 });
    expect(past.latestWlsession).toEqual([{ ...body.exercise, wlsessions: sessions[12] }]);

    const clamped = (await call(t.app, 'GET', `${url}?limit=0&page=-1`, { cookie })).json();
    expect(clamped.pagination).toEqual({ totalWlPages: 13, totalPaPages: 13, page: 1, limit: 1, total: 13 });
    expect(clamped.exerciseAggregate).toHaveLength(1);
  });

  it('answers the pace page with exerciseAggregatePa and latestPasession', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog, { session: 'pasession' });
    const older = await createPasession(t.app, cookie, exercise, { createdDate: '2026-02-01' });
    const newer = await createPasession(t.app, cookie, exercise, { createdDate: '2026-02-03' });
    const body = (
      await call(t.app, 'GET', exerciseUrl(log.slugLog, exercise.slugExercise), { cookie })
    ).json();
    expect(body.exerciseAggregate).toEqual([]);
    expect(body.latestWlsession).toEqual([]);
    expect(body.exerciseAggregatePa).toEqual([
      { ...body.exercise, pasessions: newer },
      { ...body.exercise, pasessions: older },
    ]);
    expect(body.latestPasession).toEqual([{ ...body.exercise, pasessions: newer }]);
    expect(body.pagination).toEqual({ totalWlPages: 1, totalPaPages: 1, page: 1, limit: 12, total: 2 });
  });

  it('answers the page of whichever kind the exercise now is, at the same address', async () => {
    // An address that held an exercise of the other kind a moment ago: the page reads whatever
    // the exercise is now (one statement for both kinds), never a stale answer.
    const { cookie, log } = await userWithLog();
    const page = async (exercise: Exercise) =>
      (await call(t.app, 'GET', exerciseUrl(log.slugLog, exercise.slugExercise), { cookie })).json();
    const remake = async (old: Exercise, session: 'wlsession' | 'pasession') => {
      const url = `${exercisesUrl(log.slugLog)}/${encodeURIComponent(old.slugExercise)}`;
      expect((await call(t.app, 'DELETE', url, { cookie })).statusCode).toBe(200);
      return createExercise(t.app, cookie, log.slugLog, { title: 'Intervals', session });
    };

    const pace = await createExercise(t.app, cookie, log.slugLog, {
      title: 'Intervals',
      session: 'pasession',
    });
    const run = await createPasession(t.app, cookie, pace, { createdDate: '2026-04-01' });
    for (let visit = 0; visit < 2; visit += 1) {
      const body = await page(pace);
      expect(body.exercise).toEqual(pace);
      expect(body.exerciseAggregatePa).toEqual([{ ...pace, pasessions: run }]);
      expect(body.exerciseAggregate).toEqual([]);
    }

    const weights = await remake(pace, 'wlsession');
    expect(weights.slugExercise).toBe(pace.slugExercise);
    const lift = await createWlsession(t.app, cookie, weights, { createdDate: '2026-04-02' });
    const body = await page(weights);
    expect(body.exercise).toEqual(weights);
    expect(body.exerciseAggregate).toEqual([{ ...weights, wlsessions: lift }]);
    expect(body.latestWlsession).toEqual([{ ...weights, wlsessions: lift }]);
    expect(body.exerciseAggregatePa).toEqual([]);
    expect(body.pagination).toMatchObject({ totalWlPages: 1, total: 1 });

    const paceAgain = await remake(weights, 'pasession');
    const empty = await page(paceAgain);
    expect(empty.exercise).toEqual(paceAgain);
    expect(empty.exerciseAggregate).toEqual([]);
    expect(empty.exerciseAggregatePa).toEqual([]);
    expect(empty.pagination).toMatchObject({ totalPaPages: 0, total: 0 });
  });

  it('answers empty lists and no latest session for a new exercise', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog);
    const body = (
      await call(t.app, 'GET', exerciseUrl(log.slugLog, exercise.slugExercise), { cookie })
    ).json();
    expect(body).toEqual({
      exercise,
      exerciseAggregate: [],
      exerciseAggregatePa: [],
      latestWlsession: [],
      latestPasession: [],
      pagination: { totalWlPages: 0, totalPaPages: 0, page: 1, limit: 12, total: 0 },
    });
  });

  it('answers 404 naming what is missing, including an exercise under the wrong log', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog);
    const otherLog = await createLog(t.app, cookie);
    const cases: [string, string][] = [
      [exerciseUrl('no-such-log', exercise.slugExercise), 'Log not found'],
      [exerciseUrl(log.slugLog, 'no-such-exercise'), 'Exercise not found'],
      [exerciseUrl(otherLog.slugLog, exercise.slugExercise), 'Exercise not found'],
    ];
    for (const [url, message] of cases) {
      const response = await call(t.app, 'GET', url, { cookie });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message });
    }
  });
});

describe('GET and PUT /api/logs/:slugLog/exercises/edit/:id', () => {
  it('returns the bare exercise, 404 for an unknown id or one from another log', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog);
    const response = await call(t.app, 'GET', editUrl(log.slugLog, exercise._id), { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(exercise);

    const otherLog = await createLog(t.app, cookie);
    for (const [slugLog, id] of [
      [log.slugLog, crypto.randomUUID()],
      [log.slugLog, 'not-a-uuid'],
      [otherLog.slugLog, exercise._id],
    ]) {
      const missing = await call(t.app, 'GET', editUrl(slugLog, id), { cookie });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Exercise not found' });
    }
    const noLog = await call(t.app, 'GET', editUrl('no-such-log', exercise._id), { cookie });
    expect(noLog.json()).toEqual({ message: 'Log not found' });
  });

  it('renames (slug follows, old slug stops routing); the kind cannot change', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog, {
      title: 'Squat',
      session: 'wlsession',
    });
    await createWlsession(t.app, cookie, exercise);
    const response = await call(t.app, 'PUT', editUrl(log.slugLog, exercise._id), {
      cookie,
      body: { _id: exercise._id, title: 'Back Squat', session: 'pasession', author: crypto.randomUUID() },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      _id: exercise._id,
      title: 'Back Squat',
      slugExercise: 'back-squat',
      session: 'wlsession',
      author: exercise.author,
      log: log._id,
      createdAt: exercise.createdAt,
    });
    expect((await call(t.app, 'GET', exerciseUrl(log.slugLog, 'squat'), { cookie })).statusCode).toBe(404);
    const page = (await call(t.app, 'GET', exerciseUrl(log.slugLog, 'back-squat'), { cookie })).json();
    expect(page.exercise).toEqual(updated);
    expect(page.exerciseAggregate).toHaveLength(1); // the sessions followed the rename
  });

  it('keeps its own title without a conflict; refuses a taken, reserved or invalid title', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog, { title: 'Row' });
    await createExercise(t.app, cookie, log.slugLog, { title: 'Curl' });
    const url = editUrl(log.slugLog, exercise._id);
    expect((await call(t.app, 'PUT', url, { cookie, body: { title: 'ROW' } })).statusCode).toBe(200);

    const taken = await call(t.app, 'PUT', url, { cookie, body: { title: 'curl' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'An exercise with this title already exists' });
    const reserved = await call(t.app, 'PUT', url, { cookie, body: { title: 'create new exercise' } });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe('This title is reserved');
    const invalid = await call(t.app, 'PUT', url, { cookie, body: { title: 'a+b' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      title: 'Letters, numbers, spaces, dashes and underscores allowed',
    });
    const unknown = await call(t.app, 'PUT', editUrl(log.slugLog, crypto.randomUUID()), {
      cookie,
      body: { title: 'Whatever' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Exercise not found' });

    expect((await call(t.app, 'GET', url, { cookie })).json().title).toBe('ROW');
  });
});

describe('DELETE /api/logs/:slugLog/exercises/:slugExercise', () => {
  it('deletes the exercise and its sessions, and nothing else', async () => {
    const { cookie, log } = await userWithLog();
    const doomed = await createExercise(t.app, cookie, log.slugLog, { session: 'wlsession' });
    const kept = await createExercise(t.app, cookie, log.slugLog, { session: 'wlsession' });
    const doomedPace = await createExercise(t.app, cookie, log.slugLog, { session: 'pasession' });
    await createWlsession(t.app, cookie, doomed);
    await createWlsession(t.app, cookie, doomed);
    await createWlsession(t.app, cookie, kept);
    await createPasession(t.app, cookie, doomedPace);

    const sessionsOf = async (exerciseId: string) =>
      (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.exerciseId, exerciseId)))[0].n;
    expect(await sessionsOf(doomed._id)).toBe(2);

    const response = await call(t.app, 'DELETE', exerciseUrl(log.slugLog, doomed.slugExercise), { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Exercise deleted' });
    expect(await sessionsOf(doomed._id)).toBe(0);
    expect(await sessionsOf(kept._id)).toBe(1);

    const paDelete = await call(t.app, 'DELETE', exerciseUrl(log.slugLog, doomedPace.slugExercise), {
      cookie,
    });
    expect(paDelete.statusCode).toBe(200);
    expect(await sessionsOf(doomedPace._id)).toBe(0);

    const page = (await call(t.app, 'GET', `/api/logs/${log.slugLog}`, { cookie })).json();
    expect(page.logAggregate.map((i: { exercises: Exercise }) => i.exercises._id)).toEqual([kept._id]);

    const again = await call(t.app, 'DELETE', exerciseUrl(log.slugLog, doomed.slugExercise), { cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Exercise not found' });
    const noLog = await call(t.app, 'DELETE', exerciseUrl('no-such-log', kept.slugExercise), { cookie });
    expect(noLog.json()).toEqual({ message: 'Log not found' });
  });
});

describe('GET …/exercises/:slugExercise/progress', () => {
  it('gives every weight session, oldest first, as volume points', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog, { session: 'wlsession' });
    for (let day = 14; day >= 1; day -= 1) {
      await createWlsession(t.app, cookie, exercise, {
        createdDate: `2026-04-${String(day).padStart(2, '0')}`,
        set: [
          { repetitions: day, kilograms: 10, isHard: true },
          { repetitions: 1, kilograms: 2.5, isHard: false },
        ],
      });
    }
    const response = await call(t.app, 'GET', `${exerciseUrl(log.slugLog, exercise.slugExercise)}/progress`, {
      cookie,
    });
    expect(response.statusCode).toBe(200);
    const { points } = response.json();
    expect(points).toHaveLength(14); // the whole history, not one page
    expect(points[0]).toEqual({
      createdDate: '2026-04-01',
      totalVolume: 12.5,
      junkVolume: 2.5,
      workingVolume: 10,
      e1rm: 10, // 1 × 10 kg beats 1 × 2.5 kg
      heaviest: 10,
      // 10 kg = 22.05 lb, 2.5 kg = 5.51 lb
      inPounds: { totalVolume: 27.56, junkVolume: 5.51, workingVolume: 22.05, e1rm: 22.05, heaviest: 22.05 },
    });
    expect(points[13]).toEqual({
      createdDate: '2026-04-14',
      totalVolume: 142.5,
      junkVolume: 2.5,
      workingVolume: 140,
      e1rm: 14.67, // 10 × (1 + 14/30)
      heaviest: 10,
      // 14 × 22.05 = 308.7; 22.05 × (1 + 14/30) = 32.34
      inPounds: { totalVolume: 314.21, junkVolume: 5.51, workingVolume: 308.7, e1rm: 32.34, heaviest: 22.05 },
    });
    const dates = points.map((p: { createdDate: string }) => p.createdDate);
    expect(dates).toEqual([...dates].sort());
  });

  it('gives pace sessions as {createdDate, pace, speed} with pace = minutes + seconds/60', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog, { session: 'pasession' });
    await createPasession(t.app, cookie, exercise, {
      createdDate: '2026-05-02',
      time: { hours: 0, minutes: 27, seconds: 30 },
      distance: 5,
    }); // 5:30 min/km
    await createPasession(t.app, cookie, exercise, {
      createdDate: '2026-05-01',
      time: { hours: 0, minutes: 25, seconds: 0 },
      distance: 5,
    }); // 5:00 min/km
    const body = (
      await call(t.app, 'GET', `${exerciseUrl(log.slugLog, exercise.slugExercise)}/progress`, { cookie })
    ).json();
    expect(body).toEqual({
      points: [
        { createdDate: '2026-05-01', pace: 5, speed: 0.2 },
        { createdDate: '2026-05-02', pace: 5.5, speed: 0.182 },
      ],
    });
  });

  it('gives no points for an exercise without sessions, and 404s like the page', async () => {
    const { cookie, log } = await userWithLog();
    const exercise = await createExercise(t.app, cookie, log.slugLog);
    const url = `${exerciseUrl(log.slugLog, exercise.slugExercise)}/progress`;
    expect((await call(t.app, 'GET', url, { cookie })).json()).toEqual({ points: [] });
    const missing = await call(t.app, 'GET', `${exerciseUrl(log.slugLog, 'nope')}/progress`, { cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Exercise not found' });
  });
});
