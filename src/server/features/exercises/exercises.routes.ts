import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { exercise, exerciseCreateBody, exerciseUpdateBody } from '../../../contract/exercises';
import { UUID_PATTERN } from '../../../contract/fields';
import { DEFAULT_LIMIT, pageQuery } from '../../../contract/pagination';
import { exercisePage, progress } from '../../../contract/sessions';
import { RESERVED_EXERCISE_SLUGS } from '../../../contract/slug';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { normalizeSlugParam, slugForTitle } from '../../lib/titles';
import { findLogBySlug, touchLog } from '../logs/logs.repository';
import { assertScope, findScope } from '../sessions/session-scope';
import { exercisePageBody, readExercisePage, readProgress } from '../sessions/sessions.reads';
import { requireTokenHash } from '../../plugins/auth';
import { sendPrebuiltJson } from '../../lib/prebuilt-json';
import { createExercise, deleteExercise, findExerciseById, updateExercise } from './exercises.repository';

const TAKEN = 'An exercise with this title already exists';
const logParams = z.object({ slugLog: z.string() });
const exerciseParams = logParams.extend({ slugExercise: z.string() });

export function exercisesRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;

  async function logFor(userId: string, slugLog: string) {
    const found = await findLogBySlug(db, userId, normalizeSlugParam(slugLog));
    if (!found) throw notFound('Log');
    return found;
  }

  return async (app) => {
    app.addHook('onRequest', deps.requireUser);

    app.post(
      '/api/logs/:slugLog/exercises',
      {
        schema: {
          params: logParams,
          body: exerciseCreateBody,
          response: { 201: exercise, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const log = await logFor(request.user.id, request.params.slugLog);
        const { title, session } = request.body;
        const slug = slugForTitle(title, RESERVED_EXERCISE_SLUGS);
        const created = await db.transaction(async (tx) => {
          const result = await createExercise(tx, log, { title, slug, kind: session });
          // Thrown, not returned: the failed insert aborted the transaction, so it must roll back
          // (PGlite refuses to COMMIT an aborted transaction).
          if (result === 'taken') throw new AppError(409, TAKEN);
          await touchLog(tx, log.author, log._id);
          return result;
        });
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/logs/:slugLog/exercises/edit/:id',
      {
        schema: {
          params: logParams.extend({ id: z.string() }),
          response: { 200: exercise, '4xx': errorBody },
        },
      },
      async (request) => {
        const log = await logFor(request.user.id, request.params.slugLog);
        const found = UUID_PATTERN.test(request.params.id)
          ? await findExerciseById(db, log, request.params.id)
          : null;
        if (!found) throw notFound('Exercise');
        return found;
      },
    );

    app.put(
      '/api/logs/:slugLog/exercises/edit/:id',
      {
        schema: {
          params: logParams.extend({ id: z.string() }),
          body: exerciseUpdateBody,
          response: { 200: exercise, '4xx': errorBody },
        },
      },
      async (request) => {
        const log = await logFor(request.user.id, request.params.slugLog);
        if (!UUID_PATTERN.test(request.params.id)) throw notFound('Exercise');
        const { title } = request.body;
        const slug = slugForTitle(title, RESERVED_EXERCISE_SLUGS);
        const updated = await db.transaction(async (tx) => {
          const result = await updateExercise(tx, log, request.params.id, { title, slug });
          if (result === 'taken') throw new AppError(409, TAKEN); // rolls the aborted transaction back
          if (result) await touchLog(tx, log.author, log._id);
          return result;
        });
        if (!updated) throw notFound('Exercise');
        return updated;
      },
    );

    app.get(
      '/api/logs/:slugLog/exercises/:slugExercise',
      {
        config: { authInQuery: true },
        schema: {
          params: exerciseParams,
          querystring: pageQuery(DEFAULT_LIMIT),
          response: { 200: exercisePage, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const { limit, page } = request.query;
        const { slugLog, slugExercise } = request.params;
        const rows = await readExercisePage(db, {
          tokenHash: requireTokenHash(request),
          slugLog: normalizeSlugParam(slugLog),
          slugExercise: normalizeSlugParam(slugExercise),
          limit,
          offset: (page - 1) * limit,
        });
        assertScope(rows[0]);
        return sendPrebuiltJson(reply, exercisePage, exercisePageBody(rows, page, limit));
      },
    );

    app.get(
      '/api/logs/:slugLog/exercises/:slugExercise/progress',
      {
        config: { authInQuery: true },
        schema: { params: exerciseParams, response: { 200: progress, '4xx': errorBody } },
      },
      async (request) => {
        const { slugLog, slugExercise } = request.params;
        const row = await readProgress(db, {
          tokenHash: requireTokenHash(request),
          slugLog: normalizeSlugParam(slugLog),
          slugExercise: normalizeSlugParam(slugExercise),
        });
        assertScope(row);
        return { points: row.points };
      },
    );

    app.delete(
      '/api/logs/:slugLog/exercises/:slugExercise',
      { schema: { params: exerciseParams, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        const { exercise: found } = await findScope(
          db,
          request.user.id,
          request.params.slugLog,
          request.params.slugExercise,
        );
        if (!(await deleteExercise(db, found))) throw notFound('Exercise');
        return { message: 'Exercise deleted' };
      },
    );
  };
}
