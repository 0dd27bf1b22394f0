import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { logPage } from '../../../contract/exercises';
import { UUID_PATTERN } from '../../../contract/fields';
import { log, logBody, logsList } from '../../../contract/logs';
import { DEFAULT_LIMIT, LOGS_DEFAULT_LIMIT, pageQuery, totalPagesOf } from '../../../contract/pagination';
import { RESERVED_LOG_SLUGS } from '../../../contract/slug';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { normalizeSlugParam, slugForTitle } from '../../lib/titles';
import { assertSignedIn, requireTokenHash } from '../../plugins/auth';
import { sendPrebuiltJson } from '../../lib/prebuilt-json';
import { readLogPage, readLogsPage } from './logs.reads';
import { createLog, deleteLog, findLogById, findLogBySlug, updateLog } from './logs.repository';

const TAKEN = 'A log with this title already exists';

export function logsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.requireUser);

    app.get(
      '/api/logs',
      {
        config: { authInQuery: true },
        schema: { querystring: pageQuery(LOGS_DEFAULT_LIMIT), response: { 200: logsList, '4xx': errorBody } },
      },
      async (request) => {
        const { limit, page } = request.query;
        const row = await readLogsPage(db, {
          tokenHash: requireTokenHash(request),
          limit,
          offset: (page - 1) * limit,
        });
        assertSignedIn(row.userId);
        const { logs, total } = row;
        return { logs, pagination: { totalPages: totalPagesOf(total, limit), page, limit, total } };
      },
    );

    app.post(
      '/api/logs',
      { schema: { body: logBody, response: { 201: log, '4xx': errorBody } } },
      async (request, reply) => {
        const { title } = request.body;
        const created = await createLog(db, request.user.id, {
          title,
          slug: slugForTitle(title, RESERVED_LOG_SLUGS),
        });
        if (created === 'taken') throw new AppError(409, TAKEN);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/logs/edit/:id',
      { schema: { params: z.object({ id: z.string() }), response: { 200: log, '4xx': errorBody } } },
      async (request) => {
        const found = UUID_PATTERN.test(request.params.id)
          ? await findLogById(db, request.user.id, request.params.id)
          : null;
        if (!found) throw notFound('Log');
        return found;
      },
    );

    app.put(
      '/api/logs/edit/:id',
      {
        schema: {
          params: z.object({ id: z.string() }),
          body: logBody,
          response: { 200: log, '4xx': errorBody },
        },
      },
      async (request) => {
        if (!UUID_PATTERN.test(request.params.id)) throw notFound('Log');
        const { title } = request.body;
        const slug = slugForTitle(title, RESERVED_LOG_SLUGS);
        const updated = await updateLog(db, request.user.id, request.params.id, { title, slug });
        if (updated === 'taken') throw new AppError(409, TAKEN);
        if (!updated) throw notFound('Log');
        return updated;
      },
    );

    app.get(
      '/api/logs/:slugLog',
      {
        config: { authInQuery: true },
        schema: {
          params: z.object({ slugLog: z.string() }),
          querystring: pageQuery(DEFAULT_LIMIT),
          response: { 200: logPage, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const { limit, page } = request.query;
        const slug = normalizeSlugParam(request.params.slugLog);
        const row = await readLogPage(db, {
          tokenHash: requireTokenHash(request),
          slugLog: slug,
          limit,
          offset: (page - 1) * limit,
          page,
        });
        assertSignedIn(row.userId);
        if (!row.body) throw notFound('Log');
        return sendPrebuiltJson(reply, logPage, row.body);
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
        const found =
          (UUID_PATTERN.test(idOrSlug) ? await findLogById(db, request.user.id, idOrSlug) : null) ??
          (await findLogBySlug(db, request.user.id, normalizeSlugParam(idOrSlug)));
        if (!found || !(await deleteLog(db, request.user.id, found._id))) throw notFound('Log');
        return { message: 'Log deleted' };
      },
    );
  };
}
