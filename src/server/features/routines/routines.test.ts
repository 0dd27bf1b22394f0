import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exercise } from '../../../contract/exercises';
import type { Routine } from '../../../contract/routines';
import { call, createGymLog, exerciseUrl, type GymLog } from '../../test/factories';
import { MIGRATIONS_DIR } from '../../paths';
import { createTestApp, type TestApp } from '../../test/test-app';

// Routines through HTTP (docs/api.md §11 "Routines" and its precise rules).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Gym = GymLog & { url: string };

async function gym(): Promise<Gym> {
  const g = await createGymLog(t.app);
  return { ...g, url: `${g.base}/routines` };
}

async function created(g: Gym, body: unknown): Promise<Routine> {
  const response = await call(t.app, 'POST', g.url, { cookie: g.cookie, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().routine;
}

describe('POST …/routines', () => {
  it('defaults each entry (3 sets, 8–12 reps, 120 s) and nulls a pace exercise’s sets and reps', async () => {
    const g = await gym();
    const routine = await created(g, {
      title: ' Push ',
      notes: 'heavy',
      entries: [
        { slugExercise: 'squat' },
        { slugExercise: 'run', sets: 5, restSeconds: '60', superset: 1 },
        { slugExercise: 'squat', repsMin: 15 },
      ],
    });
    expect(routine).toMatchObject({ author: g.user._id, log: g.log._id, title: 'Push', notes: 'heavy' });
    expect(
      routine.entries.map(({ exercise, ...rest }) => ({ slug: exercise.slugExercise, ...rest })),
    ).toEqual([
      { slug: 'squat', sets: 3, repsMin: 8, repsMax: 12, restSeconds: 120, superset: null },
      { slug: 'run', sets: null, repsMin: null, repsMax: null, restSeconds: 60, superset: 1 },
      { slug: 'squat', sets: 3, repsMin: 15, repsMax: 15, restSeconds: 120, superset: null },
    ]);
  });

  it('keys errors per entry and writes nothing', async () => {
    const g = await gym();
    const response = await call(t.app, 'POST', g.url, {
      cookie: g.cookie,
      body: {
        title: '',
        entries: [
          { slugExercise: 'squat', sets: 21, repsMin: 10, repsMax: 5, restSeconds: 3601, superset: 0 },
          { slugExercise: 'squat', repsMin: 0 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      title: 'Title is required',
      'entries.0.sets': 'Sets must be between 1 and 20',
      'entries.0.repsMax': 'Max reps must not be below min reps',
      'entries.0.restSeconds': 'Rest must be between 0 and 3600 seconds',
      'entries.0.superset': 'Superset must be between 1 and 20',
      'entries.1.repsMin': 'Reps must be between 1 and 100',
    });
    const notObject = await call(t.app, 'POST', g.url, {
      cookie: g.cookie,
      body: { title: 'A', entries: [{ slugExercise: 'squat' }, 5] },
    });
    expect(notObject.json().errors).toEqual({
      'entries.1': 'Each entry must be an object naming its exercise',
    });
    const unknown = await call(t.app, 'POST', g.url, {
      cookie: g.cookie,
      body: { title: 'A', entries: [{ slugExercise: 'squat' }, { slugExercise: 'nope' }] },
    });
    expect(unknown.json()).toEqual({
      message: 'No such exercise in this log',
      errors: { 'entries.1.slugExercise': 'No such exercise in this log' },
    });
    expect((await call(t.app, 'GET', g.url, { cookie: g.cookie })).json()).toEqual({ routines: [] });
  });

  it('honours an Idempotency-Key', async () => {
    const g = await gym();
    const send = () =>
      call(t.app, 'POST', g.url, {
        cookie: g.cookie,
        headers: { 'idempotency-key': 'r1' },
        body: { title: 'A', entries: [{ slugExercise: 'squat' }] },
      });
    const first = await send();
    const second = await send();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect((await call(t.app, 'GET', g.url, { cookie: g.cookie })).json().routines).toHaveLength(1);
  });

  it('holds at most 100 routines per log (409), and a deleted one frees its place', async () => {
    const g = await gym();
    const body = { title: 'R', entries: [{ slugExercise: 'squat' }] };
    const firsts = [];
    for (let i = 0; i < 100; i += 1) firsts.push(await created(g, body));
    const over = await call(t.app, 'POST', g.url, { cookie: g.cookie, body });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: 'A log can have at most 100 routines' });
    await call(t.app, 'DELETE', `${g.url}/${firsts[0]?._id}`, { cookie: g.cookie });
    expect((await call(t.app, 'POST', g.url, { cookie: g.cookie, body })).statusCode).toBe(201);
  }, 60_000);
});

describe('reading, replacing and deleting routines', () => {
  it('lists by title case-insensitively; answers one; 404 Routine not found otherwise', async () => {
    const g = await gym();
    const b = await created(g, { title: 'beta', entries: [{ slugExercise: 'squat' }] });
    const a = await created(g, { title: 'Alpha', entries: [{ slugExercise: 'squat' }] });
    const c = await created(g, { title: 'Gamma', entries: [{ slugExercise: 'squat' }] });
    const list = await call(t.app, 'GET', g.url, { cookie: g.cookie });
    expect(list.json().routines.map((r: Routine) => r._id)).toEqual([a._id, b._id, c._id]);
    expect((await call(t.app, 'GET', `${g.url}/${a._id}`, { cookie: g.cookie })).json()).toEqual({
      routine: a,
    });
    const other = await gym();
    for (const url of [`${other.url}/${a._id}`, `${other.url}/nope`]) {
      const response = await call(t.app, 'GET', url, { cookie: other.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Routine not found' });
    }
    const put = await call(t.app, 'PUT', `${other.url}/${a._id}`, {
      cookie: other.cookie,
      body: { title: 'X', entries: [{ slugExercise: 'squat' }] },
    });
    expect(put.json()).toEqual({ message: 'Routine not found' });
    expect((await call(t.app, 'DELETE', `${other.url}/${a._id}`, { cookie: other.cookie })).statusCode).toBe(
      404,
    );
  });

  it('PUT replaces the whole routine', async () => {
    const g = await gym();
    const routine = await created(g, { title: 'A', notes: 'n', entries: [{ slugExercise: 'squat' }] });
    const response = await call(t.app, 'PUT', `${g.url}/${routine._id}`, {
      cookie: g.cookie,
      body: { title: 'B', entries: [{ slugExercise: 'run' }, { slugExercise: 'squat', sets: 5 }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().routine).toMatchObject({
      _id: routine._id,
      title: 'B',
      notes: '',
      entries: [{ exercise: { slugExercise: 'run' } }, { exercise: { slugExercise: 'squat' }, sets: 5 }],
    });
  });

  it('deleting an exercise removes its entries; a routine left with none stays', async () => {
    const g = await gym();
    const routine = await created(g, {
      title: 'A',
      entries: [{ slugExercise: 'squat' }, { slugExercise: 'run' }],
    });
    await call(t.app, 'DELETE', exerciseUrl(g.log.slugLog, 'squat'), { cookie: g.cookie });
    const after = (await call(t.app, 'GET', `${g.url}/${routine._id}`, { cookie: g.cookie })).json().routine;
    expect(after.entries.map((e: { exercise: Exercise }) => e.exercise.slugExercise)).toEqual(['run']);
    await call(t.app, 'DELETE', exerciseUrl(g.log.slugLog, 'run'), { cookie: g.cookie });
    expect(
      (await call(t.app, 'GET', `${g.url}/${routine._id}`, { cookie: g.cookie })).json().routine.entries,
    ).toEqual([]);
  });

  it('deleting a routine keeps its workouts, with routine null; a workout names it while it exists', async () => {
    const g = await gym();
    const routine = await created(g, { title: 'A', entries: [{ slugExercise: 'squat' }] });
    const workouts = `/api/logs/${g.log.slugLog}/workouts`;
    const posted = await call(t.app, 'POST', workouts, {
      cookie: g.cookie,
      body: {
        createdDate: '2026-05-01',
        routine: routine._id,
        entries: [{ slugExercise: 'squat', set: [{ repetitions: 1, kilograms: 1 }] }],
      },
    });
    const workout = posted.json().workout;
    expect(workout.routine).toBe(routine._id);
    const deleted = await call(t.app, 'DELETE', `${g.url}/${routine._id}`, { cookie: g.cookie });
    expect(deleted.json()).toEqual({ message: 'Routine deleted' });
    const after = await call(t.app, 'GET', `${workouts}/${workout._id}`, { cookie: g.cookie });
    expect(after.json().workout).toMatchObject({
      routine: null,
      entries: [{ exercise: { slugExercise: 'squat' } }],
    });
  });

  it('deleting the log or the account deletes its routines', async () => {
    const g = await gym();
    await created(g, { title: 'A', entries: [{ slugExercise: 'squat' }] });
    await call(t.app, 'DELETE', `/api/logs/${g.log.slugLog}`, { cookie: g.cookie });
    const result = await t.db.execute(
      sql`select (select count(*)::int from routines where author_id = ${g.user._id}) as n,
        (select count(*)::int from routine_entries where author_id = ${g.user._id}) as m`,
    );
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: 0, m: 0 });
  });
});

describe('reserved exercise slugs', () => {
  it('migration 0016 moved an exercise slugged workouts or routines to <slug>-exercise, still reachable', async () => {
    const g = await gym();
    // Such exercises predate the rule, so they are made here as they were then: in SQL.
    const made = await t.db.execute(
      sql`insert into exercises (id, author_id, log_id, title, slug, kind)
        select gen_random_uuid(), l.author_id, l.id, t.title, t.slug, 'wlsession'
        from logs l, (values ('Workouts', 'workouts'), ('Routines', 'routines'), ('Routines exercise', 'routines-exercise')) t(title, slug)
        where l.id = ${g.log._id} returning id`,
    );
    expect((made as unknown as { rows: unknown[] }).rows).toHaveLength(3);
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0016_workouts_routines.sql'), 'utf8');
    const rename = migration.slice(migration.lastIndexOf('UPDATE "exercises"'));
    await t.db.execute(sql.raw(`${rename.replace(/;\s*$/, '')} AND e."log_id" = '${g.log._id}'`));
    const page = await call(t.app, 'GET', `/api/logs/${g.log.slugLog}?limit=100`, { cookie: g.cookie });
    const slugs = page.json().logAggregate.map((x: { exercises: Exercise }) => x.exercises.slugExercise);
    expect(slugs).toContain('workouts-exercise');
    expect(slugs.filter((slug: string) => slug.startsWith('routines-exercise-'))).toHaveLength(1);
    expect(slugs).not.toContain('workouts');
    const reached = await call(t.app, 'GET', exerciseUrl(g.log.slugLog, 'workouts-exercise'), {
      cookie: g.cookie,
    });
    expect(reached.json().exercise.title).toBe('Workouts');
  });

  it.each(['Workouts', 'routines'])('refuses an exercise titled %s', async (title) => {
    const g = await gym();
    const response = await call(t.app, 'POST', `/api/logs/${g.log.slugLog}/exercises`, {
      cookie: g.cookie,
      body: { title, session: 'wlsession' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This title is reserved');
  });
});
