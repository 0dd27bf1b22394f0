import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATE_SETTINGS } from '../../../contract/plates';
import { REST_MESSAGE } from '../../../contract/routines';
import { call, registerUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The profile's rest and plates (docs/api.md §11 and its precise rules), through
// PUT /api/users/profile like the weight unit.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn() {
  const user = await registerUser(t.app);
  const profile = { username: user.user.username, email: user.email };
  const put = (body: object) =>
    call(t.app, 'PUT', '/api/users/profile', { cookie: user.cookie, body: { ...profile, ...body } });
  const get = async () => (await call(t.app, 'GET', '/api/users/profile', { cookie: user.cookie })).json();
  return { ...user, put, get };
}

describe('profile rest and plates', () => {
  it('start at 120 s and the default plates of each unit, in every user info', async () => {
    const { user, get, email, password } = await signedIn();
    const defaults = { restSeconds: 120, plates: DEFAULT_PLATE_SETTINGS };
    expect(user).toMatchObject(defaults);
    expect(await get()).toMatchObject(defaults);
    const login = await call(t.app, 'POST', '/api/users/login', { body: { email, password } });
    expect(login.json()).toMatchObject(defaults);
  });

  it('change the rest (numeric strings taken) and keep it when absent', async () => {
    const { put, get } = await signedIn();
    for (const [sent, kept] of [
      [90, 90],
      ['45', 45],
      [0, 0],
      [3600, 3600],
      [null, 3600],
      ['', 3600],
    ] as const) {
      const response = await put({ restSeconds: sent });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().restSeconds, String(sent)).toBe(kept);
    }
    expect((await put({ weightUnit: 'lb' })).json()).toMatchObject({ restSeconds: 3600, weightUnit: 'lb' });
    expect((await get()).restSeconds).toBe(3600);
  });

  it('refuse a rest outside 0–3600 whole seconds with the §11 message, and change nothing', async () => {
    const { put, get } = await signedIn();
    for (const bad of [-1, 3601, 90.5, '1e9'])
      expect((await put({ restSeconds: bad, username: 'Changed' })).json(), String(bad)).toEqual({
        message: REST_MESSAGE,
        errors: { restSeconds: REST_MESSAGE },
      });
    expect((await put({ restSeconds: 'long' })).json().errors).toEqual({
      restSeconds: 'Rest must be a number',
    });
    expect(await get()).toMatchObject({ restSeconds: 120, username: 'Test User' });
  });

  it('replace one unit’s plates, sorted heaviest first without repeats, and keep the other’s', async () => {
    const { put, get } = await signedIn();
    const kg = { bar: 15, plates: [1.25, 20, '10', 20, 5] };
    const response = await put({ plates: { kg } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().plates).toEqual({
      kg: { bar: 15, plates: [20, 10, 5, 1.25] },
      lb: DEFAULT_PLATE_SETTINGS.lb,
    });
    await put({ plates: { lb: { bar: 35, plates: [45, 25] } } });
    expect((await get()).plates).toEqual({
      kg: { bar: 15, plates: [20, 10, 5, 1.25] },
      lb: { bar: 35, plates: [45, 25] },
    });
    // Absent plates (or an empty object) keep both.
    await put({ restSeconds: 60 });
    await put({ plates: {} });
    expect((await get()).plates.lb).toEqual({ bar: 35, plates: [45, 25] });
  });

  it('refuse bad plates with a message under each field, and change nothing', async () => {
    const { put, get } = await signedIn();
    const cases: [unknown, Record<string, string>][] = [
      [{ kg: { bar: 20, plates: [] } }, { 'plates.kg.plates': 'Add at least one plate' }],
      [{ kg: { bar: 20 } }, { 'plates.kg.plates': 'Add at least one plate' }],
      [{ kg: { bar: 20, plates: [0] } }, { 'plates.kg.plates.0': 'Plate must be more than 0' }],
      [{ lb: { bar: 45, plates: [45, 'x'] } }, { 'plates.lb.plates.1': 'Plate must be a number' }],
      [{ lb: { bar: 45, plates: [101] } }, { 'plates.lb.plates.0': 'Plate must be at most 100' }],
      [{ kg: { bar: -1, plates: [20] } }, { 'plates.kg.bar': 'Bar must be at least 0' }],
      [{ kg: { plates: [20] } }, { 'plates.kg.bar': 'This field is required' }],
      [
        { kg: { bar: 20, plates: Array.from({ length: 21 }, (_, k) => k + 1) } },
        { 'plates.kg.plates': 'At most 20 plate sizes' },
      ],
      ['heavy', { plates: 'Plates must be an object of kg and lb settings' }],
    ];
    for (const [plates, errors] of cases) {
      const response = await put({ plates, restSeconds: 30 });
      expect(response.statusCode, JSON.stringify(plates)).toBe(400);
      expect(response.json().errors, JSON.stringify(plates)).toEqual(errors);
    }
    expect(await get()).toMatchObject({ restSeconds: 120, plates: DEFAULT_PLATE_SETTINGS });
  });
});
