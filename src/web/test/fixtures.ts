import type { Exercise } from '../../contract/exercises';
import { exercise as exerciseSchema } from '../../contract/exercises';
import { log as logSchema, type Log } from '../../contract/logs';
import { DEFAULT_PLATE_SETTINGS } from '../../contract/plates';
import { DEFAULT_REST_SECONDS } from '../../contract/rest-timer';
import { routine as routineSchema, type Routine } from '../../contract/routines';
import { wlPoint, wlsession as wlsessionSchema, type WlPoint, type Wlsession } from '../../contract/sessions';
import { userInfo, type UserInfo } from '../../contract/users';
import { workout as workoutSchema, type Workout } from '../../contract/workouts';

// Answers the web tests serve, typed by the contract and parsed with its schemas when built: a
// field the contract adds or renames fails here (and mockApi checks whole answers the same way).

const STAMP = { createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z' };
export const AUTHOR = 'u-1';

/** A signed-in user in kilograms with the default rest and plates. */
export function aUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return userInfo.parse({
    _id: 'u-1',
    username: 'Ann',
    email: 'ann@example.com',
    isAdmin: false,
    weightUnit: 'kg',
    twoFactor: false,
    restSeconds: DEFAULT_REST_SECONDS,
    plates: DEFAULT_PLATE_SETTINGS,
    ...overrides,
  });
}

export function aLog(overrides: Partial<Log> = {}): Log {
  return logSchema.parse({
    _id: 'log-1',
    title: 'Push Day',
    slugLog: 'push-day',
    author: AUTHOR,
    ...STAMP,
    ...overrides,
  });
}

export function anExercise(overrides: Partial<Exercise> = {}): Exercise {
  return exerciseSchema.parse({
    _id: 'ex-1',
    title: 'Bench Press',
    slugExercise: 'bench-press',
    author: AUTHOR,
    session: 'wlsession',
    log: 'log-1',
    slugLog: 'push-day',
    ...STAMP,
    ...overrides,
  });
}

/** A weight session: one set of 10 × 100 kg (hard) unless told otherwise; volumes as given. */
export function aWlsession(overrides: Partial<Wlsession> = {}): Wlsession {
  return wlsessionSchema.parse({
    _id: 's-1',
    author: AUTHOR,
    exercise: 'ex-1',
    slugSession: '2026-03-01',
    createdDate: '2026-03-01',
    notes: '',
    // A session logged on its own; a workout's sessions name it (docs/api.md §11).
    workout: null,
    ...STAMP,
    totalVolume: 1000,
    junkVolume: 0,
    workingVolume: 1000,
    // 100 kg = 220.46 lb; 10 × 220.46
    inPounds: { totalVolume: 2204.6, junkVolume: 0, workingVolume: 2204.6 },
    set: [
      {
        _id: 'set-1',
        repetitions: 10,
        kilograms: 100,
        pounds: null,
        isHard: true,
        volume: 1000,
        type: 'normal',
        rpe: null,
      },
    ],
    ...overrides,
  });
}

export function aWlPoint(overrides: Partial<WlPoint> & Pick<WlPoint, 'createdDate'>): WlPoint {
  return wlPoint.parse({
    totalVolume: 0,
    junkVolume: 0,
    workingVolume: 0,
    e1rm: 0,
    heaviest: 0,
    inPounds: { totalVolume: 0, junkVolume: 0, workingVolume: 0, e1rm: 0, heaviest: 0 },
    ...overrides,
  });
}

/** A routine of the log: Bench Press 3 × 8–10, 90 s rest, unless told otherwise. */
export function aRoutine(overrides: Partial<Routine> = {}): Routine {
  return routineSchema.parse({
    _id: 'r-1',
    author: AUTHOR,
    log: 'log-1',
    title: 'Push A',
    notes: '',
    entries: [{ exercise: anExercise(), sets: 3, repsMin: 8, repsMax: 10, restSeconds: 90, superset: null }],
    ...STAMP,
    ...overrides,
  });
}

/** A finished workout holding one weight session (aWlsession's), 45 minutes long, unless told otherwise. */
export function aWorkout(overrides: Partial<Workout> = {}): Workout {
  return workoutSchema.parse({
    _id: 'w-1',
    author: AUTHOR,
    log: 'log-1',
    title: 'Push A',
    createdDate: '2026-03-01',
    startedAt: '2026-03-01T10:00:00.000Z',
    endedAt: '2026-03-01T10:45:00.000Z',
    duration: 2700,
    notes: '',
    routine: 'r-1',
    entries: [{ exercise: anExercise(), superset: null, wlsession: aWlsession() }],
    totalVolume: 1000,
    sets: 1,
    ...STAMP,
    ...overrides,
  });
}
