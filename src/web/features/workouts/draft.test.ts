import { describe, expect, it } from 'vitest';
import { parseWorkoutEntries, workoutBody } from '../../../contract/workouts';
import { aRoutine, anExercise, aWlsession, aWorkout } from '../../test/fixtures';
import {
  addExercise,
  addSet,
  draftFromWorkout,
  entryLabels,
  moveExercise,
  notDoneSummary,
  startDraft,
  supersetWithNext,
  toggleDone,
  togglePaceDone,
  updateEntry,
  updateSet,
  withPrevious,
  workoutBodyFrom,
  type WorkoutDraft,
} from './draft';
import { checkWorkout, screenErrors } from './finish';

const NOW = new Date('2026-11-26T10:00:00.000Z');
const SQUAT = { slugExercise: 'squat', title: 'Squat', session: 'wlsession' as const };
const RUN = { slugExercise: 'run', title: 'Run', session: 'pasession' as const };

/** The screen's Edit of `aWorkout()`, for a user in `unit`. */
function editing(unit: 'kg' | 'lb'): WorkoutDraft {
  return draftFromWorkout(aWorkout(), { userId: 'u-1', slugLog: 'push-day', logTitle: '', unit });
}

function fromRoutine(unit: 'kg' | 'lb' = 'kg'): WorkoutDraft {
  return startDraft({
    userId: 'u-1',
    slugLog: 'push-day',
    logTitle: 'Push Day',
    unit,
    now: NOW,
    routine: aRoutine(),
  });
}

const lastTime = aWlsession({
  set: [
    {
      _id: 'a',
      repetitions: 10,
      kilograms: 60,
      pounds: null,
      isHard: true,
      volume: 600,
      type: 'normal',
      rpe: null,
    },
    {
      _id: 'b',
      repetitions: 8,
      kilograms: 80,
      pounds: null,
      isHard: true,
      volume: 640,
      type: 'normal',
      rpe: null,
    },
  ],
}).set;

describe('starting a workout', () => {
  it("from a routine: its exercises in order, the routine's set count and rep range as the target", () => {
    const draft = fromRoutine();
    expect(draft.routine).toBe('r-1');
    expect(draft.title).toBe('Push A');
    expect(draft.createdDate).toBe('2026-11-26');
    const [bench] = draft.entries;
    expect(bench).toMatchObject({
      slugExercise: 'bench-press',
      restSeconds: 90,
      target: { sets: 3, repsMin: 8, repsMax: 10 },
    });
    expect(bench.sets).toHaveLength(3);
  });

  it("takes last time's values as placeholders, in the user's unit, keeping the routine's set count", () => {
    const [bench] = fromRoutine('lb').entries;
    const withLast = withPrevious(bench, { kind: 'wlsession', sets: lastTime }, 'lb');
    expect(withLast.sets).toHaveLength(3);
    expect(withLast.previous).toEqual([
      { reps: '10', weight: '132.28', stored: { kilograms: 60, pounds: null } },
      { reps: '8', weight: '176.37', stored: { kilograms: 80, pounds: null } },
    ]);
  });

  it('without a routine, an exercise gets as many rows as last time', () => {
    const empty = startDraft({
      userId: 'u-1',
      slugLog: 'push-day',
      logTitle: 'Push Day',
      unit: 'kg',
      now: NOW,
    });
    const draft = addExercise(empty, SQUAT);
    const entry = withPrevious(draft.entries[0], { kind: 'wlsession', sets: lastTime }, 'kg');
    expect(entry.sets).toHaveLength(2);
    expect(entry.target).toBeNull();
  });

  it("starts each set with last time's type, Hard unless it is a warm-up, whatever last time's tick", () => {
    const draft = addExercise(
      startDraft({ userId: 'u-1', slugLog: 'push-day', logTitle: 'Push Day', unit: 'kg', now: NOW }),
      SQUAT,
    );
    const last = [
      { ...lastTime[0], type: 'warmup' as const, isHard: false },
      { ...lastTime[1], isHard: false },
      { ...lastTime[1], _id: 'c', type: 'drop' as const, isHard: false },
    ];
    const entry = withPrevious(draft.entries[0], { kind: 'wlsession', sets: last }, 'kg');
    expect(entry.sets.map((s) => [s.type, s.isHard])).toEqual([
      ['warmup', false],
      ['normal', true],
      ['drop', true],
    ]);
  });
});

describe('set rows', () => {
  function withLast(): WorkoutDraft {
    const draft = fromRoutine();
    const [bench] = draft.entries;
    return { ...draft, entries: [withPrevious(bench, { kind: 'wlsession', sets: lastTime }, 'kg')] };
  }

  it("ticking Done fills the empty fields from last time's values: a repeat costs one tap", () => {
    const draft = withLast();
    const entry = draft.entries[0];
    const result = toggleDone(draft, entry.id, entry.sets[1].id);
    expect(result.ticked).toBe(true);
    expect(result.draft.entries[0].sets[1]).toMatchObject({ reps: '8', weight: '80', done: true });
  });

  it('keeps what was typed, and refuses a tick with no reps to take', () => {
    let draft = withLast();
    const entry = draft.entries[0];
    draft = updateSet(draft, entry.id, entry.sets[0].id, { weight: '62.5' });
    draft = toggleDone(draft, entry.id, entry.sets[0].id).draft;
    expect(draft.entries[0].sets[0]).toMatchObject({ reps: '10', weight: '62.5', done: true });
    // The third row has no last time and no reps.
    const third = toggleDone(draft, entry.id, entry.sets[2].id);
    expect(third.ticked).toBe(false);
    expect(third.error).toBe('Enter the reps first');
  });

  it('unticking only unticks', () => {
    const draft = withLast();
    const entry = draft.entries[0];
    const ticked = toggleDone(draft, entry.id, entry.sets[0].id).draft;
    const unticked = toggleDone(ticked, entry.id, entry.sets[0].id);
    expect(unticked.ticked).toBe(false);
    expect(unticked.draft.entries[0].sets[0]).toMatchObject({ reps: '10', weight: '60', done: false });
  });

  it('a new set copies the set above it, not done', () => {
    let draft = withLast();
    const entry = draft.entries[0];
    draft = updateSet(draft, entry.id, entry.sets[2].id, {
      reps: '6',
      weight: '85',
      type: 'failure',
      rpe: '9.5',
    });
    draft = toggleDone(draft, entry.id, entry.sets[2].id).draft;
    draft = addSet(draft, entry.id);
    const added = draft.entries[0].sets[3];
    expect(added).toMatchObject({ reps: '6', weight: '85', type: 'failure', rpe: '9.5', done: false });
    expect(added.id).not.toBe(draft.entries[0].sets[2].id);
  });

  it('choosing warm-up unticks Hard; the lifter may tick it again', () => {
    let draft = withLast();
    const entry = draft.entries[0];
    const setId = entry.sets[0].id;
    draft = updateSet(draft, entry.id, setId, { type: 'warmup' });
    expect(draft.entries[0].sets[0]).toMatchObject({ type: 'warmup', isHard: false });
    draft = updateSet(draft, entry.id, setId, { isHard: true });
    expect(draft.entries[0].sets[0].isHard).toBe(true);
  });
});

describe('exercises', () => {
  it('move up and down, and group with the next one as a superset (A1, A2)', () => {
    let draft = addExercise(addExercise(fromRoutine(), SQUAT), RUN);
    const [bench, squat, run] = draft.entries;
    draft = moveExercise(draft, run.id, -1);
    expect(draft.entries.map((e) => e.slugExercise)).toEqual(['bench-press', 'run', 'squat']);
    draft = moveExercise(draft, bench.id, -1);
    expect(draft.entries[0].id).toBe(bench.id);
    draft = supersetWithNext(draft, bench.id);
    expect(entryLabels(draft)).toEqual(['A1', 'A2', null]);
    expect(draft.entries[1].superset).toBe(draft.entries[0].superset);
    expect(squat.superset).toBeNull();
  });
});

describe('Finish', () => {
  function workoutWithTicks(): WorkoutDraft {
    let draft = addExercise(fromRoutine(), SQUAT);
    const [bench] = draft.entries;
    draft = updateSet(draft, bench.id, bench.sets[0].id, { reps: '5', weight: '100', rpe: '8' });
    draft = toggleDone(draft, bench.id, bench.sets[0].id).draft;
    draft = updateSet(draft, bench.id, bench.sets[1].id, { reps: '5', weight: '100' });
    draft = toggleDone(draft, bench.id, bench.sets[1].id).draft;
    return draft;
  }

  it('lists the sets not ticked Done, and an exercise with none done as left out', () => {
    expect(notDoneSummary(workoutWithTicks())).toEqual([
      'Bench Press: set 3',
      'Squat: no set done (left out)',
    ]);
  });

  it('sends the done sets only, in the contract’s shape, and leaves out an exercise with none done', () => {
    const draft = workoutWithTicks();
    const { body, screenIndex } = workoutBodyFrom(draft, new Date('2026-11-26T11:00:00.000Z'));
    expect(screenIndex).toEqual([0]);
    expect(body).toEqual({
      title: 'Push A',
      createdDate: '2026-11-26',
      startedAt: '2026-11-26T10:00:00.000Z',
      endedAt: '2026-11-26T11:00:00.000Z',
      notes: '',
      routine: 'r-1',
      entries: [
        {
          slugExercise: 'bench-press',
          superset: null,
          notes: '',
          _id: null,
          set: [
            { repetitions: '5', kilograms: '100', isHard: true, type: 'normal', rpe: '8' },
            { repetitions: '5', kilograms: '100', isHard: true, type: 'normal', rpe: null },
          ],
        },
      ],
    });
    // The contract's two steps take it as it is.
    expect(workoutBody.safeParse(body).success).toBe(true);
    expect(parseWorkoutEntries(body.entries as unknown[], () => 'wlsession')).toMatchObject({
      success: true,
      entries: [{ set: [{ repetitions: 5, kilograms: 100, rpe: 8 }, { rpe: null }] }],
    });
  });

  it('a pace exercise: one Done tick, empty fields from last time, sent as time and distance', () => {
    let draft = addExercise(fromRoutine(), RUN);
    const run = draft.entries[1];
    draft = {
      ...draft,
      entries: [
        draft.entries[0],
        { ...run, previous: [], previousPace: { hours: '0', minutes: '25', seconds: '0', distance: '5' } },
      ],
    };
    draft = updateEntry(draft, run.id, { pace: { ...draft.entries[1].pace, minutes: '24' } });
    const ticked = togglePaceDone(draft, run.id);
    expect(ticked.ticked).toBe(true);
    const { body } = workoutBodyFrom(ticked.draft, NOW);
    expect(body.entries).toEqual([
      {
        slugExercise: 'run',
        superset: null,
        notes: '',
        _id: null,
        time: { hours: '0', minutes: '24', seconds: '0' },
        distance: '5',
      },
    ]);
    expect(parseWorkoutEntries(body.entries as unknown[], () => 'pasession')).toMatchObject({
      success: true,
      entries: [{ kind: 'pasession', distance: 5, time: { minutes: 24 } }],
    });
  });

  it('sends pounds as typed for a user in pounds', () => {
    let draft = fromRoutine('lb');
    const [bench] = draft.entries;
    draft = updateSet(draft, bench.id, bench.sets[0].id, { reps: '5', weight: '225' });
    draft = toggleDone(draft, bench.id, bench.sets[0].id).draft;
    const set = (workoutBodyFrom(draft, NOW).body.entries?.[0] as unknown as { set: unknown[] }).set[0];
    expect(set).toMatchObject({ repetitions: '5', pounds: '225' });
  });

  it("repeats last time's kilograms for a user in pounds: the shown pounds are a rounding", () => {
    let draft = fromRoutine('lb');
    draft = {
      ...draft,
      entries: [withPrevious(draft.entries[0], { kind: 'wlsession', sets: lastTime }, 'lb')],
    };
    const [bench] = draft.entries;
    draft = toggleDone(draft, bench.id, bench.sets[0].id).draft; // 10 × 132.28 lb, last time's 60 kg
    draft = updateSet(draft, bench.id, bench.sets[1].id, { weight: '180' });
    draft = toggleDone(draft, bench.id, bench.sets[1].id).draft; // 8 × 180 lb, typed
    const sets = (workoutBodyFrom(draft, NOW).body.entries?.[0] as unknown as { set: unknown[] }).set;
    expect(sets[0]).toMatchObject({ repetitions: '10', kilograms: 60, pounds: null });
    expect(sets[1]).toMatchObject({ repetitions: '8', pounds: '180' });
    expect(sets[1]).not.toHaveProperty('kilograms');
  });

  it("puts the browser's messages under the screen's rows (the body's indexes skip what is left out)", () => {
    let draft = addExercise(workoutWithTicks(), {
      slugExercise: 'ohp',
      title: 'Press',
      session: 'wlsession',
    });
    const press = draft.entries[2];
    draft = updateSet(draft, press.id, press.sets[0].id, { reps: '5', weight: 'heavy' });
    draft = toggleDone(draft, press.id, press.sets[0].id).draft;
    const built = workoutBodyFrom(draft, NOW);
    const errors = screenErrors(checkWorkout(built, draft), built, draft);
    expect(errors).toEqual({ [`${press.id}.${press.sets[0].id}.kilograms`]: 'Kilograms must be a number' });
  });

  it('edits a finished workout: every saved set done, the entry keeps its session id', () => {
    const draft = editing('kg');
    expect(draft.workoutId).toBe('w-1');
    expect(draft.entries[0]).toMatchObject({
      sessionId: 's-1',
      sets: [{ reps: '10', weight: '100', done: true }],
    });
    const { body } = workoutBodyFrom(draft, NOW);
    expect(body.endedAt).toBe('2026-03-01T10:45:00.000Z');
    expect(body.entries?.[0]).toMatchObject({ _id: 's-1', slugExercise: anExercise().slugExercise });
  });

  it('edits in pounds: a set stored in kilograms and left as shown goes back as stored', () => {
    let draft = editing('lb');
    const [entry] = draft.entries;
    expect(entry.sets[0]).toMatchObject({ reps: '10', weight: '220.46' });
    const sent = () =>
      (workoutBodyFrom(draft, NOW).body.entries?.[0] as unknown as { set: unknown[] }).set[0];
    // 220.46 lb sent as typed would store 100.00 kg from 220.46 × 0.45359237 = 99.9989…, and a
    // volume of 999.99 instead of 1000.
    expect(sent()).toMatchObject({ kilograms: 100, pounds: null });
    draft = updateSet(draft, entry.id, entry.sets[0].id, { weight: '225' });
    expect(sent()).toMatchObject({ pounds: '225' });
  });
});
