// One device, several people (docs/api.md §12): two tabs where the account changes under one of
// them, a draft typed just before logout, a logout with sessions not yet synced, and a logout with
// no connection. Nothing of one user is sent as, shown to or left for the next.
import { cutApi, deviceData, queueWeightSession, restoreApi } from '../lib/device.mjs';
import {
  apiCall,
  assert,
  clickMenu,
  createExerciseUi,
  createLogUi,
  expectHeading,
  expectPath,
  expectToast,
  loginUi,
  newUser,
  openMenu,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'shared-device';

const LOGGED_OUT = 'You are now logged out';
const LOGOUT_WAITING =
  'Logged out on this device. Your session on the server ends as soon as the connection returns.';

export async function run({ open, shot, baseURL }) {
  await twoTabs(open);
  await draftAfterLogout(open);
  await queueAfterLogout(open, shot);
  await offlineLogout(open, shot, baseURL);
}

/** A log "Gym Day" with the weight exercise "Squat", opened: /logs/gym-day/squat. */
async function openSquat(page) {
  await createLogUi(page, 'Gym Day');
  await page.getByRole('link', { name: 'Gym Day' }).click();
  await expectPath(page, '/logs/gym-day');
  await createExerciseUi(page, 'Squat', 'reps * kgs = vol');
  await page.getByRole('link', { name: /Squat/ }).click();
  await expectPath(page, '/logs/gym-day/squat');
}

const SQUAT = '/api/logs/gym-day/exercises/squat';

/**
 * Tab 1 holds A, with a session waiting to sync. In tab 2 A's session ends (here: the server
 * ends it, as an expiry or a password reset elsewhere would) and B signs in, with the same slugs.
 * Tab 1 must not send A's session with B's cookie; it waits for A, and goes once A is back.
 */
async function twoTabs(open) {
  const { context, page: tab1 } = await open();
  const a = newUser('tab-a');
  const b = newUser('tab-b');
  await registerUi(tab1, a);
  await openSquat(tab1);
  await cutApi(tab1);
  await queueWeightSession(tab1, { date: '2026-11-20', reps: 5, kgs: 100, notes: "A's private note" });
  const isSessionPost = (request) =>
    request.method() === 'POST' && /\/wlsessions$/.test(new URL(request.url()).pathname);
  // Counted from B's sign-in: before it, tab 1 may rightly retry A's session for A (the cut
  // connection refuses it), and an aborted request is still a request.
  let sentByTab1AsB = null;
  tab1.on('request', (request) => isSessionPost(request) && sentByTab1AsB?.push(request.url()));

  const tab2 = await context.newPage();
  // Tab 2 would rightly send A's session while A is signed in there: held back for this test.
  await cutApi(tab2, { except: (request) => !isSessionPost(request) });
  let sentByTab2AsB = null;
  tab2.on('request', (request) => isSessionPost(request) && sentByTab2AsB?.push(request.url()));
  await tab2.goto('/logs');
  await expectHeading(tab2, 'Logs');
  await tab2.evaluate(() => fetch('/api/users/logout', { method: 'POST' }));
  await tab2.reload();
  await expectPath(tab2, '/login');
  // Tab 1 followed: still showing A, it reloaded and now shows nobody.
  await tab1.waitForFunction(() => localStorage.getItem('userInfo') === null);
  await loginAs(tab2, b, { register: true });
  sentByTab1AsB = [];
  sentByTab2AsB = [];
  await apiCall(context, 'POST', '/api/logs', { title: 'Gym Day' });
  await apiCall(context, 'POST', '/api/logs/gym-day/exercises', { title: 'Squat', session: 'wlsession' });

  // Tab 1's connection returns with B signed in on the device: A's session stays where it is.
  await restoreApi(tab1);
  await tab1.waitForTimeout(8000);
  assert.deepEqual(sentByTab1AsB, [], "tab 1 sent nothing with B's cookie");
  assert.deepEqual(sentByTab2AsB, [], 'nor did tab 2 while B was signed in');
  const bSquat = await apiCall(context, 'GET', SQUAT);
  assert.equal(bSquat.exerciseAggregate.length, 0, 'B has no session of A');
  const waiting = (await deviceData(tab1)).queue;
  assert.equal(waiting.length, 1, "A's session waits on the device");
  assert.equal(waiting[0].failure, undefined, 'untouched, not refused');
  assert.equal(await tab2.getByText('Waiting to sync').count(), 0, "B is not shown A's waiting session");

  // B leaves (nothing of B's to warn about), A signs in again in tab 2: A's session goes, once.
  await clickMenu(tab2, 'Logout', 'button');
  await expectToast(tab2, LOGGED_OUT);
  await restoreApi(tab2);
  await loginUi(tab2, a);
  // Either tab may send it now (tab 1, signed out, showed A at once): the server gets it once.
  const aSquat = await waitFor(async () => {
    const squat = await apiCall(context, 'GET', SQUAT);
    return squat.exerciseAggregate.length > 0 ? squat : null;
  }, 15_000);
  assert.equal(aSquat.exerciseAggregate.length, 1, "A's session arrived once, in A's account");
  assert.equal(aSquat.exerciseAggregate[0].wlsessions.notes, "A's private note");
  await tab2.waitForTimeout(1000);
  assert.equal((await apiCall(context, 'GET', SQUAT)).exerciseAggregate.length, 1, 'and only once');
  assert.equal((await deviceData(tab2)).queue.length, 0);
  await tab1.close();
}

async function waitFor(check, ms) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`not so after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function loginAs(page, user, { register }) {
  if (register) {
    await page.goto('/register');
    await expectHeading(page, 'Create New Account');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Registered Successfully');
    await expectPath(page, '/logs');
  } else await loginUi(page, user);
}

/** A draft typed less than 300 ms before logout is not written after it, nor offered to the next user. */
async function draftAfterLogout(open) {
  const { page } = await open();
  await registerUi(page, newUser('draft-c'));
  await openSquat(page);
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  await openMenu(page);
  await page.getByLabel('Notes').fill("C's unsaved note");
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout', exact: true })
    .click();
  await expectToast(page, LOGGED_OUT);
  await expectPath(page, '/');
  await page.waitForTimeout(1000);
  const left = Object.keys((await deviceData(page)).localStorage);
  assert.deepEqual(
    left.filter((k) => k.startsWith('draft:')),
    [],
    'no draft written after the logout',
  );

  // D, on the same device, with the same log and exercise slugs: an empty form.
  await registerUi(page, newUser('draft-d'));
  await openSquat(page);
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  await page.waitForTimeout(500);
  assert.equal(await page.getByText(/Restored your unsaved draft/).count(), 0, 'no draft offered');
  assert.equal(await page.getByLabel('Notes').inputValue(), '', "C's note is not in D's form");
}

/**
 * A logout with a session waiting to sync warns with the count; staying keeps everything, logging
 * out discards it, and afterwards nothing of the user is readable on the device.
 */
async function queueAfterLogout(open, shot) {
  const { page } = await open();
  await registerUi(page, newUser('queue-e'));
  await openSquat(page);
  // Online first, so the exercise's answer is kept on the device (and must go at logout).
  await page.getByRole('heading', { level: 1, name: 'Squat' }).waitFor();
  await cutApi(page, { except: (request) => new URL(request.url()).pathname === '/api/users/logout' });
  await queueWeightSession(page, { date: '2026-11-21', reps: 3, kgs: 120 });
  await queueWeightSession(page, { date: '2026-11-22', reps: 3, kgs: 125 });
  const before = await deviceData(page);
  assert.equal(before.queue.length, 2);
  assert.ok(before.apiCaches.length > 0, 'answers were kept for offline use');

  await clickMenu(page, 'Logout', 'button');
  const warning = page.getByRole('alertdialog', { name: 'Not synced yet' });
  await warning.waitFor();
  assert.match(await warning.innerText(), /2 sessions saved on this device have not reached the server yet/);
  await shot(page, 'logout-warning');
  await warning.getByRole('button', { name: 'Stay logged in' }).click();
  await warning.waitFor({ state: 'detached' });
  assert.equal((await deviceData(page)).queue.length, 2, 'staying keeps the sessions');
  await expectHeading(page, 'Squat');

  await clickMenu(page, 'Logout', 'button');
  await warning.getByRole('button', { name: 'Log out and discard 2 sessions' }).click();
  await expectToast(page, LOGGED_OUT);
  await expectPath(page, '/');
  await page.waitForTimeout(500);
  const after = await deviceData(page);
  assert.deepEqual(after.queue, [], 'nothing in IndexedDB');
  assert.deepEqual(after.localStorage, {}, 'nothing in localStorage');
  assert.deepEqual(after.apiCaches, [], 'no API answer in Cache Storage');
  assert.equal(await page.getByText('Gym Day').count(), 0, 'nothing of the user on screen');
  await restoreApi(page);
}

/**
 * Logout with no connection: the screen signs out at once and says the server session ends when
 * the connection returns; then the logout is the first request, and the old cookie is dead.
 */
async function offlineLogout(open, shot, baseURL) {
  const { context, page } = await open();
  const user = newUser('offline-out');
  await registerUi(page, user);
  const [cookie] = await context.cookies();
  assert.ok(cookie, 'a session cookie');
  const exportWith = () =>
    fetch(`${baseURL}/api/export.json`, { headers: { cookie: `${cookie.name}=${cookie.value}` } });
  assert.equal((await exportWith()).status, 200);
  // The offline support has started (it also fetched the logout's code while online).
  await page.evaluate(() => navigator.serviceWorker.ready);

  await context.setOffline(true);
  await clickMenu(page, 'Logout', 'button');
  await expectPath(page, '/');
  const notice = page.getByRole('status').filter({ hasText: LOGOUT_WAITING });
  await notice.waitFor();
  assert.equal(
    await page.getByText(LOGGED_OUT).count(),
    0,
    'not called logged out before the server says so',
  );
  assert.equal(await page.evaluate(() => localStorage.getItem('userInfo')), null, 'signed out at once');
  assert.equal((await exportWith()).status, 200, 'the server session is still alive while offline');
  await shot(page, 'logout-offline-notice');

  const apiRequests = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apiRequests.push(`${request.method()} ${pathname}`);
  });
  await context.setOffline(false);
  await page.getByRole('status').filter({ hasText: LOGGED_OUT }).waitFor();
  assert.equal(apiRequests[0], 'POST /api/users/logout', 'the logout is the first request');
  assert.equal((await exportWith()).status, 401, 'the old cookie no longer works');
  assert.deepEqual((await deviceData(page)).localStorage, {}, 'no flag left behind');
}
