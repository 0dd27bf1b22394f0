import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { NO_SUCH_EXERCISE } from '../../../contract/gym-fields';
import {
  ROUTINE_DELETED,
  ROUTINE_NOT_FOUND,
  type RoutineBodyValues,
  routineBody,
  routineEnvelope,
  routineTargetsFor,
  routinesList,
} from '../../../contract/routines';
import type { Deps } from '../../deps';
import { AppError, notFound as notFoundOf } from '../../lib/app-error';
import { uuidOrNil } from '../../lib/ids';
import { sendJson } from '../../lib/send-json';
import { normalizeSlugParam } from '../../lib/titles';
import { keyParams } from '../users/idempotency-keys';
import {
  type EntryRow,
  createRoutine,
  deleteRoutine,
  findRoutine,
  readRoutineContext,
  readRoutines,
  updateRoutine,
} from './routines.repository';

const logParams = z.object({ slugLog: z.string() });
const idParams = logParams.extend({ id: z.string() });
const notFound = () => new AppError(404, ROUTINE_NOT_FOUND);

/** A log's routines (docs/api.md §11). */
export function routinesRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.requireSession);
    const inLog = (tokenHash: string, slugLog: string) => ({
      tokenHash,
      slugLog: normalizeSlugParam(slugLog),
    });

    /** The entries' rows once each exercise is looked up; a 400 keyed per entry for a slug the log lacks. */
    async function entriesOf(
      where: { tokenHash: string; slugLog: string },
      body: RoutineBodyValues,
      routineId: string | null,
    ) {
      const slugs = body.entries.map((entry) => normalizeSlugParam(entry.slugExercise));
      const context = await readRoutineContext(db, {
        ...where,
        slugs,
        routineId: routineId ?? uuidOrNil(''),
      });
      // An unknown routine is 404 whatever its body names.
      if (routineId !== null && !context.routineFound) throw notFound();
      const errors: Record<string, string> = {};
      const rows: EntryRow[] = [];
      body.entries.forEach((entry, position) => {
        const exercise = context.exercises.get(slugs[position] as string);
        if (!exercise) {
          errors[`entries.${position}.slugExercise`] = NO_SUCH_EXERCISE;
          return;
        }
        const targets = routineTargetsFor(exercise.kind, entry);
        rows.push({
          position,
          exercise_id: exercise.id,
          sets: targets.sets,
          reps_min: targets.repsMin,
          reps_max: targets.repsMax,
          rest_seconds: targets.restSeconds,
          superset: targets.superset,
        });
      });
      if (Object.keys(errors).length > 0) throw new AppError(400, NO_SUCH_EXERCISE, errors);
      return { logId: context.logId, entries: rows };
    }

    app.get(
      '/api/logs/:slugLog/routines',
      { schema: { params: logParams, response: { 200: routinesList, '4xx': errorBody } } },
      async (request, reply) =>
        sendJson(reply, await readRoutines(db, inLog(request.tokenHash, request.params.slugLog))),
    );

    app.post(
      '/api/logs/:slugLog/routines',
      {
        config: { idempotent: true },
        schema: {
          params: logParams,
          body: routineBody,
          response: { 201: routineEnvelope, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const where = inLog(request.tokenHash, request.params.slugLog);
        const { logId, entries } = await entriesOf(where, request.body, null);
        const created = await createRoutine(
          db,
          {
            ...where,
            id: randomUUID(),
            logId,
            title: request.body.title,
            notes: request.body.notes,
            entries,
          },
          keyParams(request.answerKey),
        );
        if (created === null) throw notFoundOf('Log');
        return sendJson(reply, created, 201);
      },
    );

    app.get(
      '/api/logs/:slugLog/routines/:id',
      { schema: { params: idParams, response: { 200: routineEnvelope, '4xx': errorBody } } },
      async (request, reply) => {
        const found = await findRoutine(db, {
          ...inLog(request.tokenHash, request.params.slugLog),
          id: uuidOrNil(request.params.id),
        });
        if (found === null) throw notFound();
        return sendJson(reply, found);
      },
    );

    app.put(
      '/api/logs/:slugLog/routines/:id',
      {
        schema: { params: idParams, body: routineBody, response: { 200: routineEnvelope, '4xx': errorBody } },
      },
      async (request, reply) => {
        const where = inLog(request.tokenHash, request.params.slugLog);
        const { logId, entries } = await entriesOf(where, request.body, uuidOrNil(request.params.id));
        const updated = await updateRoutine(db, {
          ...where,
          id: uuidOrNil(request.params.id),
          logId,
          title: request.body.title,
          notes: request.body.notes,
          entries,
        });
        if (updated === null) throw notFound();
        return sendJson(reply, updated);
      },
    );

    app.delete(
      '/api/logs/:slugLog/routines/:id',
      { schema: { params: idParams, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        const deleted = await deleteRoutine(db, {
          ...inLog(request.tokenHash, request.params.slugLog),
          id: uuidOrNil(request.params.id),
        });
        if (!deleted) throw notFound();
        return { message: ROUTINE_DELETED };
      },
    );
  };
}
