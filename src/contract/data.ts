import { z } from 'zod';
import { SESSION_KINDS } from './exercises';
import { readTimestamp } from './dates';
import { title } from './fields';
import { superset } from './gym-fields';
import { routineBody } from './routines';
import { pasessionBody, wlsessionBody, wlset } from './sessions';
import { endNotBeforeStart, workoutBody } from './workouts';

/** Data portability (docs/data-portability.md): our export format v1, the import query and its summary. */

export const EXPORT_FORMAT = 'workout-log';
export const EXPORT_VERSION = 1;
/** POST /api/import accepts up to this many bytes (docs/api.md §3). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** …and at most this many data rows (CSV) or sessions (our JSON) (docs/api.md §9). */
export const IMPORT_MAX_ROWS = 200_000;
export const IMPORT_SOURCES = ['json', 'hevy', 'strong', 'fitnotes'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * The columns of GET /api/export.csv, in order. `pounds` and `notes` (docs/api.md §10), then a
 * set's `type` and `rpe` (§11) come last, so the columns of earlier exports keep their positions
 * for spreadsheets and scripts that read them.
 */
export const EXPORT_CSV_COLUMNS = [
  'date',
  'log',
  'exercise',
  'kind',
  'set',
  'reps',
  'kg',
  'hard',
  'volume',
  'hours',
  'minutes',
  'seconds',
  'distance',
  'pace',
  'speed',
  'pounds',
  'notes',
  // docs/api.md §11: each weight set's type and RPE, then the session's workout (its id and
  // title, empty for a session logged on its own), in the order the contract names them.
  'type',
  'rpe',
  'workout',
  'workoutTitle',
] as const;

// ---- Export format v1 (what GET /api/export.json writes) ----

const stamps = { createdAt: z.string(), updatedAt: z.string() };

export const exportWlsession = z.object({
  _id: z.string(),
  slugSession: z.string(),
  createdDate: z.string(),
  notes: z.string(),
  ...stamps,
  totalVolume: z.number(),
  workingVolume: z.number(),
  junkVolume: z.number(),
  set: z.array(wlset),
  /** Its workout's `_id` (docs/api.md §11), or null; the log's `workouts` list their sessions too. */
  workout: z.string().nullable(),
});
export type ExportWlsession = z.infer<typeof exportWlsession>;

export const exportPasession = z.object({
  _id: z.string(),
  slugSession: z.string(),
  createdDate: z.string(),
  notes: z.string(),
  ...stamps,
  time: z.object({ hours: z.number(), minutes: z.number(), seconds: z.number() }),
  distance: z.number(),
  paceMinutes: z.number(),
  paceSeconds: z.number(),
  speed: z.number(),
  workout: z.string().nullable(),
});
export type ExportPasession = z.infer<typeof exportPasession>;

export const exportExercise = z.object({
  _id: z.string(),
  title: z.string(),
  slugExercise: z.string(),
  session: z.enum(SESSION_KINDS),
  ...stamps,
  /** When it or one of its sessions was last created or edited (orders the lists). */
  activeAt: z.string(),
  sessions: z.array(z.union([exportWlsession, exportPasession])),
});
export type ExportExercise = z.infer<typeof exportExercise>;

/** A workout of the log (docs/api.md §11): its fields, its sessions named by `_id`, in order. */
export const exportWorkout = z.object({
  _id: z.string(),
  title: z.string(),
  createdDate: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  duration: z.number().nullable(),
  notes: z.string(),
  routine: z.string().nullable(),
  totalVolume: z.number(),
  sets: z.number(),
  ...stamps,
  entries: z.array(z.object({ session: z.string(), superset: z.number().nullable() })),
});
export type ExportWorkout = z.infer<typeof exportWorkout>;

/** A routine of the log (docs/api.md §11): entries name their exercise by slug. */
export const exportRoutine = z.object({
  _id: z.string(),
  title: z.string(),
  notes: z.string(),
  ...stamps,
  entries: z.array(
    z.object({
      slugExercise: z.string(),
      sets: z.number().nullable(),
      repsMin: z.number().nullable(),
      repsMax: z.number().nullable(),
      restSeconds: z.number(),
      superset: z.number().nullable(),
    }),
  ),
});
export type ExportRoutine = z.infer<typeof exportRoutine>;

export const exportLog = z.object({
  _id: z.string(),
  title: z.string(),
  slugLog: z.string(),
  ...stamps,
  activeAt: z.string(),
  exercises: z.array(exportExercise),
  workouts: z.array(exportWorkout),
  routines: z.array(exportRoutine),
});
export type ExportLog = z.infer<typeof exportLog>;

export const exportFile = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  logs: z.array(exportLog),
});
export type ExportFile = z.infer<typeof exportFile>;

// ---- What POST /api/import?source=json reads: the same format, validated like the forms ----
// Ids, slugs of logs/exercises and derived numbers are ignored (the server recomputes them);
// timestamps and session slugs are kept when valid, so a round trip reproduces the lists' order.
// Sets' `pounds` and sessions' `notes` are read by the session bodies themselves (setBody and
// `notes` in sessions.ts): pounds win over kilograms and stay exact, so a round trip keeps them;
// a file from before they existed (no `pounds`, no `notes`) still reads as kilograms and no notes.

// A stamp that is not a date and a time is ignored (the record gets one). One that is refuses the
// file, naming its line, when its time does not exist (hour 25, minute 60, 30 February) or
// PostgreSQL cannot store it (year 0, offset beyond ±15:59): docs/api.md §9 wants a 400 for
// those, never a stamp silently dropped. Any other is kept, written as the API writes stamps.
const STAMP_MESSAGES = {
  'no such time': 'This date and time does not exist',
  unstorable: 'This date and time cannot be stored (year 1 or later, offset within ±15:59)',
};
const optionalStamp = z
  .unknown()
  .transform((value, ctx) => {
    const stamp = typeof value === 'string' ? readTimestamp(value) : null;
    if (stamp === null) return undefined;
    if (stamp === 'no such time' || stamp === 'unstorable') {
      ctx.addIssue({ code: 'custom', message: STAMP_MESSAGES[stamp] });
      return z.NEVER;
    }
    return stamp;
  })
  .optional();
const importStamps = { createdAt: optionalStamp, updatedAt: optionalStamp };
const slugSession = z.string().max(20).optional().catch(undefined);

/** One session of the file, checked on its own (the reader gives other requests a turn between them). */
export const importSession = {
  wlsession: wlsessionBody.extend({ slugSession, ...importStamps }),
  pasession: pasessionBody.extend({ slugSession, ...importStamps }),
};
export type ImportSession = z.output<(typeof importSession)[keyof typeof importSession]>;

// The file around its sessions; each of `sessions` is then read with `importSession`.
const importExercise = <K extends keyof typeof importSession>(session: K) =>
  z.object({
    title,
    session: z.literal(session),
    ...importStamps,
    activeAt: optionalStamp,
    sessions: z.array(z.unknown()).default([]),
  });
/**
 * A workout of the file, checked on its own: the fields of a workout's body; its entries name the
 * file's sessions by `_id` (an entry naming none is dropped). An absent list is none (older files).
 */
export const importWorkout = z
  .object({
    _id: z.string().optional().catch(undefined),
    title: workoutBody.shape.title,
    createdDate: workoutBody.shape.createdDate,
    startedAt: workoutBody.shape.startedAt,
    endedAt: workoutBody.shape.endedAt,
    notes: workoutBody.shape.notes,
    routine: z.string().nullish().catch(null),
    ...importStamps,
    entries: z.array(z.object({ session: z.string(), superset })).default([]),
  })
  .check(endNotBeforeStart);
export type ImportWorkout = z.output<typeof importWorkout>;

/** A routine of the file: a routine's body, whose entries may be none (their exercises were deleted). */
export const importRoutine = z.object({
  _id: z.string().optional().catch(undefined),
  title: routineBody.shape.title,
  notes: routineBody.shape.notes,
  ...importStamps,
  entries: z.array(routineBody.shape.entries.element).max(50).default([]),
});
export type ImportRoutine = z.output<typeof importRoutine>;

const importWlExercise = importExercise('wlsession');
const importPaExercise = importExercise('pasession');

export const importFileV1 = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `format must be "${EXPORT_FORMAT}"` }),
  version: z.literal(EXPORT_VERSION, { error: `Only version ${EXPORT_VERSION} of the format can be read` }),
  logs: z.array(
    z.object({
      title,
      ...importStamps,
      activeAt: optionalStamp,
      exercises: z
        .array(
          z.discriminatedUnion('session', [importWlExercise, importPaExercise], {
            error: 'session must be "wlsession" or "pasession"',
          }),
        )
        .default([]),
      // Read one by one with importWorkout and importRoutine, like sessions.
      workouts: z.array(z.unknown()).default([]),
      routines: z.array(z.unknown()).default([]),
    }),
  ),
});
export type ImportFileV1 = z.output<typeof importFileV1>;

// ---- POST /api/import ----

const flag = z
  .enum(['1', '0', 'true', 'false', ''], { error: 'dryRun must be 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const importQuery = z.object({
  source: z.enum(IMPORT_SOURCES, { error: 'source must be json, hevy, strong or fitnotes' }),
  /** Strong writes weights in the unit chosen in the app: required for source=strong. */
  unit: z.enum(['kg', 'lb'], { error: 'unit must be kg or lb' }).optional(),
  /** Strong's distances, likewise; km when absent. */
  distanceUnit: z.enum(['km', 'mi'], { error: 'distanceUnit must be km or mi' }).optional(),
  dryRun: flag,
});
export type ImportQuery = z.input<typeof importQuery>;

export const skippedRow = z.object({ line: z.number(), reason: z.string() });
export type SkippedRow = z.infer<typeof skippedRow>;
/** `skipped` lists at most this many rows; `skippedCount` has the full count. */
export const MAX_SKIPPED_LISTED = 1000;

/** Counts of what was created (or, with dryRun, would be). */
export const importSummary = z.object({
  dryRun: z.boolean(),
  /** Data rows read (CSV records after the header; sessions for our JSON). */
  rows: z.number(),
  logs: z.number(),
  exercises: z.number(),
  sessions: z.number(),
  /** Sessions already present with identical content: not created again (re-imports add nothing). */
  duplicates: z.number(),
  skipped: z.array(skippedRow),
  skippedCount: z.number(),
});
export type ImportSummary = z.infer<typeof importSummary>;
