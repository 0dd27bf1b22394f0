import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { exercise, exerciseCreateBody, exerciseUpdateBody, logPage } from '../../../contract/exercises';
import { DEFAULT_LIMIT } from '../../../contract/page-query';
import { pageQuery } from '../../../contract/pagination';
import { RESERVED_EXERCISE_SLUGS } from '../../../contract/slug';
import type { Deps } from '../../deps';
import { keyParams } from '../users/idempotency-keys';
import { AppError, notFound } from '../../lib/app-error';
import { sendJson } from '../../lib/send-json';
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
    app.addHook('onRequest', deps.requireSession);

    app.get(
      '/api/logs/:slugLog',
      {
        schema: {
          params: logParams,
          querystring: pageQuery(DEFAULT_LIMIT),
          response: { 200: logPage, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const { limit, page } = request.query;
        const body = await readLogPage(
          db,
          { tokenHash: request.tokenHash, slugLog: normalizeSlugParam(request.params.slugLog) },
          { page, limit, offset: (page - 1) * limit },
        );
        return sendJson(reply, body);
      },
    );

    app.post(
      '/api/logs/:slugLog/exercises',
      {
        config: { idempotent: true },
        schema: {
          params: logParams,
          body: exerciseCreateBody,
          response: { 201: exercise, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const { title, session } = request.body;
        const created = await createExercise(
          db,
          {
            tokenHash: request.tokenHash,
            slugLog: normalizeSlugParam(request.params.slugLog),
            id: randomUUID(),
            title,
            slug: slugForTitle(title, RESERVED_EXERCISE_SLUGS),
            kind: session,
          },
          keyParams(request.answerKey),
        );
        if (created === 'taken') throw new AppError(409, TAKEN);
        return sendJson(reply, created, 201);
      },
    );

    app.get(
      '/api/logs/:slugLog/exercises/edit/:id',
      { schema: { params: idParams, response: { 200: exercise, '4xx': errorBody } } },
      async (request, reply) => {
        const { slugLog, id } = request.params;
        const found = await findExerciseById(db, {
          tokenHash: request.tokenHash,
          slugLog: normalizeSlugParam(slugLog),
          id: uuidOrNil(id),
        });
        if (!found) throw notFound('Exercise');
        return sendJson(reply, found);
      },
    );

    app.put(
      '/api/logs/:slugLog/exercises/edit/:id',
      {
        schema: { params: idParams, body: exerciseUpdateBody, response: { 200: exercise, '4xx': errorBody } },
      },
      async (request, reply) => {
        const { slugLog, id } = request.params;
        const { title } = request.body;
        const updated = await updateExercise(db, {
          tokenHash: request.tokenHash,
          slugLog: normalizeSlugParam(slugLog),
          id: uuidOrNil(id),
          title,
          slug: slugForTitle(title, RESERVED_EXERCISE_SLUGS),
        });
        if (updated === 'taken') throw new AppError(409, TAKEN);
        if (!updated) throw notFound('Exercise');
        return sendJson(reply, updated);
      },
    );

    app.delete(
      '/api/logs/:slugLog/exercises/:slugExercise',
      { schema: { params: exerciseParams, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        await deleteExercise(db, {
          tokenHash: request.tokenHash,
          slugLog: normalizeSlugParam(request.params.slugLog),
          slugExercise: normalizeSlugParam(request.params.slugExercise),
        });
        return { message: 'Exercise deleted' };
      },
    );
  };
}
