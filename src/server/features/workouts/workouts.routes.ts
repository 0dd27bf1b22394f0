import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { DEFAULT_LIMIT } from '../../../contract/page-query';
import { pageQuery } from '../../../contract/pagination';
import {
  NO_SUCH_ROUTINE,
  NO_SUCH_SESSION,
  OTHER_EXERCISE,
  WORKOUT_DELETED,
  WORKOUT_NOT_FOUND,
  type WorkoutBodyValues,
  type WorkoutEntryValues,
  parseWorkoutEntries,
  workoutBody,
  workoutEnvelope,
  workoutsList,
} from '../../../contract/workouts';
import type { Deps } from '../../deps';
import { isStaleWrite, isUniqueViolation } from '../../db/errors';
import { AppError, notFound as notFoundOf } from '../../lib/app-error';
import { uuidOrNil } from '../../lib/ids';
import { sendJson } from '../../lib/send-json';
import { normalizeSlugParam } from '../../lib/titles';
import { sessionValues } from '../sessions/session-record';
import { DateSlugs, SLUG_ATTEMPTS, skipOnAttempt } from '../sessions/session-slugs';
import { keyParams } from '../users/idempotency-keys';
import {
  type SessionRow,
  type WorkoutContext,
  createWorkout,
  deleteWorkout,
  findWorkout,
  readWorkoutContext,
  readWorkoutsPage,
  sessionRow,
  updateWorkout,
} from './workouts.repository';

const logParams = z.object({ slugLog: z.string() });
const idParams = logParams.extend({ id: z.string() });
const notFound = () => new AppError(404, WORKOUT_NOT_FOUND);

/** The rows of a checked body: new sessions and (on edit) the workout's sessions it keeps. */
interface Planned {
  rows: SessionRow[];
  kept: SessionRow[];
}

/**
 * The second step of a workout body (decision 0023): each entry against its exercise's kind, the
 * routine, and on edit each entry's `_id`. Every message at once, as a 400 keyed per entry.
 */
function plan(body: WorkoutBodyValues, context: WorkoutContext, attempt: number): Planned {
  const errors: Record<string, string> = {};
  if (body.routine !== null && !context.routineFound) errors.routine = NO_SUCH_ROUTINE;
  const exerciseOf = (slug: string) => context.exercises.get(normalizeSlugParam(slug));
  const parsed = parseWorkoutEntries(body.entries, (slug) => exerciseOf(slug)?.kind);
  if (!parsed.success) Object.assign(errors, parsed.errors);
  const members = new Map((context.members ?? []).map((m) => [m.id, m]));
  const used = new Set<string>();
  body.entries.forEach((entry, index) => {
    const id = context.members === null ? null : entry._id;
    if (id === null) return;
    const member = members.get(id);
    const exercise = exerciseOf(entry.slugExercise);
    if (!member || used.has(id)) errors[`entries.${index}._id`] ??= NO_SUCH_SESSION;
    else if (exercise && member.exercise !== exercise.id) errors[`entries.${index}._id`] ??= OTHER_EXERCISE;
    used.add(id);
  });
  if (!parsed.success || Object.keys(errors).length > 0)
    throw new AppError(400, Object.values(errors)[0] as string, errors);

  // The workout's sessions the body leaves out are deleted before anything is written
  // (workouts.repository.ts update_workout), so their slugs are free for the new ones (§4).
  const freed = new Set(
    (context.members ?? []).filter((m) => !used.has(m.id)).map((m) => `${m.exercise} ${m.slug}`),
  );
  const slugs = new Map<string, DateSlugs>();
  for (const { exercise, slug } of context.taken) {
    if (freed.has(`${exercise} ${slug}`)) continue;
    if (!slugs.has(exercise)) slugs.set(exercise, new DateSlugs());
    slugs.get(exercise)?.add(body.createdDate, slug);
  }
  const freeSlug = (exercise: string) => {
    if (!slugs.has(exercise)) slugs.set(exercise, new DateSlugs());
    const free = slugs.get(exercise) as DateSlugs;
    for (let skip = skipOnAttempt(attempt); skip > 0; skip -= 1) free.take(body.createdDate);
    return free.take(body.createdDate) as string;
  };
  const planned: Planned = { rows: [], kept: [] };
  parsed.entries.forEach((entry: WorkoutEntryValues, position) => {
    const exercise = exerciseOf(entry.slugExercise) as { id: string; kind: 'wlsession' | 'pasession' };
    const values =
      entry.kind === 'wlsession'
        ? sessionValues({ kind: 'wlsession', set: entry.set, notes: entry.notes })
        : sessionValues({
            kind: 'pasession',
            time: entry.time,
            distance: entry.distance,
            notes: entry.notes,
          });
    const member = entry._id === null || context.members === null ? undefined : members.get(entry._id);
    // A kept session keeps its slug while its date does (§4: only a new date recomputes it).
    const slug = member && member.date === body.createdDate ? member.slug : freeSlug(exercise.id);
    const row = sessionRow({
      id: member?.id ?? randomUUID(),
      exerciseId: exercise.id,
      kind: exercise.kind,
      slug,
      position,
      superset: entry.superset,
      values,
    });
    (member ? planned.kept : planned.rows).push(row);
  });
  return planned;
}

/**
 * Reads, plans and writes, and does it all again when another request got in between: it took a
 * slug the plan chose (the unique index refuses the write), or it changed what the plan was read
 * from (the write refuses itself: db/functions/as-planned.sql). The next read sees that request's
 * changes, so the answer is the one the two requests would get one after the other.
 */
async function withFreshPlan<T>(write: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write(attempt);
    } catch (error) {
      if (attempt >= SLUG_ATTEMPTS || !(isUniqueViolation(error) || isStaleWrite(error))) throw error;
    }
  }
}

/** A log's workouts (docs/api.md §11). */
export function workoutsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.requireSession);
    const inLog = (tokenHash: string, slugLog: string) => ({
      tokenHash,
      slugLog: normalizeSlugParam(slugLog),
    });

    const fieldsOf = (body: WorkoutBodyValues) => ({
      title: body.title,
      date: body.createdDate,
      startedAt: body.startedAt,
      endedAt: body.endedAt,
      notes: body.notes,
      routine: uuidOrNil(body.routine ?? ''),
    });
    const contextFor = (
      where: { tokenHash: string; slugLog: string },
      body: WorkoutBodyValues,
      id: string | null,
    ) =>
      readWorkoutContext(db, {
        ...where,
        slugs: body.entries.map((entry) => normalizeSlugParam(entry.slugExercise)),
        date: body.createdDate,
        routine: uuidOrNil(body.routine ?? ''),
        workoutId: id,
      });

    app.get(
      '/api/logs/:slugLog/workouts',
      {
        schema: {
          params: logParams,
          querystring: pageQuery(DEFAULT_LIMIT),
          response: { 200: workoutsList, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const { limit, page } = request.query;
        const body = await readWorkoutsPage(db, inLog(request.tokenHash, request.params.slugLog), {
          page,
          limit,
          offset: (page - 1) * limit,
        });
        return sendJson(reply, body);
      },
    );

    app.post(
      '/api/logs/:slugLog/workouts',
      {
        config: { idempotent: true },
        schema: {
          params: logParams,
          body: workoutBody,
          response: { 201: workoutEnvelope, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const where = inLog(request.tokenHash, request.params.slugLog);
        const id = randomUUID();
        const created = await withFreshPlan(async (attempt) => {
          const context = await contextFor(where, request.body, null);
          const { rows } = plan(request.body, context, attempt);
          return createWorkout(
            db,
            { ...where, ...fieldsOf(request.body), id, logId: context.logId, rows },
            keyParams(request.answerKey),
          );
        });
        if (created === null) throw notFoundOf('Log');
        return sendJson(reply, created, 201);
      },
    );

    app.get(
      '/api/logs/:slugLog/workouts/:id',
      { schema: { params: idParams, response: { 200: workoutEnvelope, '4xx': errorBody } } },
      async (request, reply) => {
        const found = await findWorkout(db, {
          ...inLog(request.tokenHash, request.params.slugLog),
          id: uuidOrNil(request.params.id),
        });
        if (found === null) throw notFound();
        return sendJson(reply, found);
      },
    );

    app.put(
      '/api/logs/:slugLog/workouts/:id',
      {
        schema: { params: idParams, body: workoutBody, response: { 200: workoutEnvelope, '4xx': errorBody } },
      },
      async (request, reply) => {
        const where = inLog(request.tokenHash, request.params.slugLog);
        const id = uuidOrNil(request.params.id);
        const updated = await withFreshPlan(async (attempt) => {
          const context = await contextFor(where, request.body, id);
          if (context.members === null || context.members.length === 0) throw notFound();
          const { rows, kept } = plan(request.body, context, attempt);
          return updateWorkout(db, {
            ...where,
            ...fieldsOf(request.body),
            id,
            logId: context.logId,
            rows,
            kept,
            version: context.version,
          });
        });
        if (updated === null) throw notFound();
        return sendJson(reply, updated);
      },
    );

    app.delete(
      '/api/logs/:slugLog/workouts/:id',
      { schema: { params: idParams, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        const deleted = await deleteWorkout(db, {
          ...inLog(request.tokenHash, request.params.slugLog),
          id: uuidOrNil(request.params.id),
        });
        if (!deleted) throw notFound();
        return { message: WORKOUT_DELETED };
      },
    );
  };
}
