import type { SessionKind } from '../../../contract/exercises';
import type { StoredWeight, WeightUnit } from '../../../contract/metrics';
import type { Rest } from '../../../contract/rest-timer';
import type { SetType } from '../../../contract/set-types';

/**
 * A workout on the workout screen (docs/api.md §11 "The workout screen"): what the lifter has typed
 * and ticked so far, every field the text typed, as the device keeps it (store.ts). The changes
 * are pure functions of features/workouts/draft.ts.
 */

export interface DraftSet {
  id: string;
  reps: string;
  /** In the user's unit (the draft's `unit`). */
  weight: string;
  type: SetType;
  rpe: string;
  isHard: boolean;
  done: boolean;
  /** The stored weight its figure was shown from: a saved set (Edit) or last time's (Done took it). */
  stored?: StoredWeight;
}

/** Last time's values for one set row, shown as placeholders. */
export interface PreviousSet {
  reps: string;
  weight: string;
  stored?: StoredWeight;
}

export interface PaceDraft {
  hours: string;
  minutes: string;
  seconds: string;
  distance: string;
  done: boolean;
}

export interface Target {
  sets: number | null;
  repsMin: number | null;
  repsMax: number | null;
}

export interface DraftEntry {
  id: string;
  /** The session this entry updates when a finished workout is edited; null for a new one. */
  sessionId: string | null;
  slugExercise: string;
  title: string;
  kind: SessionKind;
  superset: number | null;
  /** The routine entry's rest; null: the profile's. */
  restSeconds: number | null;
  target: Target | null;
  /** Null until the exercise's latest session has been looked up (then [] when it has none). */
  previous: PreviousSet[] | null;
  previousPace: Omit<PaceDraft, 'done'> | null;
  sets: DraftSet[];
  pace: PaceDraft;
  notes: string;
}

export interface WorkoutDraft {
  userId: string;
  slugLog: string;
  logTitle: string;
  /** Set when a finished workout is being edited (saved with PUT). */
  workoutId: string | null;
  routine: string | null;
  title: string;
  notes: string;
  createdDate: string;
  /** ISO date-times. A new workout has no end until Finish. */
  startedAt: string;
  endedAt: string | null;
  unit: WeightUnit;
  entries: DraftEntry[];
  rest: Rest | null;
  /** Sent while offline: the offline queue's key until it syncs. */
  waitingKey: string | null;
  /** An edit of a finished workout: when it last changed on this device (ISO), once it has. */
  editedAt?: string;
  /** An edit of a finished workout: the saved version it started from (draft.ts `workoutVersion`). */
  baseVersion?: string;
}
