import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { dataRoutes } from './features/portability/data.routes';
import { exercisesRoutes } from './features/exercises/exercises.routes';
import { logsRoutes } from './features/logs/logs.routes';
import { sessionsRoutes } from './features/sessions/sessions.routes';
import { systemRoutes } from './features/system/system.routes';
import { usersRoutes } from './features/users/users.routes';
import { sharedLimiter } from './db/rate-limits';
import { createMailer, type Mailer } from './lib/mailer';
import { inMemoryLimiter } from './lib/rate-limiter';
import { makeRequireUser, registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
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
    // Errors raised before routing (a malformed %-escape in the path) get our `{message}` shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message =
        status === 414 ? 'The address is too long' : 'The address is not valid: check its %-escapes';
      void (reply as FastifyReply).status(status).send({ message });
    },
  });
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
  registerErrorHandler(app);

  const pending = new Set<Promise<unknown>>();
  const deps: Deps = {
    db: database.db,
    config,
    mailer: options.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log),
    requireUser: makeRequireUser(database.db),
    limiter: (name, max, windowMs) =>
      database.engine === 'postgres'
        ? sharedLimiter(database.db, `${options.rateLimitScope ?? ''}${name}`, max, windowMs)
        : inMemoryLimiter(max, windowMs),
    background(task) {
      const run = task()
        .catch((error) => app.log.error({ err: error }, 'background task failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  await app.register(cookie);
  // Responses up to 64 KB (every API page) are compressed in one synchronous call: on a small
  // machine a zlib stream per response costs more in setup than the compression itself.
  // Brotli 0, not 1: on the 18 KB exercise page it gives 4.0 KB instead of 3.6 KB, but brotli 1
  // allocates ≈ 0.7 MB of native buffers per call, which V8 counts as external memory: under load
  // that set off a full GC every ≈ 180 ms (45 in 8 s against 7) and cost ≈ 0.1 ms of CPU per page.
  // Brotli 4 (the plugin's default) took ≈ 110 µs per page. Static files are precompressed at
  // build time (scripts/precompress.mjs).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 65_536,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 0 } },
    zlibOptions: { level: 1 },
  });
  await registerSecurity(app, config);
  registerAuth(app);
  await registerOpenApi(app);

  await app.register(systemRoutes(deps));
  await app.register(usersRoutes(deps));
  await app.register(logsRoutes(deps));
  await app.register(exercisesRoutes(deps));
  await app.register(sessionsRoutes(deps));
  await app.register(dataRoutes(deps));
  await registerWeb(app, options.webDist ?? WEB_DIST);
  return app;
}
