import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { day, dayParams, trainingDays } from '../../../contract/days';
import { errorBody } from '../../../contract/errors';
import { DEFAULT_LIMIT } from '../../../contract/page-query';
import { pageQuery } from '../../../contract/pagination';
import type { Deps } from '../../deps';
import { sendJson } from '../../lib/send-json';
import { readDay, readTrainingDays } from './days.repository';

/** Days of training across all logs (docs/api.md §14), for the history screens. */
export function daysRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.requireSession);

    app.get(
      '/api/days',
      {
        schema: { querystring: pageQuery(DEFAULT_LIMIT), response: { 200: trainingDays, '4xx': errorBody } },
      },
      async (request, reply) =>
        sendJson(reply, await readTrainingDays(db, { tokenHash: request.tokenHash, ...request.query })),
    );

    app.get(
      '/api/days/:date',
      { schema: { params: dayParams, response: { 200: day, '4xx': errorBody } } },
      async (request, reply) =>
        sendJson(reply, await readDay(db, { tokenHash: request.tokenHash, date: request.params.date })),
    );
  };
}
