// The installable app offline (docs/api.md §10): the manifest and its icons, the service worker,
// and a weight session saved with no connection, waiting on the device, then synced exactly once.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  apiCall,
  assert,
  clickMenu,
  createExerciseUi,
  createLogUi,
  expectHeading,
  expectPath,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'offline';

export async function run({ open, shot }) {
  const { context, page } = await open();
  // Every create the app sends carries an Idempotency-Key (docs/api.md §10).
  const creates = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && /^\/api\/logs(\/|$)/.test(pathname)) {
      creates.push({ pathname, key: request.headers()['idempotency-key'] });
    }
  });

  // The manifest names the app and its icons, and every icon is a PNG the server has.
  const manifest = await apiCall(context, 'GET', '/manifest.webmanifest');
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start_url, '/');
  const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort();
  assert.deepEqual(icons, ['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const response = await context.request.get(icon.src);
    assert.equal(response.status(), 200, icon.src);
    assert.equal(response.headers()['content-type'], 'image/png', icon.src);
  }

  await registerUi(page, newUser('offline'));
  // A lifter in pounds (docs/api.md §10): the whole offline round trip keeps the typed pounds.
  await clickMenu(page, 'Profile');
  await page.getByLabel('Pounds (lb)').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Profile updated');
  await page.goto('/');
  assert.equal(
    await page.locator('link[rel="manifest"]').getAttribute('href'),
    '/manifest.webmanifest',
    'index.html links the manifest',
  );
  await createLogUi(page, 'Travel Block');
  await page.getByRole('link', { name: 'Travel Block' }).click();
  await expectPath(page, '/logs/travel-block');
  await createExerciseUi(page, 'Hotel Press', 'reps * kgs = vol');
  await page.getByRole('link', { name: /Hotel Press/ }).click();
  await expectPath(page, '/logs/travel-block/hotel-press');

  // The production build's service worker registers and takes charge of the app shell.
  const scope = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then((r) => r.scope),
      new Promise((resolve) => setTimeout(() => resolve('not ready after 15 s'), 15_000)),
    ]),
  );
  assert.equal(scope, new URL('/', page.url()).href, 'a service worker is active for the whole app');
  // Chromium's own verdict on installing the app (what Lighthouse's retired PWA audit asked).
  const devtools = await context.newCDPSession(page);
  // 'in-incognito' is the test's browser context (Playwright's are off the record), not the app.
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  assert.deepEqual(
    installabilityErrors.filter((e) => e.errorId !== 'in-incognito'),
    [],
    'Chromium would install the app',
  );
  const { errors: manifestErrors } = await devtools.send('Page.getAppManifest');
  assert.deepEqual(manifestErrors, [], 'Chromium reads the manifest without a complaint');
  await devtools.detach();

  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  await page.getByRole('heading', { name: 'Previous Session' }).waitFor();
  await page.getByLabel('Date').fill('2026-11-20');
  await page.getByLabel('Set 1 reps').fill('5');
  await page.getByLabel('Set 1 LBs').fill('135');
  await page.getByLabel('Notes').fill('Hotel gym, no signal in the basement');

  // Saved with no connection: kept on the device, and the form goes back as after any save.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, "Saved on this device — it will sync when you're back online");
  await expectPath(page, '/logs/travel-block/hotel-press');
  assert.equal(await page.getByText('Session created').count(), 0, 'a kept session is not called created');
  const bar = page.getByRole('status').filter({ hasText: 'Waiting to sync' });
  await bar.waitFor();
  assert.match(await bar.innerText(), /1 session saved on this device \(Hotel Press, 2026-11-20\)/);
  // The exercise page lists it too (docs/api.md §12), marked as waiting and linking nowhere yet.
  const waitingCard = page.getByRole('listitem').filter({ hasText: 'Waiting to sync' });
  await waitingCard.waitFor();
  assert.deepEqual(
    [await waitingCard.locator('time').innerText(), await waitingCard.getByRole('link').count()],
    ['20 Nov 2026', 0],
    'the waiting card shows its date and has no link',
  );
  await shot(page, 'offline-waiting-to-sync');

  // Back online: sent once with its key, listed once, and the bar is gone.
  await context.setOffline(false);
  await expectToast(page, 'Session synced');
  await page.getByRole('link', { name: /20 Nov 2026/ }).waitFor();
  await bar.waitFor({ state: 'detached' });
  await waitingCard.waitFor({ state: 'detached' });
  assert.equal(await page.getByRole('link', { name: /20 Nov 2026/ }).count(), 1, 'listed once');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  assert.deepEqual(
    creates.map((c) => c.pathname),
    [
      '/api/logs',
      '/api/logs/travel-block/exercises',
      '/api/logs/travel-block/exercises/hotel-press/wlsessions',
      '/api/logs/travel-block/exercises/hotel-press/wlsessions',
    ],
  );
  for (const create of creates) assert.match(create.key ?? '', uuid, `${create.pathname} has a key`);
  assert.equal(creates[2].key, creates[3].key, 'the synced session went with the key of the offline try');
  const exercise = await apiCall(context, 'GET', '/api/logs/travel-block/exercises/hotel-press');
  assert.equal(exercise.exerciseAggregate.length, 1, 'the server has exactly one session');
  const synced0 = exercise.exerciseAggregate[0].wlsessions;
  assert.equal(synced0.createdDate, '2026-11-20');
  assert.deepEqual([synced0.set[0].pounds, synced0.set[0].kilograms], [135, 61.23], 'the pounds as typed');
  assert.equal(synced0.notes, 'Hotel gym, no signal in the basement');
  assert.deepEqual(
    await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('workout-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('sessions').objectStore('sessions').count();
            read.onsuccess = () => resolve(read.result);
          };
        }),
    ),
    0,
    'nothing left in the queue',
  );

  // With no connection at all, a navigation still gets the app shell, from the service worker.
  await context.setOffline(true);
  const shell = await page.goto('/logs/travel-block');
  assert.ok(shell?.fromServiceWorker(), 'the offline navigation was answered by the service worker');
  await page.getByRole('link', { name: 'Workout Tracker' }).waitFor();
  await page.locator('#main').waitFor();
  await shot(page, 'offline-shell');

  // A new-session form opened with no connection still takes a session, kept for later. It shows
  // the last previous session the device saw (docs/api.md §12), not an error.
  await page.goto('/logs/travel-block/hotel-press/wl/create-new-session');
  await page.getByRole('heading', { name: 'Previous Session' }).waitFor();
  assert.equal(await page.getByText('Something went wrong').count(), 0);
  await page.getByLabel('Date').fill('2026-11-21');
  await page.getByLabel('Set 1 reps').fill('3');
  await page.getByLabel('Set 1 LBs').fill('200');
  await shot(page, 'offline-new-session');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, "Saved on this device — it will sync when you're back online");
  await context.setOffline(false);
  // Chromium fires no 'online' event in a page that was loaded while the context was offline
  // (the first sync above had a real one); the app would retry within a minute, the test says it now.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expectToast(page, 'Session synced');
  await page.getByRole('link', { name: /21 Nov 2026/ }).waitFor();
  const synced = await apiCall(context, 'GET', '/api/logs/travel-block/exercises/hotel-press');
  assert.equal(synced.exerciseAggregate.length, 2, 'the session logged offline arrived once');

  // A session the server refuses when it syncs (its exercise deleted meanwhile) stays on screen
  // with the server's message until dismissed: never dropped silently.
  await page.goto('/logs/travel-block');
  await createExerciseUi(page, 'Gone Press', 'reps * kgs = vol');
  await page.getByRole('link', { name: /Gone Press/ }).click();
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  await page.getByLabel('Set 1 reps').fill('3');
  await page.getByLabel('Set 1 LBs').fill('60');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, "Saved on this device — it will sync when you're back online");
  await bar.waitFor();
  await apiCall(context, 'DELETE', '/api/logs/travel-block/exercises/gone-press');
  await context.setOffline(false);
  const refused = page.getByRole('status').filter({ hasText: 'Not synced' });
  await refused.waitFor();
  assert.match(await refused.innerText(), /Not synced: Gone Press, \d{4}-\d\d-\d\d\. .*not found/i);
  await shot(page, 'offline-not-synced');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await refused.waitFor({ state: 'detached' });

  // A new deploy: its service worker waits until the user chooses to reload into it. The page
  // must be controlled by the current worker first; then the server has a different sw.js (the
  // built file is changed on disk for a moment: routing cannot reach a worker's update check).
  await page.goto('/logs/travel-block/hotel-press');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const restore = nextBuildsWorker();
  try {
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await prompt.waitFor();
    await shot(page, 'offline-update-prompt');
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expectHeading(page, 'Hotel Press');
    await page.waitForTimeout(500);
    assert.equal(await prompt.count(), 0, 'the new version took over: no prompt after the reload');
  } finally {
    restore();
  }
}

/** Makes dist/web/sw.js (and the .br/.gz the server prefers) differ by a comment; returns the undo. */
function nextBuildsWorker() {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((f) => path.join(dir, f));
  const saved = files.map((f) => (existsSync(f) ? readFileSync(f) : null));
  const next = Buffer.concat([saved[0], Buffer.from('\n// the next build\n')]);
  writeFileSync(files[0], next);
  if (saved[1]) writeFileSync(files[1], brotliCompressSync(next));
  if (saved[2]) writeFileSync(files[2], gzipSync(next));
  return () => files.forEach((f, i) => saved[i] && writeFileSync(f, saved[i]));
}
