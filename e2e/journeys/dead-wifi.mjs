// A phone on a dead gym Wi-Fi (docs/api.md §12): the browser never notices it is offline
// (navigator.onLine stays true, no `online` event ever comes), the API simply does not answer.
// Screens reached meanwhile show the last data the device saw, with the waiting session; once the
// API answers again the session is sent within 10 s. Also: /logs passes axe at 375 and 1280 px.
import { cutApi, queueWeightSession, restoreApi } from '../lib/device.mjs';
import {
  apiCall,
  assert,
  createExerciseUi,
  createLogUi,
  expectAccessible,
  expectHeading,
  expectPath,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'dead-wifi';

const SYNC_WITHIN_MS = 10_000;

export async function run({ open, shot }) {
  const { context, page } = await open();
  await registerUi(page, newUser('dead-wifi'));
  // The activity heatmap's table has no empty header (axe empty-table-header) at either width; with
  // no log yet it is History's (docs/api.md §14).
  await page.goto('/history');
  await page.getByRole('table').waitFor();
  await expectAccessible(page, '/history at 1280 px');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page, '/history at 375 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  await createLogUi(page, 'Hotel Gym');
  await page.getByRole('link', { name: 'Hotel Gym' }).click();
  await createExerciseUi(page, 'Goblet Squat', 'reps * kgs = vol');
  await apiCall(context, 'POST', '/api/logs/hotel-gym/exercises/goblet-squat/wlsessions', {
    createdDate: '2026-11-18',
    set: [{ repetitions: 8, kilograms: 24 }],
  });
  await page.getByRole('link', { name: /Goblet Squat/ }).click();
  await expectPath(page, '/logs/hotel-gym/goblet-squat');
  await page.getByRole('link', { name: /18 Nov 2026/ }).waitFor();
  // Every answer of the screen is in (and kept on the device).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  // The offline support has started (its service worker is ready).
  await page.evaluate(() => navigator.serviceWorker.ready);

  // The Wi-Fi dies: every API request fails, the browser still says it is online.
  await cutApi(page);
  const sent = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) sent.push({ at: Date.now(), what: `${request.method()} ${pathname}` });
  });
  await page.reload();
  await page.evaluate(() => {
    window.onlineEvents = 0;
    window.addEventListener('online', () => (window.onlineEvents += 1));
  });
  // Reached with no answer from the API: the last data seen, not an error.
  await expectHeading(page, 'Goblet Squat');
  await page.getByRole('link', { name: /18 Nov 2026/ }).waitFor();
  assert.equal(await page.getByText('Something went wrong').count(), 0);

  await queueWeightSession(page, { date: '2026-11-19', reps: 10, kgs: 20 });
  await expectPath(page, '/logs/hotel-gym/goblet-squat');
  const bar = page.getByRole('status').filter({ hasText: 'Waiting to sync' });
  await bar.waitFor();
  assert.match(
    await bar.innerText(),
    /1 session saved on this device \((Goblet Squat|goblet-squat), 2026-11-19\)/,
  );
  await page.getByRole('link', { name: /18 Nov 2026/ }).waitFor();
  await shot(page, 'dead-wifi-waiting');

  // Long enough for the backoff to pass a minute's worth of doubling steps.
  await page.waitForTimeout(25_000);
  const posts = sent.filter((s) => s.what.startsWith('POST'));
  assert.ok(posts.length >= 2 && posts.length <= 5, `retried with a backoff: ${posts.length} tries in 25 s`);

  const back = Date.now();
  await restoreApi(page);
  await expectToast(page, 'Session synced');
  const tookMs = Date.now() - back;
  assert.ok(tookMs <= SYNC_WITHIN_MS, `synced ${tookMs} ms after the API answered again`);
  console.log(
    `  dead Wi-Fi: ${posts.length} tries in 25 s while cut; synced ${tookMs} ms after it came back`,
  );
  assert.equal(await page.evaluate(() => navigator.onLine), true, 'the browser never knew');
  assert.equal(await page.evaluate(() => window.onlineEvents), 0, 'no online event helped');
  await page.getByRole('link', { name: /19 Nov 2026/ }).waitFor();
  await bar.waitFor({ state: 'detached' });
  const exercise = await apiCall(context, 'GET', '/api/logs/hotel-gym/exercises/goblet-squat');
  assert.equal(exercise.exerciseAggregate.length, 2, 'the session arrived once');
}
