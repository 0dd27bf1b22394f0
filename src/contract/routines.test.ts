import { describe, expect, it } from 'vitest';
import { errorsOf } from './errors-of';
import { NO_SUCH_EXERCISE, SUPERSET_MESSAGE } from './gym-fields';
import {
  MAX_BELOW_MIN,
  REPS_MESSAGE,
  REST_MESSAGE,
  SETS_MESSAGE,
  TITLE_REQUIRED,
  restSeconds,
  routine,
  routineBody,
  routineTargetsFor,
  routinesList,
} from './routines';

const entry = (fields: object = {}) => ({ slugExercise: 'squat', ...fields });
const body = (fields: object) => routineBody.safeParse({ title: 'Push', entries: [entry()], ...fields });
const firstEntry = (fields: object) =>
  routineBody.parse({ title: 'Push', entries: [entry(fields)] }).entries[0];

describe('routineBody', () => {
  it('fills an entry’s targets with 3 sets of 8–12 and 120 s of rest', () => {
    expect(routineBody.parse({ title: ' Push A ', entries: [entry()] })).toEqual({
      title: 'Push A',
      notes: '',
      entries: [
        { slugExercise: 'squat', sets: 3, repsMin: 8, repsMax: 12, restSeconds: 120, superset: null },
      ],
    });
  });

  it('keeps the targets given, numeric strings included', () => {
    expect(firstEntry({ sets: '5', repsMin: 5, repsMax: '5', restSeconds: '180', superset: '1' })).toEqual({
      slugExercise: 'squat',
      sets: 5,
      repsMin: 5,
      repsMax: 5,
      restSeconds: 180,
      superset: 1,
    });
    expect(firstEntry({ sets: 1, repsMin: 1, repsMax: 100, restSeconds: 0 })).toMatchObject({
      sets: 1,
      repsMin: 1,
      repsMax: 100,
      restSeconds: 0,
    });
    expect(firstEntry({ sets: 20, restSeconds: 3600 })).toMatchObject({ sets: 20, restSeconds: 3600 });
  });

  it('never lets a default contradict the one end of the range given', () => {
    expect(firstEntry({ repsMin: 6 })).toMatchObject({ repsMin: 6, repsMax: 12 });
    expect(firstEntry({ repsMin: 15 })).toMatchObject({ repsMin: 15, repsMax: 15 });
    expect(firstEntry({ repsMax: 20 })).toMatchObject({ repsMin: 8, repsMax: 20 });
    expect(firstEntry({ repsMax: 5 })).toMatchObject({ repsMin: 5, repsMax: 5 });
    expect(firstEntry({ repsMin: null, repsMax: '' })).toMatchObject({ repsMin: 8, repsMax: 12 });
  });

  it('requires a title of at most 100 characters', () => {
    for (const missing of [undefined, null, '', '   '])
      expect(errorsOf(body({ title: missing })), String(missing)).toEqual({ title: TITLE_REQUIRED });
    expect(TITLE_REQUIRED).toBe('Title is required');
    expect(body({ title: 'é'.repeat(100) }).success).toBe(true);
    expect(errorsOf(body({ title: 'a'.repeat(101) }))).toEqual({
      title: 'Title can be at most 100 characters',
    });
    expect(body({ title: 'Day 1: 5×5 / heavy' }).data?.title).toBe('Day 1: 5×5 / heavy');
  });

  it('needs 1 to 50 entries', () => {
    expect(errorsOf(body({ entries: [] }))).toEqual({ entries: 'Add at least one exercise' });
    expect(errorsOf(body({ entries: undefined }))).toEqual({ entries: 'Add at least one exercise' });
    expect(body({ entries: Array.from({ length: 50 }, () => entry()) }).success).toBe(true);
    expect(errorsOf(body({ entries: Array.from({ length: 51 }, () => entry()) }))).toEqual({
      entries: 'At most 50 exercises per routine',
    });
  });

  it('keys each target’s message under its entry', () => {
    const errors = errorsOf(
      body({
        entries: [
          entry({ sets: 0, repsMin: 0, repsMax: 101, restSeconds: -1, superset: 21 }),
          entry({ sets: 21, repsMin: 2.5, restSeconds: 3601 }),
          entry({ sets: 'three', repsMin: 'x', repsMax: true, restSeconds: '2m', superset: 'A' }),
          { sets: 2.5, restSeconds: 90.5 },
        ],
      }),
    );
    expect(errors).toEqual({
      'entries.0.sets': SETS_MESSAGE,
      'entries.0.repsMin': REPS_MESSAGE,
      'entries.0.repsMax': REPS_MESSAGE,
      'entries.0.restSeconds': REST_MESSAGE,
      'entries.0.superset': SUPERSET_MESSAGE,
      'entries.1.sets': 'Sets must be between 1 and 20',
      'entries.1.repsMin': 'Reps must be between 1 and 100',
      'entries.1.restSeconds': 'Rest must be between 0 and 3600 seconds',
      'entries.2.sets': 'Sets must be a number',
      'entries.2.repsMin': 'Reps must be a number',
      'entries.2.repsMax': 'Reps must be a number',
      'entries.2.restSeconds': 'Rest must be a number',
      'entries.2.superset': 'Superset must be a number',
      'entries.3.slugExercise': NO_SUCH_EXERCISE,
      'entries.3.sets': SETS_MESSAGE,
      'entries.3.restSeconds': REST_MESSAGE,
    });
  });

  it('refuses a rep range the wrong way round on repsMax, beside the entry’s other messages', () => {
    expect(errorsOf(body({ entries: [entry({ repsMin: 12, repsMax: 8 })] }))).toEqual({
      'entries.0.repsMax': MAX_BELOW_MIN,
    });
    expect(MAX_BELOW_MIN).toBe('Max reps must not be below min reps');
    expect(errorsOf(body({ entries: [entry({ sets: 0, repsMin: '10', repsMax: '9' })] }))).toEqual({
      'entries.0.sets': SETS_MESSAGE,
      'entries.0.repsMax': MAX_BELOW_MIN,
    });
  });

  it('keeps notes by the session rules', () => {
    expect(errorsOf(body({ notes: 'x'.repeat(2001) }))).toEqual({
      notes: 'Notes can be at most 2000 characters',
    });
  });
});

describe('restSeconds (the profile’s field too)', () => {
  it('is a whole number of seconds from 0 to 3600, undefined when not given', () => {
    expect(restSeconds.parse('90')).toBe(90);
    expect(restSeconds.parse(undefined)).toBeUndefined();
    expect(restSeconds.parse(null)).toBeUndefined();
    for (const bad of [-1, 3601, 90.5])
      expect(restSeconds.safeParse(bad).error?.issues[0].message, String(bad)).toBe(REST_MESSAGE);
  });
});

describe('routine answers', () => {
  it('gives a pace exercise no sets or reps', () => {
    const values = firstEntry({ sets: 4, repsMin: 5, repsMax: 6, restSeconds: 60, superset: 2 });
    expect(routineTargetsFor('wlsession', values)).toEqual({
      sets: 4,
      repsMin: 5,
      repsMax: 6,
      restSeconds: 60,
      superset: 2,
    });
    expect(routineTargetsFor('pasession', values)).toEqual({
      sets: null,
      repsMin: null,
      repsMax: null,
      restSeconds: 60,
      superset: 2,
    });
  });

  it('reads a routine and the list', () => {
    const stamp = '2026-11-26T10:00:00.000Z';
    const exercise = {
      _id: 'e1',
      title: 'Run',
      slugExercise: 'run',
      author: 'u1',
      session: 'pasession',
      log: 'l1',
      slugLog: 'gym',
      createdAt: stamp,
      updatedAt: stamp,
    };
    const answer = {
      _id: 'r1',
      author: 'u1',
      log: 'l1',
      title: 'Cardio',
      notes: '',
      entries: [{ exercise, sets: null, repsMin: null, repsMax: null, restSeconds: 120, superset: null }],
      createdAt: stamp,
      updatedAt: stamp,
    };
    expect(routine.parse(answer)).toEqual(answer);
    expect(routinesList.parse({ routines: [answer] })).toEqual({ routines: [answer] });
    expect(routine.safeParse({ ...answer, entries: [{ exercise, sets: null }] }).success).toBe(false);
  });
});
