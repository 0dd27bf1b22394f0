/**
 * The production server (src/server/app.ts buildApp, configured from the environment like
 * src/server/main.ts) serving the bench's own build of the web app from BENCH_WEB_DIST.
 */
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

const config = loadConfig();
const database = await openDatabase(config);
const app = await buildApp({ config, database, webDist: process.env.BENCH_WEB_DIST });
app.addHook('onClose', () => database.close());
const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ port: config.port, host: config.host });
