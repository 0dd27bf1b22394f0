/**
 * The machine's speed, not the app's: a bare Fastify hello world (no plugins, no database), as
 * its own process like the servers it is compared with. docs/benchmarks.md "Comparing two runs".
 *
 * Env: PORT, HOST.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ port: Number(process.env.PORT ?? 3998), host: process.env.HOST ?? '127.0.0.1' });
