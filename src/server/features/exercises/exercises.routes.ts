import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { exercise, exerciseCreateBody, exerciseUpdateBody, logPage } from '../../../contract/exercises';
import { DEFAULT_LIMIT, paginate, pageQuery } from '../../../contract/pagination';
import { RESERVED_EXERCISE_SLUGS } from '../../../contract/slug';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { uuidOrNil } from '../../lib/ids';
import { normalizeSlugParam, slugForTitle } from '../../lib/titles';
import {
  createExercise,
  deleteExercise,
  findExerciseById,
  readLogPage,
  updateExercise,
} from './exercises.repository';

const TAKEN = 'An exercise with this title already exists';
const logParams = z.object({ slugLog: z.string() });
const idParams = logParams.extend({ id: z.string() });
const exerciseParams = logParams.extend({ slugExercise: z.string() });

/** The log page (a log and its exercises) and each exercise's own record. */
export function exercisesRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.requireUser);

    app.get(
      '/api/logs/:slugLog',
      {
        schema: {
          params: logParams,
          querystring: pageQuery(DEFAULT_LIMIT),
          response: { 200: logPage, '4xx': errorBody },
        },
      },
      async (request) => {
        const { limit, page } = request.query;
        const { log, exercises, total } = await readLogPage(
          db,
          { authorId: request.user.id, slugLog: normalizeSlugParam(request.params.slugLog) },
          { limit, offset: (page - 1) * limit },
        );
        return {
          log,
          logAggregate: exercises.map((item) => ({ ...log, exercises: item })),
          pagination: paginate(total, page, limit),
        };
      },
    );

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
        const { title, session } = request.body;
        const created = await createExercise(db, {
          authorId: request.user.id,
          slugLog: normalizeSlugParam(request.params.slugLog),
          id: randomUUID(),
          title,
          slug: slugForTitle(title, RESERVED_EXERCISE_SLUGS),
          kind: session,
        });
        if (created === 'taken') throw new AppError(409, TAKEN);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/logs/:slugLog/exercises/edit/:id',
      { schema: { params: idParams, response: { 200: exercise, '4xx': errorBody } } },
      async (request) => {
        const { slugLog, id } = request.params;
        const found = await findExerciseById(db, {
          authorId: request.user.id,
          slugLog: normalizeSlugParam(slugLog),
          id: uuidOrNil(id),
        });
        if (!found) throw notFound('Exercise');
        return found;
      },
    );

    app.put(
      '/api/logs/:slugLog/exercises/edit/:id',
      {
        schema: { params: idParams, body: exerciseUpdateBody, response: { 200: exercise, '4xx': errorBody } },
      },
      async (request) => {
        const { slugLog, id } = request.params;
        const { title } = request.body;
        const updated = await updateExercise(db, {
          authorId: request.user.id,
          slugLog: normalizeSlugParam(slugLog),
          id: uuidOrNil(id),
          title,
          slug: slugForTitle(title, RESERVED_EXERCISE_SLUGS),
        });
        if (updated === 'taken') throw new AppError(409, TAKEN);
        if (!updated) throw notFound('Exercise');
        return updated;
      },
    );

    app.delete(
      '/api/logs/:slugLog/exercises/:slugExercise',
      { schema: { params: exerciseParams, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        await deleteExercise(db, {
          authorId: request.user.id,
          slugLog: normalizeSlugParam(request.params.slugLog),
          slugExercise: normalizeSlugParam(request.params.slugExercise),
        });
        return { message: 'Exercise deleted' };
      },
    );
  };
}
