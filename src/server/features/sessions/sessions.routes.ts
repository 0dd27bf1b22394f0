import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import type { Exercise, SessionKind } from '../../../contract/exercises';
import { UUID_PATTERN } from '../../../contract/fields';
import {
  pasession,
  pasessionBody,
  type PasessionValues,
  wlsession,
  wlsessionBody,
  type WlsessionValues,
} from '../../../contract/sessions';
import type { Db, Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { normalizeSlugParam } from '../../lib/titles';
import { touchExercise } from '../exercises/exercises.repository';
import { touchLog } from '../logs/logs.repository';
import { isUniqueViolation } from '../users/users.repository';
import { deletePasession, findPasessionById, updatePasession } from './pasessions.repository';
import { assertScope, findScope } from './session-scope';
import { readSessionBySlug } from './sessions.reads';
import { assertSignedIn, makeValidationGate, requireTokenHash } from '../../plugins/auth';
import { createSessionOneTrip } from './sessions.create';
import { deleteWlsession, findWlsessionById, updateWlsession } from './wlsessions.repository';

const scopeParams = z.object({ slugLog: z.string(), slugExercise: z.string() });
const WRONG_KIND: Record<SessionKind, string> = {
  wlsession: 'This exercise records weight sessions (reps × kg), not pace sessions',
  pasession: 'This exercise records pace sessions (distance and time), not weight sessions',
};

/** Two writers can pick the same dated slug at once; the unique index catches it and we pick again. */
async function retryOnSlugClash<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 10 || !isUniqueViolation(error)) throw error;
      // A random pause, growing: writers racing for the same next `-N` spread out rather than clash
      // again in lockstep (without it, 3 writers on one date exhausted 5 immediate retries on PostgreSQL).
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

function withSlugRetry<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return retryOnSlugClash(() => db.transaction((tx) => work(tx as unknown as Executor)));
}

/** Creating or editing a session makes its exercise and log the most recently active. */
async function touchParents(tx: Executor, exercise: Exercise) {
  await touchExercise(tx, exercise);
  await touchLog(tx, exercise.author, exercise.log);
}

interface KindSpec<Body, Rec> {
  kind: SessionKind;
  segment: 'wlsessions' | 'pasessions';
  envelope: 'wlsession' | 'pasession';
  body: z.ZodType<Body>;
  record: z.ZodType<Rec>;
  findById(db: Executor, exercise: Exercise, id: string): Promise<Rec | null>;
  update(tx: Executor, exercise: Exercise, current: Rec, input: Body): Promise<Rec>;
  remove(db: Executor, exercise: Exercise, slug: string): Promise<boolean>;
}

const wlSpec: KindSpec<WlsessionValues, z.infer<typeof wlsession>> = {
  kind: 'wlsession',
  segment: 'wlsessions',
  envelope: 'wlsession',
  body: wlsessionBody as unknown as z.ZodType<WlsessionValues>,
  record: wlsession,
  findById: findWlsessionById,
  update: updateWlsession,
  remove: deleteWlsession,
};

const paSpec: KindSpec<PasessionValues, z.infer<typeof pasession>> = {
  kind: 'pasession',
  segment: 'pasessions',
  envelope: 'pasession',
  body: pasessionBody as unknown as z.ZodType<PasessionValues>,
  record: pasession,
  findById: findPasessionById,
  update: updatePasession,
  remove: deletePasession,
};

function kindRoutes<Body, Rec>(deps: Deps, spec: KindSpec<Body, Rec>): FastifyPluginAsyncZod {
  const { db } = deps;
  const base = `/api/logs/:slugLog/exercises/:slugExercise/${spec.segment}`;
  const envelope = z.object({ [spec.envelope]: spec.record });

  /** The exercise named in the path, which must record this kind of session. */
  async function scopeFor(userId: string, params: z.infer<typeof scopeParams>) {
    const { exercise } = await findScope(db, userId, params.slugLog, params.slugExercise);
    return exercise;
  }

  type ScopeParams = z.infer<typeof scopeParams>;
  type IdParams = ScopeParams & { id: string };
  type SlugParams = ScopeParams & { slugSession: string };

  // Typed by hand: the zod provider cannot infer through this function's generic schemas.
  return async (zodApp) => {
    const app = zodApp as unknown as FastifyInstance;
    app.addHook('onRequest', deps.requireUser);

    app.post<{ Params: ScopeParams; Body: Body }>(
      base,
      {
        config: { authInQuery: true },
        attachValidation: true,
        preHandler: makeValidationGate(db),
        schema: { params: scopeParams, body: spec.body, response: { 201: spec.record, '4xx': errorBody } },
      },
      async (request, reply) => {
        const tokenHash = requireTokenHash(request);
        const scope = {
          slugLog: normalizeSlugParam(request.params.slugLog),
          slugExercise: normalizeSlugParam(request.params.slugExercise),
        };
        const body = request.body as WlsessionValues | PasessionValues;
        const row = await retryOnSlugClash(() =>
          createSessionOneTrip<Rec>(db, tokenHash, spec.kind, scope, body),
        );
        assertSignedIn(row.userId);
        if (!row.hasLog) throw notFound('Log');
        if (!row.kind) throw notFound('Exercise');
        if (row.kind !== spec.kind) throw new AppError(400, WRONG_KIND[row.kind]);
        return reply.status(201).send(row.session);
      },
    );

    app.get<{ Params: IdParams }>(
      `${base}/edit/:id`,
      {
        schema: {
          params: scopeParams.extend({ id: z.string() }),
          response: { 200: spec.record, '4xx': errorBody },
        },
      },
      async (request) => {
        const exercise = await scopeFor(request.user.id, request.params);
        const found = UUID_PATTERN.test(request.params.id)
          ? await spec.findById(db, exercise, request.params.id)
          : null;
        if (!found) throw notFound('Session');
        return found;
      },
    );

    app.put<{ Params: IdParams; Body: Body }>(
      `${base}/edit/:id`,
      {
        schema: {
          params: scopeParams.extend({ id: z.string() }),
          body: spec.body,
          response: { 200: spec.record, '4xx': errorBody },
        },
      },
      async (request) => {
        const exercise = await scopeFor(request.user.id, request.params);
        if (!UUID_PATTERN.test(request.params.id)) throw notFound('Session');
        return withSlugRetry(db, async (tx) => {
          const current = await spec.findById(tx, exercise, request.params.id);
          if (!current) throw notFound('Session');
          const updated = await spec.update(tx, exercise, current, request.body as Body);
          await touchParents(tx, exercise);
          return updated;
        });
      },
    );

    app.get<{ Params: SlugParams }>(
      `${base}/:slugSession`,
      {
        config: { authInQuery: true },
        schema: {
          params: scopeParams.extend({ slugSession: z.string() }),
          response: { 200: envelope, '4xx': errorBody },
        },
      },
      async (request) => {
        const { slugLog, slugExercise, slugSession } = request.params;
        const row = await readSessionBySlug<Rec>(db, spec.kind, {
          tokenHash: requireTokenHash(request),
          slugLog: normalizeSlugParam(slugLog),
          slugExercise: normalizeSlugParam(slugExercise),
          slugSession: normalizeSlugParam(slugSession),
        });
        assertScope(row);
        if (!row.session) throw notFound('Session');
        return { [spec.envelope]: row.session };
      },
    );

    app.delete<{ Params: SlugParams }>(
      `${base}/:slugSession`,
      {
        schema: {
          params: scopeParams.extend({ slugSession: z.string() }),
          response: { 200: messageBody, '4xx': errorBody },
        },
      },
      async (request) => {
        const exercise = await scopeFor(request.user.id, request.params);
        if (!(await spec.remove(db, exercise, normalizeSlugParam(request.params.slugSession))))
          throw notFound('Session');
        return { message: 'Session deleted' };
      },
    );
  };
}

export function sessionsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(kindRoutes(deps, wlSpec));
    await app.register(kindRoutes(deps, paSpec));
  };
}
