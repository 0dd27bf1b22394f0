#!/usr/bin/env node
// npm run test:e2e: builds the web app if needed, starts the real server on a free port with a
// fresh data directory, runs every journey in Debian's Chromium and prints `N passed, M failed`.
// --screenshots (npm run screenshots) also writes each screen at 375 and 1280 px to screenshots/.
// --only=<name,...> runs some journeys; DATABASE_URL, when set, is passed to the server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openPage, screenshotsDir } from './lib/browser.mjs';
import { buildWebIfStale, startServer } from './lib/server.mjs';
import { makeShooter } from './lib/steps.mjs';
import { journeys } from './journeys/index.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const withScreenshots = args.includes('--screenshots');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

let passed = 0;
let failed = 0;
let server;
let chromium;

try {
  buildWebIfStale(root);
  server = await startServer(root);
  console.log(`[e2e] server at ${server.baseURL}`);
  chromium = await launchBrowser();
  const shot = makeShooter(withScreenshots ? screenshotsDir(root) : null);

  for (const journey of journeys) {
    if (only && !only.includes(journey.name)) continue;
    const problems = [];
    const contexts = [];
    const started = Date.now();
    // Every journey gets fresh browser contexts (no shared cookies or storage).
    const open = async (options) => {
      const opened = await openPage(chromium.browser, server.baseURL, problems, options);
      contexts.push(opened.context);
      return opened;
    };
    try {
      await journey.run({ open, server, shot, baseURL: server.baseURL });
      if (problems.length) throw new Error(`problems seen in the browser:\n  ${problems.join('\n  ')}`);
      passed += 1;
      console.log(`✔ ${journey.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed += 1;
      await saveFailureShots(journey.name, contexts);
      console.log(
        `✘ ${journey.name}\n  ${String(error?.stack ?? error)
          .split('\n')
          .slice(0, 8)
          .join('\n  ')}`,
      );
      if (problems.length && !String(error).includes('problems seen'))
        console.log(`  also: ${problems.join('\n  ')}`);
    } finally {
      for (const context of contexts) await context.close().catch(() => {});
    }
  }
} catch (error) {
  failed += 1;
  console.log(`✘ setup\n  ${error?.stack ?? error}`);
} finally {
  await chromium?.close().catch(() => {});
  if (server) {
    const result = await server.stop();
    if (result.code !== 0 && result.signal !== 'SIGTERM') {
      console.log(`[e2e] server stopped with ${result.signal ?? result.code}`);
      if (process.env.E2E_SHOW_SERVER_LOG) console.log(server.output());
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

/** What the browser showed when a journey failed, to see why without re-running. */
async function saveFailureShots(name, contexts) {
  const dir = screenshotsDir(root);
  let n = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      n += 1;
      const file = path.join(dir, `FAILED-${name}-${n}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.log(`  screenshot: ${path.relative(root, file)} (${page.url()})`);
    }
  }
}
