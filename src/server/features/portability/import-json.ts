import type { z } from 'zod';
import {
  importFileV1,
  importRoutine,
  type ImportSession,
  importSession,
  importWorkout,
} from '../../../contract/data';
import { slugify } from '../../../contract/slug';
import { badLine } from './csv';
import { checkJsonSessions, Turns } from './import-limits';
import { type ImportPlan, PlanBuilder } from './import-plan';
import { RESERVED_EXERCISE_SLUGS, RESERVED_LOG_SLUGS } from '../../../contract/slug';
import { indexJsonLines, lineAt, lineOfJsonError, type LineOf } from './json-lines';
import { NestedTooDeep, parseJsonInTurns } from './json-pieces';

/** Our export nests 9 deep (file, logs, log, exercises, exercise, sessions, session, set, a set). */
const MAX_DEPTH = 32;

/**
 * Our own export (format "workout-log", version 1). Validated with the same rules as the forms,
 * strictly: a value our server would refuse stops the import, naming its line and path. The file
 * is parsed in pieces (json-pieces.ts) and its sessions checked one by one, with turns for other
 * requests (Turns), and the file's lines are found only when a message needs one: for a 10 MB
 * file each of these held the event loop for tens to hundreds of milliseconds (docs/api.md §12).
 */
export async function readOwnJson(text: string): Promise<ImportPlan> {
  const turns = new Turns();
  await turns.take(); // reading the 10 MB body was this turn's work already
  let data: unknown;
  try {
    data = await parseJsonInTurns(text, { maxDepth: MAX_DEPTH, turns });
  } catch (error) {
    if (error instanceof NestedTooDeep)
      throw badLine(
        lineAt(text, error.offset),
        `values are nested more than ${MAX_DEPTH} deep: this is not our export`,
      );
    throw badLine(lineOfJsonError(text), 'this is not valid JSON');
  }
  checkJsonSessions(data);
  await turns.take(); // checking the file's shape is a stretch of its own
  let index: LineOf | undefined;
  const lineOf: LineOf = (path) => (index ??= indexJsonLines(text))(path);
  const parsed = importFileV1.safeParse(data);
  if (!parsed.success) throw invalid(lineOf, parsed.error.issues[0]);

  const builder = new PlanBuilder();
  for (const [l, log] of parsed.data.logs.entries()) {
    const logAt = ['logs', l];
    const plannedLog = builder.log(
      log.title,
      slugOf(lineOf, log.title, logAt, RESERVED_LOG_SLUGS),
      () => lineOf(logAt),
      {
        createdAt: log.createdAt,
        updatedAt: log.updatedAt,
        activeAt: log.activeAt,
      },
    );
    // Its workouts (docs/api.md §11) first, so each session knows its place as it is read.
    const places = new Map<
      string,
      { workout: string; workoutPosition: number; workoutSuperset: number | null; date: string }
    >();
    for (const [w, raw] of log.workouts.entries()) {
      if (turns.due()) await turns.take();
      const read = importWorkout.safeParse(raw);
      if (!read.success) {
        const issue = read.error.issues[0];
        throw invalid(lineOf, { ...issue, path: [...logAt, 'workouts', w, ...issue.path] });
      }
      const { entries, _id, ...fields } = read.data;
      const workout = builder.workout(plannedLog, {
        key: `json:${w}`,
        ...fields,
        routine: fields.routine ?? null,
      });
      entries.forEach((entry, position) => {
        if (!places.has(entry.session))
          places.set(entry.session, {
            workout: workout.key,
            workoutPosition: position,
            workoutSuperset: entry.superset,
            date: fields.createdDate,
          });
      });
    }
    for (const [r, raw] of log.routines.entries()) {
      if (turns.due()) await turns.take();
      const read = importRoutine.safeParse(raw);
      if (!read.success) {
        const issue = read.error.issues[0];
        throw invalid(lineOf, { ...issue, path: [...logAt, 'routines', r, ...issue.path] });
      }
      const { _id, ...routine } = read.data;
      plannedLog.routines.push({ ...routine, fileId: _id });
    }
    for (const [e, exercise] of log.exercises.entries()) {
      const at = [...logAt, 'exercises', e];
      const planned = builder.exercise(plannedLog, {
        title: exercise.title,
        slug: slugOf(lineOf, exercise.title, at, RESERVED_EXERCISE_SLUGS),
        kind: exercise.session,
        line: () => lineOf(at),
        createdAt: exercise.createdAt,
        updatedAt: exercise.updatedAt,
        activeAt: exercise.activeAt,
      });
      if (!planned)
        throw badLine(lineOf(at), `"${exercise.title}" is twice in this log, with different kinds`);
      builder.plan.rows += exercise.sessions.length;
      const schema = importSession[exercise.session];
      for (const [s, raw] of exercise.sessions.entries()) {
        if (turns.due()) await turns.take();
        const read = schema.safeParse(raw);
        if (!read.success) {
          const issue = read.error.issues[0];
          throw invalid(lineOf, { ...issue, path: [...at, 'sessions', s, ...issue.path] });
        }
        const session: ImportSession = read.data;
        const fileId = (raw as { _id?: unknown })._id;
        const place = typeof fileId === 'string' ? places.get(fileId) : undefined;
        // A workout's sessions are on its date (§11): one the file dates otherwise is imported on
        // its own, as a session whose date is edited through its route leaves its workout.
        const inWorkout = place?.date === session.createdDate ? place : undefined;
        const common = {
          createdDate: session.createdDate,
          slugSession: session.slugSession,
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
          notes: session.notes,
          workout: inWorkout?.workout,
          workoutPosition: inWorkout?.workoutPosition,
          workoutSuperset: inWorkout?.workoutSuperset,
        };
        // The kind first: on Node 20 a literal that starts with a spread gets a hidden class of
        // its own each time (import-plan.ts `workout`), one more old-space object a session.
        planned.sessions.push(
          'set' in session
            ? { kind: 'wlsession', ...common, sets: session.set }
            : { kind: 'pasession', ...common, time: session.time, distance: session.distance },
        );
      }
    }
  }
  return await builder.finish();
}

function slugOf(lineOf: LineOf, title: string, at: PropertyKey[], reserved: readonly string[]): string {
  const slug = slugify(title);
  if (slug === '') throw badLine(lineOf(at), `the title "${title}" has no letter or number`);
  if (reserved.includes(slug)) throw badLine(lineOf(at), `the title "${title}" is reserved`);
  return slug;
}

function invalid(lineOf: LineOf, issue: z.core.$ZodIssue) {
  const path = issue.path
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
    .join('')
    .slice(1);
  return badLine(lineOf(issue.path), `${issue.message}${path ? ` (at ${path})` : ''}`);
}
