import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, userWithExercise } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// A pound user's figures come from the server (docs/api.md §10, "Precise rules"): every weight
// session's `inPounds`, each weight record's `pounds`, each progress point's `inPounds`. The
// expected numbers are worked out by hand from the sets below (1 lb = 0.45359237 kg):
//   A, 2026-05-01: 5 × 135 lb (hard), 10 × 20 kg (20 kg = 44.0924… lb, shown as 44.09 lb)
//     pounds: total 675 + 440.9 = 1115.9, working 675, junk 440.9; heaviest 135;
//             e1RM 135 × (1 + 5/30) = 157.5; best set 675
//     kilograms: 5 × 61.2349699… = 306.1748… + 200 = 506.17; e1RM 61.2349699… × 7/6 = 71.44
//   B, 2026-05-02: 3 × 140 lb (hard)
//     pounds: total = working = 420, junk 0; heaviest 140; e1RM 140 × 1.1 = 154
//     kilograms: heaviest 140 × 0.45359237 = 63.5029… → 63.5 (beats A's 61.23)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const A = {
  createdDate: '2026-05-01',
  set: [
    { repetitions: 5, pounds: 135, isHard: true },
    { repetitions: 10, kilograms: 20, isHard: false },
  ],
};
const B = { createdDate: '2026-05-02', set: [{ repetitions: 3, pounds: 140, isHard: true }] };

async function twoSessions() {
  const user = await userWithExercise(t.app);
  const a = await call(t.app, 'POST', user.base, { cookie: user.cookie, body: A });
  const b = await call(t.app, 'POST', user.base, { cookie: user.cookie, body: B });
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  return { ...user, a: a.json(), b: b.json() };
}

describe('pound figures of weight sessions', () => {
  it('gives every weight session its volumes in pounds, beside the kilogram ones', async () => {
    const { cookie, page, base, a, b } = await twoSessions();
    expect(a).toMatchObject({
      totalVolume: 506.17,
      workingVolume: 306.17,
      junkVolume: 200,
      inPounds: { totalVolume: 1115.9, workingVolume: 675, junkVolume: 440.9 },
    });
    expect(b.inPounds).toEqual({ totalVolume: 420, workingVolume: 420, junkVolume: 0 });

    // The same figures in the page, the detail and the edit answers.
    const exercisePage = (await call(t.app, 'GET', page, { cookie })).json();
    expect(
      exercisePage.exerciseAggregate.map((i: { wlsessions: { inPounds: unknown } }) => i.wlsessions.inPounds),
    ).toEqual([b.inPounds, a.inPounds]);
    const detail = (await call(t.app, 'GET', `${base}/2026-05-01`, { cookie })).json();
    expect(detail.wlsession.inPounds).toEqual(a.inPounds);
    const edited = await call(t.app, 'PUT', `${base}/edit/${a._id}`, {
      cookie,
      body: { ...A, set: [{ repetitions: 5, pounds: 135.5, isHard: true }] },
    });
    // 5 × 135.5 = 677.5
    expect(edited.json().inPounds).toEqual({ totalVolume: 677.5, workingVolume: 677.5, junkVolume: 0 });
  });

  it('gives each weight record its figure in pounds, from the sets of the session holding it', async () => {
    const { cookie, page } = await twoSessions();
    const records = (await call(t.app, 'GET', `${page}/records`, { cookie })).json();
    expect(records).toEqual({
      kind: 'wlsession',
      records: {
        heaviest: { value: 63.5, pounds: 140, createdDate: '2026-05-02', slugSession: '2026-05-02' },
        e1rm: { value: 71.44, pounds: 157.5, createdDate: '2026-05-01', slugSession: '2026-05-01' },
        bestSetVolume: { value: 306.17, pounds: 675, createdDate: '2026-05-01', slugSession: '2026-05-01' },
        bestSessionVolume: {
          value: 506.17,
          pounds: 1115.9,
          createdDate: '2026-05-01',
          slugSession: '2026-05-01',
        },
      },
    });
  });

  it('gives each progress point its five figures in pounds', async () => {
    const { cookie, page } = await twoSessions();
    const { points } = (await call(t.app, 'GET', `${page}/progress`, { cookie })).json();
    expect(points.map((p: { inPounds: unknown }) => p.inPounds)).toEqual([
      { totalVolume: 1115.9, junkVolume: 440.9, workingVolume: 675, e1rm: 157.5, heaviest: 135 },
      { totalVolume: 420, junkVolume: 0, workingVolume: 420, e1rm: 154, heaviest: 140 },
    ]);
  });

  it('computes the same figures for the sessions stored before them (migration 0013)', async () => {
    const { cookie, page, user } = await twoSessions();
    const statements = readFileSync(
      new URL('../../db/migrations/0013_pound_figures.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    const backfill = statements.find((s) => s.includes('UPDATE "sessions"')) as string;
    const before = (await call(t.app, 'GET', `${page}/progress`, { cookie })).json();
    const mine = sql`author_id = ${user._id}`;
    await t.db.execute(sql`update sessions set total_volume_lb = null, junk_volume_lb = null,
      working_volume_lb = null, heaviest_lb = null, e1rm_lb = null, best_set_volume_lb = null,
      exact_volume_lb = null where ${mine}`);
    // This user's rows only: on a shared PostgreSQL, other tests' rows are left alone.
    await t.db.execute(
      sql.raw(
        backfill.replace(
          `WHERE x.kind = 'wlsession'`,
          `WHERE x.kind = 'wlsession' AND x.author_id = '${user._id}'`,
        ),
      ),
    );
    const after = (await call(t.app, 'GET', `${page}/progress`, { cookie })).json();
    expect(after).toEqual(before);
    const records = (await call(t.app, 'GET', `${page}/records`, { cookie })).json();
    expect(records.records.bestSessionVolume.pounds).toBe(1115.9);
  });
});
