import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workout } from '../../../contract/workouts';
import { isStaleWrite } from '../../db/errors';
import { hashToken } from '../../lib/tokens';
import { call, createGymLog, exerciseUrl, type GymLog, weightSets } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sessionValues } from '../sessions/session-record';
import { createWorkout, readWorkoutContext, sessionRow, updateWorkout } from './workouts.repository';

// Workout writes racing other writes (docs/api.md §11: a workout and all its sessions in one
// transaction; §4: each session its own slug): what two requests answer is what they would answer
// one after the other, never a half-written workout. Races are sent at once through HTTP; where the
// interleaving matters (between a route's read and its write), the test makes it by calling the
// route's two repository steps with the other request between them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Gym = GymLog & { url: string };

const NIL = '00000000-0000-0000-0000-000000000000';
const FIELDS = { title: '', date: '2026-03-01', startedAt: null, endedAt: null, notes: '', routine: NIL };
const tokenHashOf = (cookie: string) => hashToken(cookie.replace(/^sid=/, ''));
/** A new weight session of one set of 5 as a route plans it (workouts.routes.ts `plan`), on FIELDS' date. */
const plannedRow = (exerciseId: string, position: number, kilograms: number) =>
  sessionRow({
    id: randomUUID(),
    exerciseId,
    kind: 'wlsession',
    slug: FIELDS.date,
    position,
    superset: null,
    values: sessionValues({ kind: 'wlsession', set: weightSets([5, kilograms]) }),
  });

async function gym(): Promise<Gym> {
  const g = await createGymLog(t.app);
  return { ...g, url: `${g.base}/workouts` };
}

const send = (g: Gym, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, body?: unknown) =>
  call(t.app, method, url, { cookie: g.cookie, body });

async function workoutsOf(g: Gym): Promise<Workout[]> {
  const response = await send(g, 'GET', `${g.url}?limit=100`);
  expect(response.statusCode).toBe(200);
  return response.json().workouts;
}

describe('workout writes at the same time as other writes', () => {
  it('eight workouts at once on one exercise and date all land, each session with a slug of its own', async () => {
    const g = await gym();
    const payload = {
      createdDate: '2026-03-01',
      entries: [{ slugExercise: g.bench.slugExercise, set: weightSets([5, 10]) }],
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(g, 'POST', g.url, payload)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const slugs = answers.map((a) => a.json().workout.entries[0].wlsession.slugSession as string);
    expect(new Set(slugs).size).toBe(8);
    for (const slug of slugs) expect(slug).toMatch(/^2026-03-01(-\d+)?$/);
    expect(await workoutsOf(g)).toHaveLength(8);
  });

  it('a workout planned before one of its exercises was deleted is refused whole when written after', async () => {
    // The two steps of a create (workouts.routes.ts: read, then write) with the delete between
    // them, in that order, through the same repository calls the route makes.
    const g = await gym();
    const where = { tokenHash: tokenHashOf(g.cookie), slugLog: g.log.slugLog };
    const context = await readWorkoutContext(t.db, {
      ...where,
      slugs: [g.bench.slugExercise, g.squat.slugExercise],
      date: '2026-03-01',
      routine: NIL,
      workoutId: null,
    });
    const rows = [g.bench, g.squat].map((exercise, position) => plannedRow(exercise._id, position, 10));
    expect(context.exercises.get(g.squat.slugExercise)?.id).toBe(g.squat._id);
    const deleted = await send(g, 'DELETE', exerciseUrl(g.log.slugLog, g.squat.slugExercise));
    expect(deleted.statusCode).toBe(200);
    const write = createWorkout(
      t.db,
      { ...where, ...FIELDS, id: randomUUID(), logId: context.logId, rows },
      { keyRoute: null, keyValue: null, keyHash: null },
    );
    await expect(write).rejects.toSatisfy(isStaleWrite);
    // Nothing of it was kept: no workout, and the bench has no session.
    expect(await workoutsOf(g)).toEqual([]);
    const bench = await send(g, 'GET', exerciseUrl(g.log.slugLog, g.bench.slugExercise));
    expect(bench.json().pagination.total).toBe(0);
    // Planned again, as the route does, the entry is refused as §11 refuses an unknown exercise.
    const again = await send(g, 'POST', g.url, {
      createdDate: '2026-03-01',
      entries: [
        { slugExercise: g.bench.slugExercise, set: weightSets([5, 10]) },
        { slugExercise: g.squat.slugExercise, set: weightSets([5, 10]) },
      ],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ 'entries.1.slugExercise': 'No such exercise in this log' });
  });

  it('an edit planned before another edit of the workout landed is refused whole when written after', async () => {
    const g = await gym();
    const first = await send(g, 'POST', g.url, {
      createdDate: '2026-03-01',
      entries: [{ slugExercise: g.bench.slugExercise, set: weightSets([5, 100]) }],
    });
    const workout: Workout = first.json().workout;
    const where = { tokenHash: tokenHashOf(g.cookie), slugLog: g.log.slugLog };
    const context = await readWorkoutContext(t.db, {
      ...where,
      slugs: [g.squat.slugExercise],
      date: '2026-03-01',
      routine: NIL,
      workoutId: workout._id,
    });
    const other = await send(g, 'PUT', `${g.url}/${workout._id}`, {
      createdDate: '2026-03-01',
      title: 'the other edit',
      entries: [{ slugExercise: g.bench.slugExercise, set: weightSets([5, 105]) }],
    });
    expect(other.statusCode).toBe(200);
    const write = updateWorkout(t.db, {
      ...where,
      ...FIELDS,
      id: workout._id,
      logId: context.logId,
      rows: [plannedRow(g.squat._id, 0, 80)],
      kept: [],
      version: context.version,
    });
    await expect(write).rejects.toSatisfy(isStaleWrite);
    const stored: Workout = (await send(g, 'GET', `${g.url}/${workout._id}`)).json().workout;
    expect(stored).toEqual(other.json().workout);
  });

  it('of two edits at once that each keep a session the other removes, one lands and the other is refused', async () => {
    for (let round = 0; round < 4; round += 1) {
      const g = await gym();
      const first = await send(g, 'POST', g.url, {
        createdDate: '2026-03-01',
        entries: [
          { slugExercise: g.bench.slugExercise, set: weightSets([5, 100]) },
          { slugExercise: g.squat.slugExercise, set: weightSets([5, 80]) },
        ],
      });
      expect(first.statusCode).toBe(201);
      const workout: Workout = first.json().workout;
      const [benchId, squatId] = workout.entries.map((e) => ('wlsession' in e ? e.wlsession._id : ''));
      const url = `${g.url}/${workout._id}`;
      const a = {
        createdDate: '2026-03-01',
        entries: [
          { _id: benchId, slugExercise: g.bench.slugExercise, set: weightSets([5, 110]) },
          { slugExercise: g.squat.slugExercise, set: weightSets([5, 90]) },
        ],
      };
      const b = {
        createdDate: '2026-03-02',
        entries: [
          { slugExercise: g.bench.slugExercise, set: weightSets([5, 120]) },
          { _id: squatId, slugExercise: g.squat.slugExercise, set: weightSets([5, 70]) },
        ],
      };
      const answers = await Promise.all([send(g, 'PUT', url, a), send(g, 'PUT', url, b)]);
      // One after the other, the second names a session the first removed.
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const refused = answers.find((r) => r.statusCode === 400);
      expect(refused?.json().message).toBe('No such session in this workout');
      const landed: Workout = answers.find((r) => r.statusCode === 200)?.json().workout;
      const stored: Workout = (await send(g, 'GET', url)).json().workout;
      expect(stored).toEqual(landed);
      expect(stored.entries).toHaveLength(2);
    }
  });
});
