import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { forgetPlans, openDatabase } from './db/client';
import { sweepRateLimits } from './db/rate-limits';
import { sweepIdempotencyKeys } from './features/users/idempotency-keys';
import { sweepTrash } from './features/trash/trash.repository';
import { DataDirLockedError } from './db/lock';
import { deleteExpiredTokens } from './features/users/auth-sessions.repository';
import { discardStaleImports, STALE_AFTER_MS } from './features/portability/import-batches';
import { loggable } from './plugins/errors';

const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  app.addHook('onClose', () => database.close());

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, then closing the database`);
    // app.close stops accepting, waits for in-flight requests, then runs onClose (database).
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // Imports whose writer died are taken back (decision 0017), before the first request. PGlite
  // has one server per data directory (db/lock.ts), so every unfinished import there is dead;
  // on PostgreSQL another instance may be writing one: only those silent for STALE_AFTER_MS are.
  const sweepImports = (silentMs: number) =>
    discardStaleImports(database.db, silentMs).catch((error) =>
      app.log.warn({ error: loggable(error) }, 'sweep of interrupted imports failed'),
    );
  await sweepImports(database.engine === 'pglite' ? 0 : STALE_AFTER_MS);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const sweep = () =>
    Promise.all([
      deleteExpiredTokens(database.db),
      sweepRateLimits(database.db),
      sweepIdempotencyKeys(database.db),
      // Trash items past 30 days: already invisible to every statement, their rows leave here.
      sweepTrash(database.db),
      // A long-lived PGlite's tables grow under plans made when they were small (db/client.ts).
      forgetPlans(database.db),
    ]).catch((error) =>
      app.log.warn({ error: loggable(error) }, 'sweep of expired tokens, rate limits and trash failed'),
    );
  void sweep();
  setInterval(sweep, SWEEP_EVERY_MS).unref();
  setInterval(() => sweepImports(STALE_AFTER_MS), STALE_AFTER_MS).unref();
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(`Workout Log is ready at http://${host}:${port} (${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(`Port ${process.env.PORT ?? 3000} is already in use. Stop the other server or set PORT.`);
  } else {
    console.error('Could not start the server:', error);
  }
  process.exit(1);
});
