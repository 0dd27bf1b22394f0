import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, importQuery, importSummary } from '../../../contract/data';
import { errorBody } from '../../../contract/errors';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { exportCsv, exportJson } from './export-writers';
import { applyImport } from './import-apply';
import { importPastQuota, quotaPassed } from '../../db/quotas';
import { readFitnotes } from './import-fitnotes';
import { readHevy } from './import-hevy';
import { readOwnJson } from './import-json';
import type { ImportPlan } from './import-plan';
import { readStrong } from './import-strong';

/** Content types a file may arrive with; browsers label .csv files differently per system. */
const FILE_TYPES = [
  'application/json',
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

/** A stream is written as it is, never through a serializer: its 200 has no schema to hold to. */
const streamed = { 200: z.unknown(), '4xx': errorBody };

function attachment(extension: 'json' | 'csv', now: Date): string {
  return `attachment; filename="workout-log-${now.toISOString().slice(0, 10)}.${extension}"`;
}

/** The plan of an uploaded file, read by the reader its source names. */
async function readPlan(raw: string, query: z.output<typeof importQuery>): Promise<ImportPlan> {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.trim() === '') throw new AppError(400, 'The file is empty');
  if (query.source === 'json') return readOwnJson(text);
  if (query.source === 'hevy') return readHevy(text);
  if (query.source === 'fitnotes') return readFitnotes(text);
  return readStrong(text, query);
}

/** GET /api/export.json, GET /api/export.csv and POST /api/import (docs/data-portability.md). */
export function dataRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    // onRequest, not preHandler: a stranger's 10 MB upload is refused before it is read.
    app.addHook('onRequest', deps.requireUser);

    // Import bodies are files, read whole as text (this plugin's scope only); the source says how to parse.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(FILE_TYPES, { parseAs: 'string' }, (_request, body, done) => done(null, body));

    // Fastify's own messages speak of JSON bodies of 100 KB; these name the file and its limit.
    app.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new AppError(413, `The file is too large: the limit is ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      // A create that raced the import past a quota after its check (import-quotas.ts).
      const quota = quotaPassed(error);
      if (quota) throw new AppError(413, importPastQuota(quota.item, quota.max));
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        throw new AppError(415, 'Send the file as application/json (our export) or text/csv (Hevy, Strong)');
      throw error;
    });

    app.get('/api/export.json', { schema: { response: streamed } }, async (request, reply) => {
      const now = new Date();
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', attachment('json', now))
        .header('cache-control', 'no-store')
        .send(Readable.from(exportJson(db, request.user.id, now.toISOString()), { objectMode: false }));
    });

    app.get('/api/export.csv', { schema: { response: streamed } }, async (request, reply) => {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('csv', new Date()))
        .header('cache-control', 'no-store')
        .send(Readable.from(exportCsv(db, request.user.id), { objectMode: false }));
    });

    app.post(
      '/api/import',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: { querystring: importQuery, response: { 200: importSummary, '4xx': errorBody } },
      },
      async (request) => {
        const { dryRun } = request.query;
        const raw = typeof request.body === 'string' ? request.body : '';
        // The request lets go of the file (up to 10 MB of text): only the plan read from it is
        // kept while the import is diffed and written.
        request.body = undefined;
        const plan = await readPlan(raw, request.query);
        return applyImport(db, request.user.id, plan, dryRun);
      },
    );
  };
}
