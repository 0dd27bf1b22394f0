import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import {
  activity,
  activityQuery,
  exerciseRecords,
  progressQuery,
  recordsSet,
} from '../../../contract/records';
import type { SessionKind } from '../../../contract/exercises';
import { DEFAULT_LIMIT } from '../../../contract/page-query';
import { pageQuery } from '../../../contract/pagination';
import {
  exercisePage,
  pasession,
  pasessionBody,
  type PasessionValues,
  progress,
  wlsession,
  wlsessionBody,
  type WlsessionValues,
} from '../../../contract/sessions';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { sendJson } from '../../lib/send-json';
import { uuidOrNil } from '../../lib/ids';
import { normalizeSlugParam } from '../../lib/titles';
import { keyParams } from '../users/idempotency-keys';
import { readActivity, readRecords } from './session-records';
import { type SessionValues, sessionValues } from './session-record';
import {
  createSession,
  deleteSession,
  findSession,
  readExercisePage,
  type Scope,
  updateSession,
} from './sessions.repository';
import { readProgress } from './progress.repository';

const scopeParams = z.object({ slugLog: z.string(), slugExercise: z.string() });
type ScopeParams = z.infer<typeof scopeParams>;
const WRONG_KIND: Record<SessionKind, string> = {
  wlsession: 'This exercise records weight sessions (reps × kg), not pace sessions',
  pasession: 'This exercise records pace sessions (distance and time), not weight sessions',
};

/** The exercise named in the path, under the signed-in user. */
function scopeOf(tokenHash: string, params: ScopeParams): Scope {
  return {
    tokenHash,
    slugLog: normalizeSlugParam(params.slugLog),
    slugExercise: normalizeSlugParam(params.slugExercise),
  };
}

/** What each kind's routes differ in: their path segment, envelope key, body and record schemas. */
const KINDS = {
  wlsession: { segment: 'wlsessions', body: wlsessionBody, record: wlsession },
  pasession: { segment: 'pasessions', body: pasessionBody, record: pasession },
} as const;

function valuesOf(kind: SessionKind, body: WlsessionValues | PasessionValues): SessionValues {
  return kind === 'wlsession'
    ? sessionValues({ kind, ...(body as WlsessionValues) })
    : sessionValues({ kind, ...(body as PasessionValues) });
}

/** The exercise page, its progress chart, and each kind's session routes (docs/api.md §7). */
export function sessionsRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.requireSession);

    app.get(
      '/api/logs/:slugLog/exercises/:slugExercise',
      {
        schema: {
          params: scopeParams,
          querystring: pageQuery(DEFAULT_LIMIT),
          response: { 200: exercisePage, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const { limit, page } = request.query;
        const body = await readExercisePage(db, scopeOf(request.tokenHash, request.params), {
          page,
          limit,
          offset: (page - 1) * limit,
        });
        return sendJson(reply, body);
      },
    );

    app.get(
      '/api/logs/:slugLog/exercises/:slugExercise/progress',
      {
        schema: {
          params: scopeParams,
          querystring: progressQuery,
          response: { 200: progress, '4xx': errorBody },
        },
      },
      async (request) => readProgress(db, scopeOf(request.tokenHash, request.params), request.query),
    );

    app.get(
      '/api/logs/:slugLog/exercises/:slugExercise/records',
      { schema: { params: scopeParams, response: { 200: exerciseRecords, '4xx': errorBody } } },
      async (request, reply) =>
        sendJson(reply, await readRecords(db, scopeOf(request.tokenHash, request.params))),
    );

    app.get(
      '/api/activity',
      { schema: { querystring: activityQuery, response: { 200: activity, '4xx': errorBody } } },
      async (request, reply) =>
        sendJson(reply, await readActivity(db, { tokenHash: request.tokenHash, ...request.query })),
    );

    for (const kind of ['wlsession', 'pasession'] as const)
      kindRoutes(app as unknown as FastifyInstance, kind);
  };

  function kindRoutes(app: FastifyInstance, kind: SessionKind) {
    const { segment, body, record } = KINDS[kind];
    const base = `/api/logs/:slugLog/exercises/:slugExercise/${segment}`;
    type IdParams = ScopeParams & { id: string };
    type SlugParams = ScopeParams & { slugSession: string };
    type Body = WlsessionValues | PasessionValues;
    const idParams = scopeParams.extend({ id: z.string() });
    const slugParams = scopeParams.extend({ slugSession: z.string() });

    // Typed by hand: the zod provider cannot infer through a schema chosen at run time.
    app.post<{ Params: ScopeParams; Body: Body }>(
      base,
      {
        config: { idempotent: true },
        schema: { params: scopeParams, body, response: { 201: record, '4xx': errorBody } },
      },
      async (request, reply) => {
        const created = await createSession(
          db,
          scopeOf(request.tokenHash, request.params),
          {
            kind,
            id: randomUUID(),
            date: request.body.createdDate,
            values: valuesOf(kind, request.body),
          },
          keyParams(request.answerKey),
        );
        if (typeof created !== 'string') throw new AppError(400, WRONG_KIND[created.wrongKind]);
        return sendJson(reply, created, 201);
      },
    );

    app.get<{ Params: IdParams }>(
      `${base}/edit/:id`,
      { schema: { params: idParams, response: { 200: record, '4xx': errorBody } } },
      async (request, reply) => {
        const found = await findSession(db, 'id', {
          ...scopeOf(request.tokenHash, request.params),
          kind,
          key: uuidOrNil(request.params.id),
        });
        if (!found) throw notFound('Session');
        return sendJson(reply, found);
      },
    );

    app.put<{ Params: IdParams; Body: Body }>(
      `${base}/edit/:id`,
      { schema: { params: idParams, body, response: { 200: record, '4xx': errorBody } } },
      async (request, reply) => {
        const updated = await updateSession(db, scopeOf(request.tokenHash, request.params), {
          kind,
          id: uuidOrNil(request.params.id),
          date: request.body.createdDate,
          values: valuesOf(kind, request.body),
        });
        if (!updated) throw notFound('Session');
        return sendJson(reply, updated);
      },
    );

    app.get<{ Params: SlugParams }>(
      `${base}/:slugSession`,
      {
        schema: {
          params: slugParams,
          response: { 200: z.object({ [kind]: record.extend({ records: recordsSet }) }), '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const found = await findSession(db, 'slug', {
          ...scopeOf(request.tokenHash, request.params),
          kind,
          key: normalizeSlugParam(request.params.slugSession),
        });
        if (!found) throw notFound('Session');
        return sendJson(reply, found);
      },
    );

    app.delete<{ Params: SlugParams }>(
      `${base}/:slugSession`,
      { schema: { params: slugParams, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        await deleteSession(db, {
          ...scopeOf(request.tokenHash, request.params),
          kind,
          slugSession: normalizeSlugParam(request.params.slugSession),
        });
        return { message: 'Session deleted' };
      },
    );
  }
}
