import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPE_MESSAGE, SET_TYPE_MESSAGE } from '../../../contract/set-types';
import { call, userWithExercise } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Set type and RPE on weight sets, and warm-ups left out of every record (docs/api.md §11).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function setup(kind: 'wlsession' | 'pasession' = 'wlsession') {
  const user = await userWithExercise(t.app, kind);
  const send = (method: 'POST' | 'PUT', url: string, body: object) =>
    call(t.app, method, url, { cookie: user.cookie, body });
  const post = async (body: object) => {
    const response = await send('POST', user.base, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const get = async (url: string) => {
    const response = await call(t.app, 'GET', url, { cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  return { ...user, send, post, get };
}

/** A set's type and RPE as an answer carries them. */
const typesOf = (sets: { type: string; rpe: number | null }[]) =>
  sets.map(({ type, rpe }) => ({ type, rpe }));

describe('set type and RPE', () => {
  it('are kept as sent, default to a normal set without RPE, and show in every answer', async () => {
    const { post, get, send, base, page } = await setup();
    const created = await post({
      createdDate: '2026-06-01',
      set: [
        { repetitions: 10, kilograms: 40, type: 'warmup', rpe: 5 },
        { repetitions: 5, kilograms: 100, isHard: true, rpe: '8.5' },
        { repetitions: 3, kilograms: 100, isHard: true, type: 'failure', rpe: 10 },
        { repetitions: 8, kilograms: 70, isHard: true, type: 'drop', rpe: null },
        { repetitions: 5, kilograms: 100, isHard: true, type: null, rpe: ' ' },
      ],
    });
    const expected = [
      { type: 'warmup', rpe: 5 },
      { type: 'normal', rpe: 8.5 },
      { type: 'failure', rpe: 10 },
      { type: 'drop', rpe: null },
      { type: 'normal', rpe: null },
    ];
    expect(typesOf(created.set)).toEqual(expected);
    expect(typesOf((await get(`${base}/${created.slugSession}`)).wlsession.set)).toEqual(expected);
    expect(typesOf((await get(page)).exerciseAggregate[0].wlsessions.set)).toEqual(expected);
    expect(typesOf((await get(page)).latestWlsession[0].wlsessions.set)).toEqual(expected);

    // An edit replaces them like every other field of a set.
    const edited = await send('PUT', `${base}/edit/${created._id}`, {
      createdDate: '2026-06-01',
      set: [{ repetitions: 10, kilograms: 40, type: 'drop', rpe: 6.5 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(typesOf(edited.json().set)).toEqual([{ type: 'drop', rpe: 6.5 }]);
  });

  it('refuse an unknown type and an RPE off the grid, out of range or not a number, per set', async () => {
    const { send, base, get, page } = await setup();
    const cases: [object, Record<string, string>][] = [
      [{ type: 'dropset' }, { 'set.0.type': SET_TYPE_MESSAGE }],
      [{ type: 'Warmup' }, { 'set.0.type': SET_TYPE_MESSAGE }],
      [{ type: 3 }, { 'set.0.type': SET_TYPE_MESSAGE }],
      [{ type: '' }, { 'set.0.type': SET_TYPE_MESSAGE }],
      [{ rpe: 'hard' }, { 'set.0.rpe': 'RPE must be a number' }],
      [{ rpe: true }, { 'set.0.rpe': 'RPE must be a number' }],
      [{ rpe: [8] }, { 'set.0.rpe': 'RPE must be a number' }],
      [{ rpe: 7.3 }, { 'set.0.rpe': RPE_MESSAGE }],
      [{ rpe: '8.25' }, { 'set.0.rpe': RPE_MESSAGE }],
      [{ rpe: 0 }, { 'set.0.rpe': RPE_MESSAGE }],
      [{ rpe: 0.5 }, { 'set.0.rpe': RPE_MESSAGE }],
      [{ rpe: 10.5 }, { 'set.0.rpe': RPE_MESSAGE }],
      [{ rpe: -1 }, { 'set.0.rpe': RPE_MESSAGE }],
    ];
    for (const [fields, errors] of cases) {
      const body = { createdDate: '2026-06-01', set: [{ repetitions: 5, kilograms: 100, ...fields }] };
      const response = await send('POST', base, body);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json(), JSON.stringify(fields)).toEqual({ message: Object.values(errors)[0], errors });
    }
    // Every set's messages at once, each under its own set.
    const both = await send('POST', base, {
      createdDate: '2026-06-01',
      set: [
        { repetitions: 5, kilograms: 100, type: 'x' },
        { repetitions: 5, kilograms: 100, rpe: 11 },
      ],
    });
    expect(both.json().errors).toEqual({ 'set.0.type': SET_TYPE_MESSAGE, 'set.1.rpe': RPE_MESSAGE });
    expect((await get(page)).exerciseAggregate).toEqual([]);
  });

  it('are ignored on a pace session', async () => {
    const { post } = await setup('pasession');
    const session = await post({
      createdDate: '2026-06-01',
      time: { hours: 0, minutes: 25, seconds: 0 },
      distance: 5,
      type: 'bogus',
      rpe: 'hard',
      set: [{ type: 'nonsense', rpe: 99 }],
    });
    expect(session).not.toHaveProperty('type');
    expect(session).not.toHaveProperty('rpe');
    expect(session).not.toHaveProperty('set');
  });

  it('read as a normal set without RPE for a set stored before they existed', async () => {
    const { post, get, base, page, user } = await setup();
    const created = await post({
      createdDate: '2026-06-01',
      set: [{ repetitions: 5, kilograms: 100, isHard: true, type: 'failure', rpe: 9 }],
    });
    // As a set was stored before set types: its JSON without the two keys (the trigger rebuilds
    // the session's stored answer from it).
    await t.db.execute(sql`update sessions set sets = (
        select jsonb_agg(x - 'type' - 'rpe') from jsonb_array_elements(sets) x)
      where author_id = ${user._id}`);
    const stored = await t.db.execute(sql`select sets from sessions where author_id = ${user._id}`);
    const rows = (stored as unknown as { rows: { sets: object[] }[] }).rows;
    expect(rows[0].sets[0]).not.toHaveProperty('type');
    const old = [{ type: 'normal', rpe: null }];
    expect(typesOf((await get(`${base}/${created.slugSession}`)).wlsession.set)).toEqual(old);
    expect(typesOf((await get(page)).exerciseAggregate[0].wlsessions.set)).toEqual(old);
  });
});

describe('warm-up sets', () => {
  it('count for no record, progress e1RM or heaviest, yet count in every volume', async () => {
    const { post, get, base, page } = await setup();
    // A warm-up heavier and bigger than any working set: it would hold every record.
    const first = await post({
      createdDate: '2026-06-01',
      set: [
        { repetitions: 10, kilograms: 150, type: 'warmup' },
        { repetitions: 5, kilograms: 100, isHard: true },
        { repetitions: 8, kilograms: 80, isHard: true, type: 'drop' },
      ],
    });
    // 10 × 150 + 5 × 100 + 8 × 80: every set counts in the volumes; the warm-up is not hard.
    expect(first).toMatchObject({ totalVolume: 2640, workingVolume: 1140, junkVolume: 1500 });
    // 10 × 330.69 + 5 × 220.46 + 8 × 176.37 lb
    expect(first.inPounds.totalVolume).toBe(5820.16);

    const { records } = await get(`${page}/records`);
    // Drop sets count like normal ones: 8 × 80 = 640 is the best set; the session counts 1140.
    expect(records).toMatchObject({
      heaviest: { value: 100, createdDate: '2026-06-01' },
      e1rm: { value: 116.67 },
      bestSetVolume: { value: 640 },
      bestSessionVolume: { value: 1140 },
    });
    expect(records.heaviest.pounds).toBe(220.46);
    expect(records.bestSessionVolume.pounds).toBe(2513.26);

    const point = (await get(`${page}/progress`)).points[0];
    expect(point).toMatchObject({ totalVolume: 2640, e1rm: 116.67, heaviest: 100 });
    expect(point.inPounds).toMatchObject({ heaviest: 220.46, e1rm: 257.2 });

    // A later session of warm-ups only sets no record, though its volume is the largest.
    const second = await post({
      createdDate: '2026-06-08',
      set: [
        { repetitions: 20, kilograms: 200, type: 'warmup' },
        { repetitions: 20, kilograms: 200, type: 'warmup', isHard: true },
      ],
    });
    expect(second.totalVolume).toBe(8000);
    expect((await get(`${base}/${second.slugSession}`)).wlsession.records).toEqual([]);
    expect((await get(`${base}/${first.slugSession}`)).wlsession.records).toEqual([
      'heaviest',
      'e1rm',
      'bestSetVolume',
      'bestSessionVolume',
    ]);
    expect((await get(`${page}/records`)).records).toEqual(records);
    const points = (await get(`${page}/progress`)).points;
    expect(points[1]).toMatchObject({ totalVolume: 8000, workingVolume: 4000, e1rm: 0, heaviest: 0 });
  });

  it('leave the records once edited back to normal sets', async () => {
    const { post, get, send, base, page } = await setup();
    const warm = await post({
      createdDate: '2026-06-01',
      set: [{ repetitions: 1, kilograms: 120, type: 'warmup' }],
    });
    expect((await get(`${page}/records`)).records.heaviest).toBeNull();
    const edited = await send('PUT', `${base}/edit/${warm._id}`, {
      createdDate: '2026-06-01',
      set: [{ repetitions: 1, kilograms: 120, type: 'normal' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(`${page}/records`)).records).toMatchObject({
      heaviest: { value: 120 },
      e1rm: { value: 120 },
      bestSetVolume: { value: 120 },
      bestSessionVolume: { value: 120 },
    });
    expect((await get(`${base}/${warm.slugSession}`)).wlsession.records).toEqual([
      'heaviest',
      'e1rm',
      'bestSetVolume',
      'bestSessionVolume',
    ]);
  });
});
