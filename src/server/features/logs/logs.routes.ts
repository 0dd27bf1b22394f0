import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { log, logBody, logsList } from '../../../contract/logs';
import { LOGS_DEFAULT_LIMIT } from '../../../contract/page-query';
import { pageQuery } from '../../../contract/pagination';
import { RESERVED_LOG_SLUGS } from '../../../contract/slug';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { sendJson } from '../../lib/send-json';
import { uuidOrNil } from '../../lib/ids';
import { normalizeSlugParam, slugForTitle } from '../../lib/titles';
import { keyParams } from '../users/idempotency-keys';
import { createLog, deleteLog, findLogById, readLogsPage, updateLog } from './logs.repository';

const TAKEN = 'A log with this title already exists';
const idParams = z.object({ id: z.string() });

/** The logs list and a log's own record. The log page (its exercises) is the exercises feature's. */
export function logsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.requireSession);

    app.get(
      '/api/logs',
      {
        schema: { querystring: pageQuery(LOGS_DEFAULT_LIMIT), response: { 200: logsList, '4xx': errorBody } },
      },
      async (request, reply) => {
        const { limit, page } = request.query;
        const body = await readLogsPage(db, request.tokenHash, { page, limit, offset: (page - 1) * limit });
        return sendJson(reply, body);
      },
    );

    app.post(
      '/api/logs',
      { config: { idempotent: true }, schema: { body: logBody, response: { 201: log, '4xx': errorBody } } },
      async (request, reply) => {
        const { title } = request.body;
        const slug = slugForTitle(title, RESERVED_LOG_SLUGS);
        const created = await createLog(
          db,
          request.tokenHash,
          { id: randomUUID(), title, slug },
          keyParams(request.answerKey),
        );
        if (created === 'taken') throw new AppError(409, TAKEN);
        return sendJson(reply, created, 201);
      },
    );

    app.get(
      '/api/logs/edit/:id',
      { schema: { params: idParams, response: { 200: log, '4xx': errorBody } } },
      async (request, reply) => {
        const found = await findLogById(db, request.tokenHash, uuidOrNil(request.params.id));
        if (!found) throw notFound('Log');
        return sendJson(reply, found);
      },
    );

    app.put(
      '/api/logs/edit/:id',
      { schema: { params: idParams, body: logBody, response: { 200: log, '4xx': errorBody } } },
      async (request, reply) => {
        const { title } = request.body;
        const slug = slugForTitle(title, RESERVED_LOG_SLUGS);
        const updated = await updateLog(db, request.tokenHash, {
          id: uuidOrNil(request.params.id),
          title,
          slug,
        });
        if (updated === 'taken') throw new AppError(409, TAKEN);
        if (!updated) throw notFound('Log');
        return sendJson(reply, updated);
      },
    );

    // The web app deletes by slug on the detail screen and by id elsewhere: both work.
    app.delete(
      '/api/logs/:idOrSlug',
      {
        schema: {
          params: z.object({ idOrSlug: z.string() }),
          response: { 200: messageBody, '4xx': errorBody },
        },
      },
      async (request) => {
        const { idOrSlug } = request.params;
        const named = {
          id: uuidOrNil(idOrSlug),
          slug: normalizeSlugParam(idOrSlug),
        };
        if (!(await deleteLog(db, request.tokenHash, named))) throw notFound('Log');
        return { message: 'Log deleted' };
      },
    );
  };
}
