import { todayLocal } from '../../../contract/dates';
import type { SessionKind } from '../../../contract/exercises';
import { setWeight, shownFrom, type WeightUnit } from '../../../contract/metrics';
import type { Routine } from '../../../contract/routines';
import type { Pasession, WlSet } from '../../../contract/sessions';
import { isHardByDefault, type SetType } from '../../../contract/set-types';
import { MAX_SUPERSET } from '../../../contract/gym-fields';
import { supersetLabels } from '../../../contract/supersets';
import type { Workout, WorkoutBody } from '../../../contract/workouts';

import type {
  DraftEntry,
  DraftSet,
  PaceDraft,
  PreviousSet,
  WorkoutDraft,
} from '../../lib/workout-draft/types';

export type { DraftEntry, DraftSet, PaceDraft, PreviousSet, WorkoutDraft };

/**
 * Every change of the workout screen (docs/api.md §11) as a pure function of the draft
 * (lib/workout-draft/types.ts), so the screen, the device's copy and the tests share them.
 */

export interface ExerciseChoice {
  slugExercise: string;
  title: string;
  session: SessionKind;
}

let counter = 0;
/** Row and entry keys: unique on this device, stable across reloads (they are stored). */
export function localId(prefix: string): string {
  counter += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().slice(0, 8) : '';
  return `${prefix}-${Date.now().toString(36)}-${counter}${random ? `-${random}` : ''}`;
}

export function blankSet(): DraftSet {
  return { id: localId('set'), reps: '', weight: '', type: 'normal', rpe: '', isHard: true, done: false };
}

const blankPace = (): PaceDraft => ({ hours: '', minutes: '', seconds: '', distance: '', done: false });

export function newEntry(exercise: ExerciseChoice, routineEntry?: Routine['entries'][number]): DraftEntry {
  const target = routineEntry
    ? { sets: routineEntry.sets, repsMin: routineEntry.repsMin, repsMax: routineEntry.repsMax }
    : null;
  const count = exercise.session === 'wlsession' ? Math.max(1, target?.sets ?? 1) : 0;
  return {
    id: localId('entry'),
    sessionId: null,
    slugExercise: exercise.slugExercise,
    title: exercise.title,
    kind: exercise.session,
    superset: routineEntry?.superset ?? null,
    restSeconds: routineEntry?.restSeconds ?? null,
    target,
    previous: null,
    previousPace: null,
    sets: Array.from({ length: count }, blankSet),
    pace: blankPace(),
    notes: '',
  };
}

interface Start {
  userId: string;
  slugLog: string;
  logTitle: string;
  unit: WeightUnit;
  now: Date;
  routine?: Routine;
}

/** Start workout (empty), or Start on a routine: its exercises in order with their targets. */
export function startDraft({ userId, slugLog, logTitle, unit, now, routine }: Start): WorkoutDraft {
  return {
    userId,
    slugLog,
    logTitle,
    workoutId: null,
    routine: routine?._id ?? null,
    title: routine?.title ?? '',
    notes: '',
    createdDate: todayLocal(now),
    startedAt: now.toISOString(),
    endedAt: null,
    unit,
    entries: (routine?.entries ?? []).map((entry) =>
      newEntry(
        {
          slugExercise: entry.exercise.slugExercise,
          title: entry.exercise.title,
          session: entry.exercise.session,
        },
        entry,
      ),
    ),
    rest: null,
    waitingKey: null,
  };
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/**
 * What a saved workout is at one moment: its own `updatedAt` and each session's id and `updatedAt`
 * (a session edited or deleted through the session routes changes its workout's contents without
 * touching the workout's row). An edit kept on the device remembers the version it started from,
 * so the edit screen can say when the saved workout changed since (another device or tab).
 */
export function workoutVersion(workout: Workout): string {
  const sessions = workout.entries.map((entry) => {
    const session = 'wlsession' in entry ? entry.wlsession : entry.pasession;
    return `${session._id}@${session.updatedAt}`;
  });
  return [workout.updatedAt, ...sessions].join(' ');
}

/** A finished workout on the same screen, for Edit: every saved set is a done one. */
export function draftFromWorkout(workout: Workout, base: Omit<Start, 'now' | 'routine'>): WorkoutDraft {
  return {
    baseVersion: workoutVersion(workout),
    userId: base.userId,
    slugLog: base.slugLog,
    logTitle: base.logTitle,
    workoutId: workout._id,
    routine: workout.routine,
    title: workout.title,
    notes: workout.notes,
    createdDate: workout.createdDate,
    startedAt: workout.startedAt ?? `${workout.createdDate}T00:00:00.000Z`,
    endedAt: workout.endedAt,
    unit: base.unit,
    rest: null,
    waitingKey: null,
    entries: workout.entries.map((entry) => {
      const fresh = newEntry({ ...entry.exercise, session: entry.exercise.session }, undefined);
      const session = 'wlsession' in entry ? entry.wlsession : entry.pasession;
      const draft: DraftEntry = {
        ...fresh,
        sessionId: session._id,
        superset: entry.superset,
        previous: [],
        previousPace: null,
        notes: session.notes,
      };
      if ('wlsession' in entry) {
        draft.sets = entry.wlsession.set.map((set) => {
          const typed = set as WlSet & { type?: SetType; rpe?: number | null };
          return {
            id: localId('set'),
            reps: String(set.repetitions),
            weight: String(setWeight(set, base.unit)),
            stored: { kilograms: set.kilograms, pounds: set.pounds ?? null },
            type: typed.type ?? 'normal',
            rpe: text(typed.rpe),
            isHard: set.isHard,
            done: true,
          };
        });
      } else {
        draft.pace = { ...paceText(entry.pasession), done: true };
      }
      return draft;
    }),
  };
}

function paceText(session: Pick<Pasession, 'time' | 'distance'>): Omit<PaceDraft, 'done'> {
  return {
    hours: text(session.time.hours),
    minutes: text(session.time.minutes),
    seconds: text(session.time.seconds),
    distance: text(session.distance),
  };
}

type Previous = { kind: 'wlsession'; sets: WlSet[] } | { kind: 'pasession'; session: Pasession | null };

/**
 * The exercise's latest session, once looked up: its values become the rows' placeholders. Without
 * a routine's target, the rows become as many as last time (unless the lifter has typed already);
 * a set's type starts as last time's, and it is Hard unless that type is warm-up (docs/api.md §11:
 * "a set is a working set (Hard) unless its type is warm-up"), whatever last time's tick was.
 */
export function withPrevious(entry: DraftEntry, previous: Previous, unit: WeightUnit): DraftEntry {
  if (previous.kind === 'pasession')
    return { ...entry, previous: [], previousPace: previous.session ? paceText(previous.session) : null };
  const placeholders = previous.sets.map((set) => ({
    reps: String(set.repetitions),
    weight: String(setWeight(set, unit)),
    stored: { kilograms: set.kilograms, pounds: set.pounds ?? null },
  }));
  const untouched = entry.sets.every((set) => !set.done && set.reps === '' && set.weight === '');
  let sets = entry.sets;
  if (untouched && entry.target === null && previous.sets.length > 0)
    sets = previous.sets.map(() => blankSet());
  if (untouched)
    sets = sets.map((set, index) => {
      const last = previous.sets[index] as (WlSet & { type?: SetType }) | undefined;
      const type = last?.type ?? 'normal';
      return { ...set, type, isHard: last ? isHardByDefault(type) : set.isHard };
    });
  return { ...entry, previous: placeholders, sets };
}

export type SetPatch = Partial<Pick<DraftSet, 'reps' | 'weight' | 'rpe' | 'isHard' | 'type' | 'stored'>>;

function mapEntry(
  draft: WorkoutDraft,
  entryId: string,
  change: (entry: DraftEntry) => DraftEntry,
): WorkoutDraft {
  return { ...draft, entries: draft.entries.map((entry) => (entry.id === entryId ? change(entry) : entry)) };
}

export function updateEntry(draft: WorkoutDraft, entryId: string, patch: Partial<DraftEntry>): WorkoutDraft {
  return mapEntry(draft, entryId, (entry) => ({ ...entry, ...patch }));
}

/** Typing in a set; choosing warm-up unticks Hard, another type ticks it (the lifter may change it after). */
export function updateSet(
  draft: WorkoutDraft,
  entryId: string,
  setId: string,
  patch: SetPatch,
): WorkoutDraft {
  return mapEntry(draft, entryId, (entry) => ({
    ...entry,
    sets: entry.sets.map((set) => {
      if (set.id !== setId) return set;
      const next = { ...set, ...patch };
      if (patch.type !== undefined && patch.type !== set.type && patch.isHard === undefined)
        next.isHard = isHardByDefault(patch.type);
      return next;
    }),
  }));
}

/** A new set copies the set above it (its values, type and Hard tick), not yet done. */
export function addSet(draft: WorkoutDraft, entryId: string): WorkoutDraft {
  return mapEntry(draft, entryId, (entry) => {
    const above = entry.sets.at(-1);
    const set = above ? { ...above, id: localId('set'), done: false } : blankSet();
    return { ...entry, sets: [...entry.sets, set] };
  });
}

export function removeSet(draft: WorkoutDraft, entryId: string, setId: string): WorkoutDraft {
  return mapEntry(draft, entryId, (entry) => ({
    ...entry,
    sets: entry.sets.filter((set) => set.id !== setId),
  }));
}

/** The placeholders a row shows: last time's set at the same place, else the set above's values. */
export function placeholderFor(entry: DraftEntry, index: number): PreviousSet | null {
  return entry.previous?.[index] ?? null;
}

export type TickResult = { draft: WorkoutDraft; ticked: boolean; error?: string };

/**
 * The Done tick. Ticking fills an empty field from its placeholder (a repeat of last time costs one
 * tap); a set with no reps to take is not ticked. Unticking only unticks.
 */
export function toggleDone(draft: WorkoutDraft, entryId: string, setId: string): TickResult {
  const entry = draft.entries.find((e) => e.id === entryId);
  const index = entry?.sets.findIndex((s) => s.id === setId) ?? -1;
  if (!entry || index < 0) return { draft, ticked: false };
  const set = entry.sets[index];
  if (set.done) return { draft: updateSetDone(draft, entryId, setId, {}, false), ticked: false };
  const placeholder = placeholderFor(entry, index);
  const reps = set.reps.trim() || placeholder?.reps || '';
  const weight = set.weight.trim() || placeholder?.weight || '0';
  if (reps === '') return { draft, ticked: false, error: 'Enter the reps first' };
  // A weight taken from last time is sent as last time stored it (`workoutBodyFrom`).
  const stored = set.weight.trim() === '' && placeholder?.stored ? { stored: placeholder.stored } : {};
  return { draft: updateSetDone(draft, entryId, setId, { reps, weight, ...stored }, true), ticked: true };
}

function updateSetDone(
  draft: WorkoutDraft,
  entryId: string,
  setId: string,
  patch: SetPatch,
  done: boolean,
): WorkoutDraft {
  return mapEntry(draft, entryId, (entry) => ({
    ...entry,
    sets: entry.sets.map((set) => (set.id === setId ? { ...set, ...patch, done } : set)),
  }));
}

/** A pace exercise has one Done tick; empty fields take last time's values. */
export function togglePaceDone(draft: WorkoutDraft, entryId: string): TickResult {
  const entry = draft.entries.find((e) => e.id === entryId);
  if (!entry) return { draft, ticked: false };
  if (entry.pace.done)
    return { draft: updateEntry(draft, entryId, { pace: { ...entry.pace, done: false } }), ticked: false };
  const last = entry.previousPace;
  const pace = {
    hours: entry.pace.hours.trim() || last?.hours || '0',
    minutes: entry.pace.minutes.trim() || last?.minutes || '0',
    seconds: entry.pace.seconds.trim() || last?.seconds || '0',
    distance: entry.pace.distance.trim() || last?.distance || '',
    done: true,
  };
  if (pace.distance === '') return { draft, ticked: false, error: 'Enter the distance first' };
  return { draft: updateEntry(draft, entryId, { pace }), ticked: true };
}

export function addExercise(draft: WorkoutDraft, exercise: ExerciseChoice): WorkoutDraft {
  return { ...draft, entries: [...draft.entries, newEntry(exercise)] };
}

/** Whether an exercise holds anything typed or ticked (removing it asks first). */
export function entryHasData(entry: DraftEntry): boolean {
  if (entry.notes.trim() !== '') return true;
  if (entry.kind === 'pasession') {
    const { done, ...fields } = entry.pace;
    return done || Object.values(fields).some((value) => value.trim() !== '');
  }
  return entry.sets.some((set) => set.done || set.reps.trim() !== '' || set.weight.trim() !== '');
}

export function removeExercise(draft: WorkoutDraft, entryId: string): WorkoutDraft {
  return { ...draft, entries: draft.entries.filter((entry) => entry.id !== entryId) };
}

export function moveExercise(draft: WorkoutDraft, entryId: string, by: -1 | 1): WorkoutDraft {
  const from = draft.entries.findIndex((entry) => entry.id === entryId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= draft.entries.length) return draft;
  const entries = [...draft.entries];
  [entries[from], entries[to]] = [entries[to], entries[from]];
  return { ...draft, entries };
}

/**
 * Groups an exercise with the next one as a superset: they share the first one's number, or the
 * next one's when it already is in a group, else the smallest number no other entry uses.
 */
export function supersetWithNext(draft: WorkoutDraft, entryId: string): WorkoutDraft {
  const index = draft.entries.findIndex((entry) => entry.id === entryId);
  const next = draft.entries[index + 1];
  if (index < 0 || !next) return draft;
  const current = draft.entries[index];
  const used = new Set(draft.entries.map((entry) => entry.superset).filter((n) => n !== null));
  let number = current.superset ?? next.superset;
  if (number === null) {
    number = 1;
    while (used.has(number) && number < MAX_SUPERSET) number += 1;
  }
  return {
    ...draft,
    entries: draft.entries.map((entry, i) =>
      i === index || i === index + 1 ? { ...entry, superset: number } : entry,
    ),
  };
}

export function leaveSuperset(draft: WorkoutDraft, entryId: string): WorkoutDraft {
  return updateEntry(draft, entryId, { superset: null });
}

/** The entries' labels (A1, A2 …) in the screen's order. */
export function entryLabels(draft: WorkoutDraft): (string | null)[] {
  return supersetLabels(draft.entries.map((entry) => entry.superset));
}

/** What Finish lists before sending: every set not ticked Done, by exercise (an exercise with none done is left out whole). */
export function notDoneSummary(draft: WorkoutDraft): string[] {
  const lines: string[] = [];
  for (const entry of draft.entries) {
    if (entry.kind === 'pasession') {
      if (!entry.pace.done) lines.push(`${entry.title}: not done (left out)`);
      continue;
    }
    const doneCount = entry.sets.filter((set) => set.done).length;
    if (doneCount === 0) {
      lines.push(`${entry.title}: no set done (left out)`);
      continue;
    }
    const open = entry.sets.flatMap((set, index) => (set.done ? [] : [index + 1]));
    if (open.length > 0)
      lines.push(`${entry.title}: ${open.length === 1 ? 'set' : 'sets'} ${open.join(', ')}`);
  }
  return lines;
}

export interface BuiltBody {
  body: WorkoutBody;
  /** For each entry of the body, the index of its entry on the screen (an entry with nothing done is left out). */
  screenIndex: number[];
}

function shownWeight(set: DraftSet, unit: WeightUnit) {
  const weight = set.weight.trim();
  return set.stored && weight !== '' ? shownFrom(Number(weight), unit, [set.stored]) : null;
}

/** The workout as POST / PUT …/workouts takes it: done sets only, in the screen's order. */
export function workoutBodyFrom(draft: WorkoutDraft, now: Date): BuiltBody {
  const kept = draft.entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) =>
      entry.kind === 'pasession' ? entry.pace.done : entry.sets.some((set) => set.done),
    );
  const labels = supersetLabels(kept.map(({ entry }) => entry.superset));
  const weightField = draft.unit === 'lb' ? 'pounds' : 'kilograms';
  const entries = kept.map(({ entry }, i) => {
    const head = {
      slugExercise: entry.slugExercise,
      // A number left alone (its partner removed or left out) groups nothing.
      superset: labels[i] === null ? null : entry.superset,
      notes: entry.notes,
      // A new entry has none: the server creates its session.
      _id: entry.sessionId,
    };
    if (entry.kind === 'pasession') {
      const { hours, minutes, seconds, distance } = entry.pace;
      return { ...head, time: { hours, minutes, seconds }, distance };
    }
    return {
      ...head,
      set: entry.sets
        .filter((set) => set.done)
        .map((set) => ({
          repetitions: set.reps.trim(),
          // A weight left as shown goes back as stored (contract/metrics.ts `shownFrom`).
          ...(shownWeight(set, draft.unit) ?? { [weightField]: set.weight.trim() }),
          isHard: set.isHard,
          type: set.type,
          rpe: set.rpe.trim() === '' ? null : set.rpe.trim(),
        })),
    };
  });
  return {
    body: {
      title: draft.title,
      createdDate: draft.createdDate,
      startedAt: draft.startedAt,
      endedAt: draft.workoutId ? draft.endedAt : now.toISOString(),
      notes: draft.notes,
      routine: draft.routine,
      entries,
    },
    screenIndex: kept.map(({ index }) => index),
  };
}
