import { describe, expect, it } from 'vitest';
import { DATE_MESSAGE } from './dates';
import { errorsOf } from './errors-of';
import type { SessionKind } from './exercises';
import { ADD_AN_EXERCISE, NO_SUCH_EXERCISE, SUPERSET_MESSAGE, TITLE_TOO_LONG } from './gym-fields';
import { RPE_MESSAGE, SET_TYPE_MESSAGE } from './set-types';
import {
  END_BEFORE_START,
  NO_SUCH_ROUTINE,
  entryBodyFor,
  parseWorkoutEntries,
  workout,
  workoutBody,
  workoutsList,
} from './workouts';

const minimal = { createdDate: '2026-11-26', entries: [{ slugExercise: 'bench-press' }] };
const body = (extra: object) => workoutBody.safeParse({ ...minimal, ...extra });

describe('workoutBody: the workout fields', () => {
  it('fills what is not given', () => {
    expect(workoutBody.parse(minimal)).toEqual({
      title: 'Workout',
      createdDate: '2026-11-26',
      startedAt: null,
      endedAt: null,
      notes: '',
      routine: null,
      entries: [{ slugExercise: 'bench-press', superset: null, _id: null }],
    });
  });

  it('trims the title, takes any characters, and makes a blank one "Workout"', () => {
    expect(body({ title: '  Push day #1 — día 🏋️ ' }).data?.title).toBe('Push day #1 — día 🏋️');
    expect(body({ title: '   ' }).data?.title).toBe('Workout');
    expect(body({ title: null }).data?.title).toBe('Workout');
  });

  it('allows 100 characters, counted as characters (100 emoji fit)', () => {
    expect(body({ title: 'a'.repeat(100) }).success).toBe(true);
    expect(body({ title: '💪'.repeat(100) }).success).toBe(true);
    expect(errorsOf(body({ title: 'a'.repeat(101) }))).toEqual({ title: TITLE_TOO_LONG });
    expect(TITLE_TOO_LONG).toBe('Title can be at most 100 characters');
    expect(errorsOf(body({ title: 5 }))).toEqual({ title: 'Title must be text' });
  });

  it('needs a valid createdDate and keeps the date part of a date-time', () => {
    expect(errorsOf(workoutBody.safeParse({ entries: minimal.entries }))).toEqual({
      createdDate: DATE_MESSAGE,
    });
    expect(errorsOf(body({ createdDate: '2026-02-30' }))).toEqual({ createdDate: DATE_MESSAGE });
    expect(body({ createdDate: '2026-11-26T23:30:00-08:00' }).data?.createdDate).toBe('2026-11-26');
  });

  it('reads start and end as moments', () => {
    const ok = body({ startedAt: '2026-11-26T10:00:00.000Z', endedAt: '2026-11-26 11:05' });
    expect(ok.data).toMatchObject({ startedAt: '2026-11-26T10:00:00.000Z', endedAt: '2026-11-26T11:05:00Z' });
    expect(errorsOf(body({ startedAt: 'today', endedAt: '2026-11-26' }))).toEqual({
      startedAt: DATE_MESSAGE,
      endedAt: DATE_MESSAGE,
    });
    // Either may come alone (a workout logged afterwards may know only when it started).
    expect(body({ endedAt: '2026-11-26T11:00:00Z' }).success).toBe(true);
  });

  it('refuses an end before the start, comparing moments across offsets', () => {
    expect(errorsOf(body({ startedAt: '2026-11-26T10:00:00Z', endedAt: '2026-11-26T09:59:59Z' }))).toEqual({
      endedAt: END_BEFORE_START,
    });
    // 11:00 at +02:00 is 09:00 UTC: before a 10:00 UTC start.
    expect(
      errorsOf(body({ startedAt: '2026-11-26T10:00:00Z', endedAt: '2026-11-26T11:00:00+02:00' })),
    ).toEqual({
      endedAt: END_BEFORE_START,
    });
    // 10:00 at +02:00 is 08:00 UTC: a 09:00 UTC end is after it.
    expect(body({ startedAt: '2026-11-26T10:00:00+02:00', endedAt: '2026-11-26T09:00:00Z' }).success).toBe(
      true,
    );
    expect(body({ startedAt: '2026-11-26T10:00:00Z', endedAt: '2026-11-26T10:00:00Z' }).success).toBe(true);
  });

  it('shows the end message with the other fields’ messages', () => {
    const errors = errorsOf(
      workoutBody.safeParse({
        startedAt: '2026-11-26T10:00:00Z',
        endedAt: '2026-11-26T09:00:00Z',
        entries: [],
      }),
    );
    expect(errors).toEqual({
      createdDate: DATE_MESSAGE,
      endedAt: END_BEFORE_START,
      entries: ADD_AN_EXERCISE,
    });
  });

  it('keeps notes by the session rules', () => {
    expect(body({ notes: '  felt strong ' }).data?.notes).toBe('felt strong');
    expect(body({ notes: 'x'.repeat(2000) }).success).toBe(true);
    expect(errorsOf(body({ notes: 'x'.repeat(2001) }))).toEqual({
      notes: 'Notes can be at most 2000 characters',
    });
  });

  it('keeps a routine id as text for the server to look up', () => {
    expect(body({ routine: '0b6c1c7e-6f2a-4c1e-9a53-2f3d1f1b8a10' }).data?.routine).toBe(
      '0b6c1c7e-6f2a-4c1e-9a53-2f3d1f1b8a10',
    );
    expect(body({ routine: '' }).data?.routine).toBeNull();
    expect(errorsOf(body({ routine: 7 }))).toEqual({ routine: NO_SUCH_ROUTINE });
  });
});

describe('workoutBody: the entries list', () => {
  const entries = (n: number) => Array.from({ length: n }, () => ({ slugExercise: 'squat' }));

  it('needs 1 to 50 entries', () => {
    expect(errorsOf(workoutBody.safeParse({ createdDate: '2026-11-26' }))).toEqual({
      entries: ADD_AN_EXERCISE,
    });
    expect(errorsOf(body({ entries: [] }))).toEqual({ entries: 'Add at least one exercise' });
    expect(errorsOf(body({ entries: 'squat' }))).toEqual({ entries: ADD_AN_EXERCISE });
    expect(body({ entries: entries(50) }).success).toBe(true);
    expect(errorsOf(body({ entries: entries(51) }))).toEqual({ entries: 'At most 50 exercises per workout' });
  });

  it('checks each entry’s exercise, superset and _id, and keeps the rest for the second step', () => {
    const parsed = body({
      entries: [
        { slugExercise: 'squat', superset: '2', _id: 'a-session-id', set: [{ repetitions: 5 }], extra: 1 },
        { slugExercise: 'squat', superset: null, _id: 12 },
      ],
    });
    expect(parsed.data?.entries).toEqual([
      { slugExercise: 'squat', superset: 2, _id: 'a-session-id', set: [{ repetitions: 5 }], extra: 1 },
      { slugExercise: 'squat', superset: null, _id: null },
    ]);
  });

  it('keys each entry’s errors under it', () => {
    const errors = errorsOf(
      body({
        entries: [
          { superset: 0 },
          { slugExercise: '', superset: 21 },
          { slugExercise: 'squat', superset: 1.5 },
          { slugExercise: 'squat', superset: 'first' },
          'squat',
        ],
      }),
    );
    expect(errors).toEqual({
      'entries.0.slugExercise': NO_SUCH_EXERCISE,
      'entries.0.superset': SUPERSET_MESSAGE,
      'entries.1.slugExercise': NO_SUCH_EXERCISE,
      'entries.1.superset': SUPERSET_MESSAGE,
      'entries.2.superset': 'Superset must be between 1 and 20',
      'entries.3.superset': 'Superset must be a number',
      'entries.4': expect.any(String),
    });
  });
});

describe('parseWorkoutEntries: each entry against its exercise’s kind', () => {
  const kinds: Record<string, SessionKind> = { 'bench-press': 'wlsession', run: 'pasession' };
  const kindOf = (slug: string) => kinds[slug];

  it('reads a weight entry with set types and RPE, and a pace entry', () => {
    const result = parseWorkoutEntries(
      [
        {
          slugExercise: 'bench-press',
          superset: 1,
          set: [
            { repetitions: '10', kilograms: '40', isHard: false, type: 'warmup' },
            { repetitions: 5, pounds: 135, isHard: true, rpe: '8.5' },
          ],
          notes: ' paused ',
        },
        {
          slugExercise: 'run',
          time: { hours: 0, minutes: '25', seconds: 0 },
          distance: 5,
          type: 'drop',
          rpe: 99,
        },
        {
          slugExercise: 'bench-press',
          _id: 's1',
          set: [{ repetitions: 1, kilograms: 100, type: 'failure' }],
        },
      ],
      kindOf,
    );
    expect(result).toEqual({
      success: true,
      entries: [
        {
          kind: 'wlsession',
          slugExercise: 'bench-press',
          superset: 1,
          _id: null,
          set: [
            { repetitions: 10, kilograms: 40, pounds: null, isHard: false, type: 'warmup', rpe: null },
            { repetitions: 5, kilograms: 61.23, pounds: 135, isHard: true, type: 'normal', rpe: 8.5 },
          ],
          notes: 'paused',
        },
        {
          kind: 'pasession',
          slugExercise: 'run',
          superset: null,
          _id: null,
          time: { hours: 0, minutes: 25, seconds: 0 },
          distance: 5,
          notes: '',
        },
        {
          kind: 'wlsession',
          slugExercise: 'bench-press',
          superset: null,
          _id: 's1',
          set: [{ repetitions: 1, kilograms: 100, pounds: null, isHard: false, type: 'failure', rpe: null }],
          notes: '',
        },
      ],
    });
  });

  it('keys every entry’s errors under it, all at once', () => {
    const result = parseWorkoutEntries(
      [
        { slugExercise: 'run', set: [{ repetitions: 5, kilograms: 100 }] },
        {
          slugExercise: 'bench-press',
          set: [
            { repetitions: 5 },
            { repetitions: 5, kilograms: 60, type: 'W', rpe: 11 },
            { kilograms: 'heavy' },
          ],
        },
        { slugExercise: 'deadlift', set: [] },
        { slugExercise: 'bench-press' },
        {
          slugExercise: 'bench-press',
          set: [{ repetitions: 5, kilograms: 60, rpe: 'hard' }],
          notes: 'x'.repeat(2001),
        },
        { slugExercise: 'constructor', set: [{ repetitions: 5, kilograms: 60 }] },
      ],
      kindOf,
    );
    expect(result).toEqual({
      success: false,
      errors: {
        'entries.0.time': 'This field is required',
        'entries.0.distance': 'This field is required',
        'entries.1.set.0.kilograms': 'This field is required',
        'entries.1.set.1.type': SET_TYPE_MESSAGE,
        'entries.1.set.1.rpe': RPE_MESSAGE,
        'entries.1.set.2.repetitions': 'This field is required',
        'entries.1.set.2.kilograms': 'Kilograms must be a number',
        'entries.2.slugExercise': NO_SUCH_EXERCISE,
        'entries.3.set': 'Add at least one set',
        'entries.4.set.0.rpe': 'RPE must be a number',
        'entries.4.notes': 'Notes can be at most 2000 characters',
        'entries.5.slugExercise': NO_SUCH_EXERCISE,
      },
    });
  });

  it('takes the entries of the first step’s output', () => {
    const first = workoutBody.parse({
      createdDate: '2026-11-26',
      entries: [{ slugExercise: 'bench-press', set: [{ repetitions: 3, kilograms: 80 }] }],
    });
    const second = parseWorkoutEntries(first.entries, kindOf);
    expect(second.success && second.entries[0]).toMatchObject({
      kind: 'wlsession',
      set: [{ kilograms: 80 }],
    });
  });

  it('gives the schema of each kind', () => {
    expect(entryBodyFor('pasession').safeParse({ slugExercise: 'run', time: {}, distance: 1 }).success).toBe(
      false,
    );
    expect(
      entryBodyFor('wlsession').parse({ slugExercise: 'x', set: [{ repetitions: 1, kilograms: 1 }] }).kind,
    ).toBe('wlsession');
  });
});

describe('workout answers', () => {
  const stamp = '2026-11-26T10:00:00.000Z';
  const exercise = (slug: string, kind: SessionKind) => ({
    _id: `e-${slug}`,
    title: slug,
    slugExercise: slug,
    author: 'u1',
    session: kind,
    log: 'l1',
    slugLog: 'gym',
    createdAt: stamp,
    updatedAt: stamp,
  });
  const base = {
    author: 'u1',
    createdDate: '2026-11-26',
    notes: '',
    workout: 'w1',
    createdAt: stamp,
    updatedAt: stamp,
  };
  const wl = {
    ...base,
    _id: 's1',
    exercise: 'e-bench',
    slugSession: '2026-11-26',
    totalVolume: 500,
    junkVolume: 0,
    workingVolume: 500,
    // 10 × 110.23 lb (50 kg ÷ 0.45359237, rounded to 2).
    inPounds: { totalVolume: 1102.3, junkVolume: 0, workingVolume: 1102.3 },
    set: [
      {
        _id: 'set1',
        repetitions: 10,
        kilograms: 50,
        pounds: null,
        isHard: true,
        volume: 500,
        type: 'normal',
        rpe: null,
      },
    ],
  };
  const pa = {
    ...base,
    _id: 's2',
    exercise: 'e-run',
    slugSession: '2026-11-26',
    paceMinutes: 5,
    paceSeconds: 0,
    speed: 0.2,
    distance: 5,
    time: { hours: 0, minutes: 25, seconds: 0 },
  };
  const answer = {
    _id: 'w1',
    author: 'u1',
    log: 'l1',
    title: 'Push',
    createdDate: '2026-11-26',
    startedAt: stamp,
    endedAt: '2026-11-26T11:05:30.000Z',
    duration: 3930,
    notes: '',
    routine: null,
    entries: [
      { exercise: exercise('bench', 'wlsession'), superset: 1, wlsession: wl },
      { exercise: exercise('run', 'pasession'), superset: null, pasession: pa },
    ],
    totalVolume: 500,
    sets: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };

  it('reads a workout with both kinds of entry, and a list of them', () => {
    expect(workout.parse(answer)).toEqual(answer);
    const list = { workouts: [answer], pagination: { totalPages: 1, page: 1, limit: 12, total: 1 } };
    expect(workoutsList.parse(list)).toEqual(list);
  });

  it('needs every field of the shape', () => {
    for (const field of Object.keys(answer)) {
      const { [field]: _left, ...rest } = answer as Record<string, unknown>;
      expect(workout.safeParse(rest).success, field).toBe(false);
    }
    expect(
      workout.safeParse({ ...answer, entries: [{ exercise: answer.entries[0].exercise, superset: null }] })
        .success,
    ).toBe(false);
  });
});
