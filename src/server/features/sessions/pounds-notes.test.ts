import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, exerciseUrl, userWithExercise } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Pounds and notes on sessions (docs/api.md §10).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const setup = (session: 'wlsession' | 'pasession' = 'wlsession') => userWithExercise(t.app, session);

describe('pounds on weight sets', () => {
  it('keeps pounds as typed, derives kilograms, and computes volumes from the unrounded kilograms', async () => {
    const { cookie, base } = await setup();
    const response = await call(t.app, 'POST', base, {
      cookie,
      body: {
        createdDate: '2026-04-01',
        set: [
          { repetitions: 5, pounds: 135, isHard: true },
          { repetitions: 5, pounds: '135', isHard: true },
          { repetitions: 10, kilograms: 20 },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    const session = response.json();
    expect(session.set.map(({ _id, ...set }: { _id: string }) => set)).toEqual([
      {
        repetitions: 5,
        kilograms: 61.23,
        pounds: 135,
        isHard: true,
        volume: 306.17,
        type: 'normal',
        rpe: null,
      },
      {
        repetitions: 5,
        kilograms: 61.23,
        pounds: 135,
        isHard: true,
        volume: 306.17,
        type: 'normal',
        rpe: null,
      },
      { repetitions: 10, kilograms: 20, pounds: null, isHard: false, volume: 200, type: 'normal', rpe: null },
    ]);
    // 2 × 5 × 61.2349699… = 612.349… (not 2 × 306.17 = 612.34 nor 2 × 5 × 61.23 = 612.30)
    expect(session).toMatchObject({ totalVolume: 812.35, workingVolume: 612.35, junkVolume: 200 });
  });

  it('lets pounds win over kilograms, so a set read and sent back keeps its pounds', async () => {
    const { cookie, base } = await setup();
    const created = (
      await call(t.app, 'POST', base, {
        cookie,
        body: { createdDate: '2026-04-02', set: [{ repetitions: 3, pounds: 225.5, kilograms: 1 }] },
      })
    ).json();
    expect(created.set[0]).toMatchObject({ pounds: 225.5, kilograms: 102.29 });
    const updated = await call(t.app, 'PUT', `${base}/edit/${created._id}`, { cookie, body: created });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().set[0]).toMatchObject({ pounds: 225.5, kilograms: 102.29, volume: 306.86 });
  });

  it.each([
    [{ repetitions: 1, pounds: 220_001 }, 'pounds', 'Pounds must be at most 220000'],
    [{ repetitions: 1, pounds: 1.234 }, 'pounds', 'Pounds can have at most 2 decimals'],
    [{ repetitions: 1, pounds: -1 }, 'pounds', 'Pounds must be at least 0'],
    [{ repetitions: 1, pounds: 'heavy' }, 'pounds', 'Pounds must be a number'],
    [{ repetitions: 1 }, 'kilograms', 'This field is required'],
    [{ repetitions: 1, kilograms: null, pounds: null }, 'kilograms', 'This field is required'],
  ])('refuses the set %j (%s)', async (set, field, message) => {
    const { cookie, base, exercise } = await setup();
    const response = await call(t.app, 'POST', base, {
      cookie,
      body: { createdDate: '2026-04-03', set: [set] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[`set.0.${field}`]).toBe(message);
    const page = (
      await call(t.app, 'GET', exerciseUrl(exercise.slugLog, exercise.slugExercise), { cookie })
    ).json();
    expect(page.exerciseAggregate).toEqual([]);
  });
});

describe('notes on sessions', () => {
  it('stores trimmed notes on both kinds, defaults to "" and returns them on every shape', async () => {
    const wl = await setup('wlsession');
    const created = await call(t.app, 'POST', wl.base, {
      cookie: wl.cookie,
      body: {
        createdDate: '2026-04-04',
        set: [{ repetitions: 5, kilograms: 50 }],
        notes: '  left knee sore  ',
      },
    });
    expect(created.json().notes).toBe('left knee sore');
    const bySlug = await call(t.app, 'GET', `${wl.base}/2026-04-04`, { cookie: wl.cookie });
    expect(bySlug.json().wlsession.notes).toBe('left knee sore');
    const page = await call(t.app, 'GET', exerciseUrl(wl.exercise.slugLog, wl.exercise.slugExercise), {
      cookie: wl.cookie,
    });
    expect(page.json().exerciseAggregate[0].wlsessions.notes).toBe('left knee sore');

    const pa = await setup('pasession');
    const plain = await call(t.app, 'POST', pa.base, {
      cookie: pa.cookie,
      body: { createdDate: '2026-04-04', time: { hours: 0, minutes: 30, seconds: 0 }, distance: 5 },
    });
    expect(plain.json().notes).toBe('');
    const edited = await call(t.app, 'PUT', `${pa.base}/edit/${plain.json()._id}`, {
      cookie: pa.cookie,
      body: { ...(plain.json() as object), notes: 'windy' },
    });
    expect(edited.json().notes).toBe('windy');
  });

  it('refuses notes over 2000 characters and creates nothing', async () => {
    const { cookie, base } = await setup('pasession');
    const response = await call(t.app, 'POST', base, {
      cookie,
      body: {
        createdDate: '2026-04-05',
        time: { hours: 0, minutes: 30, seconds: 0 },
        distance: 5,
        notes: 'x'.repeat(2001),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.notes).toBe('Notes can be at most 2000 characters');
    const ok = await call(t.app, 'POST', base, {
      cookie,
      body: {
        createdDate: '2026-04-05',
        time: { hours: 0, minutes: 30, seconds: 0 },
        distance: 5,
        notes: 'y'.repeat(2000),
      },
    });
    expect(ok.json()).toMatchObject({ slugSession: '2026-04-05' });
  });
});
