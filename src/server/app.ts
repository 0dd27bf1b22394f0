import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ZodType } from 'zod';
import { type Config, DEFAULT_WRITES_PER_USER } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { dataRoutes } from './features/portability/data.routes';
import { daysRoutes } from './features/days/days.routes';
import { exercisesRoutes } from './features/exercises/exercises.routes';
import { logsRoutes } from './features/logs/logs.routes';
import { sessionsRoutes } from './features/sessions/sessions.routes';
import { systemRoutes } from './features/system/system.routes';
import { findSessionUser } from './features/users/auth-sessions.repository';
import * as keptAnswers from './features/users/idempotency-keys';
import { usersRoutes } from './features/users/users.routes';
import { routinesRoutes } from './features/routines/routines.routes';
import { workoutsRoutes } from './features/workouts/workouts.routes';
import { trashRoutes } from './features/trash/trash.routes';
import { sharedLimiter } from './db/rate-limits';
import { createMailer, type Mailer } from './lib/mailer';
import { inMemoryLimiter } from './lib/rate-limiter';
import {
  makeRequireSession,
  makeRequireUser,
  registerAuth,
  registerLastSeen,
  registerStrangerCheck,
} from './plugins/auth';
import { touchAuthSession } from './features/users/devices.repository';
import { answerClientError, loggable, MAX_URL_LENGTH, registerErrorHandler } from './plugins/errors';
import { registerEncodedBodies } from './plugins/encoded-bodies';
import { registerIdempotency } from './plugins/idempotency';
import { registerWriteLimit } from './plugins/write-limit';
import { writeLimit } from './features/users/write-limits';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { ROOT } from './paths';

export const WEB_DIST = path.join(ROOT, 'dist/web');

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Replaces SMTP / the log (tests read the reset link from it). */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /**
   * Prefix of this app's rate-limit counters in PostgreSQL. Instances that should share limits
   * share it (the default, ''); tests give each app its own, as separate servers would have.
   */
  rateLimitScope?: string;
  webDist?: string;
  /**
   * Check every JSON answer against its route's response schema (the server tests turn it on):
   * the record routes send JSON text PostgreSQL built, which no serializer checks (decision 0014).
   */
  checkAnswers?: boolean;
}

/** Paths that identify a person's secrets: never written to the log. */
const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** Reset links carry their token in the path (API and web page alike): log the route, not the token. */
function serializeRequest(request: { method: string; url: string; ip?: string; id?: string }) {
  return {
    method: request.method,
    url: request.url.replace(/\/reset-password\/[^/?#]+/, '/reset-password/[redacted]'),
    remoteAddress: request.ip,
  };
}

/** An answer that breaks its route's response schema becomes a 500 naming the mismatch. */
async function checkAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const type = String(reply.getHeader('content-type') ?? '');
  if (typeof payload !== 'string' || !type.startsWith('application/json')) return payload;
  const schemas = request.routeOptions.schema?.response as Record<string, ZodType> | undefined;
  const status = reply.statusCode;
  const schema = schemas?.[status] ?? schemas?.[`${String(status)[0]}xx`];
  const result = schema?.safeParse(JSON.parse(payload));
  if (result && !result.success) {
    throw new Error(
      `${request.method} ${request.url} answered ${status} against its schema: ${result.error.message}`,
    );
  }
  return payload;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: REDACT,
      serializers: { req: serializeRequest },
    },
    bodyLimit: 100 * 1024,
    // Per-IP limits use the address trusted proxies report, never one a client wrote (docs/api.md §9).
    trustProxy: config.trustProxy,
    // Slugs of 100-letter non-Latin titles are ~600 characters once percent-encoded.
    routerOptions: { maxParamLength: 2048 },
    // Requests Node's HTTP parser refuses (a request line past 16 KB among them) come before any.
    clientErrorHandler: answerClientError,
    // Errors raised before routing (a malformed %-escape in the path) get our `{message}` shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message =
        status === 414 ? 'The address is too long' : 'The address is not valid: check its %-escapes';
      void (reply as FastifyReply).status(status).send({ message });
    },
  });
  // First of all hooks, so the 404 handler and the web app's fallback page refuse it too.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH)
      return reply.status(414).send({ message: 'The address is too long' });
  });
  registerEncodedBodies(app);
  if (options.checkAnswers) app.addHook('onSend', checkAnswer);
  // Plugins do not import features: what they need of them is passed in here.
  const findUser = (tokenHash: string) => findSessionUser(database.db, tokenHash);
  registerStrangerCheck(app, findUser);
  const replayTakenKey = registerIdempotency(app, database.db, keptAnswers);
  // JSON only (docs/api.md §3: anything else is 415). Fastify also parses text/plain by default, which is
  // a body type a cross-site form can send without a preflight.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body (a client that always sends the header, e.g. on logout) is "no body", not an error;
  // routes that need a body still refuse it through their schema.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  // The route table, as registered: the authorization matrix test walks it so no route is forgotten.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });
  // Answers of the API carry user data: no browser or proxy cache keeps them (docs/api.md §9).
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, replayTakenKey);

  const pending = new Set<Promise<unknown>>();
  const deps: Deps = {
    db: database.db,
    config,
    mailer: options.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log),
    requireUser: makeRequireUser(findUser),
    requireSession: makeRequireSession(),
    limiter: (name, max, windowMs) =>
      database.engine === 'postgres'
        ? sharedLimiter(database.db, `${options.rateLimitScope ?? ''}${name}`, max, windowMs)
        : inMemoryLimiter(max, windowMs),
    background(task) {
      const run = task()
        .catch((error) => app.log.error({ error: loggable(error) }, 'background task failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  await app.register(cookie);
  // Responses up to 256 KB (every API page: a workouts page of 12 is 40–75 KB) are compressed in
  // one synchronous call: on a small machine a zlib stream per response costs more in setup than
  // the compression itself (a workouts page's server CPU 1.03–1.18 → 0.81–0.82 ms when 64 KB was
  // the limit; docs/benchmarks.md "Gym mode's budgets").
  // Brotli 0 first: on the ≈ 20 KB exercise page it takes ≈ 27 µs against gzip 1's ≈ 34 µs, for
  // 4.0 KB against 3.6 KB, and the page's server CPU fell from 0.21 to 0.17 ms under load
  // (docs/benchmarks.md). Brotli 1 and up allocate ≈ 0.7 MB of native buffers per call, which set
  // off full GCs under load. Static files are precompressed at build time with brotli 11
  // (scripts/precompress.mjs) and do not go through this.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 262_144,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 0 } },
    zlibOptions: { level: 1 },
  });
  await registerSecurity(app, config);
  registerAuth(app);
  registerLastSeen(app, (tokenHash) => touchAuthSession(database.db, tokenHash));
  registerWriteLimit(
    app,
    writeLimit(database.db, config.rateLimits.writesPerUser ?? DEFAULT_WRITES_PER_USER),
  );
  await registerOpenApi(app);

  await app.register(systemRoutes(deps));
  await app.register(usersRoutes(deps));
  await app.register(logsRoutes(deps));
  await app.register(exercisesRoutes(deps));
  await app.register(sessionsRoutes(deps));
  await app.register(workoutsRoutes(deps));
  await app.register(routinesRoutes(deps));
  await app.register(dataRoutes(deps));
  await app.register(daysRoutes(deps));
  await app.register(trashRoutes(deps));
  await registerWeb(app, options.webDist ?? WEB_DIST);
  return app;
}
