// Gym mode on a phone (docs/api.md §11): a routine made in the app, a workout started from it,
// sets ticked with last time's values, the rest timer counting from its stored start through a
// reload (Playwright's clock), the workout resumed from /logs, finished with no connection and
// synced exactly once, then its page, an edit and a delete. axe in both themes at 375 and 1280 px.
import {
  apiCall,
  assert,
  assertFocusNeverHidden,
  assertNoHorizontalScroll,
  createExerciseUi,
  createLogUi,
  deleteFromMore,
  emulateScheme,
  expectAccessible,
  expectHeading,
  expectPath,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'gym';

const LOG = '/logs/gym-block';

/** axe in light and dark, at 375 and 1280 px (imported-workouts.mjs uses it too). */
/** From the workout screen, through its Back link and the log page, to the log's empty Workouts list. */
async function emptyWorkoutsList(page) {
  await page.locator('main .back-link').click();
  await expectPath(page, LOG);
  await page.getByRole('link', { name: 'Workouts', exact: true }).click();
  await expectPath(page, `${LOG}/workouts`);
  await page.getByText('No workouts yet').waitFor();
  // The empty list leads to its next step (docs/api.md §14).
  const start = page.locator('.empty').getByRole('link', { name: 'Start a workout' });
  assert.equal(await start.getAttribute('href'), `${LOG}/workouts/in-progress?start=empty`);
}

export async function accessible(page, label) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const colorScheme of ['light', 'dark']) {
      await emulateScheme(page, colorScheme);
      await expectAccessible(page, `${label} at ${width} px, ${colorScheme}`);
    }
  }
  await emulateScheme(page, 'light');
  await page.setViewportSize({ width: 375, height: 812 });
}

/** Every button, link and field of the workout screen is at least 44 px tall and wide (or a text field). */
async function assertTapTargets(page) {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('.workout-screen button, .workout-screen input, .workout-screen select')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('.sr-only'))
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'checkbox'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(
        ({ el, box }) =>
          `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent} ${box.width}×${box.height}`,
      ),
  );
  assert.deepEqual(small, [], 'controls under 44 px');
}

/**
 * The keys of the workouts kept on the device (lib/workout-draft/store.ts), once a change made
 * just before has been stored: that happens after the frame that shows it, within 200 ms
 * (lib/workout-draft/after-next-paint.ts).
 */
const keptDrafts = (page) =>
  page.evaluate(() =>
    new Promise((resolve) => setTimeout(resolve, 250)).then(
      () =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('workout-gym');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('in-progress').objectStore('in-progress').getAllKeys();
            request.onsuccess = () => {
              open.result.close();
              resolve(request.result);
            };
          };
        }),
    ),
  );

const restCount = (page) => page.getByTestId('rest-count').innerText();

export async function run({ open, shot }) {
  const { context, page } = await open({ width: 375, height: 812 });
  // The page's clock is Playwright's: the rest timer is moved on without waiting for it.
  await page.clock.install();
  const workoutPosts = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && pathname === `/api${LOG}/workouts`)
      workoutPosts.push(request.headers()['idempotency-key']);
  });

  await registerUi(page, newUser('gym'));
  await createLogUi(page, 'Gym Block');
  await page.getByRole('link', { name: 'Gym Block' }).click();
  await expectPath(page, LOG);
  await createExerciseUi(page, 'Bench Press', 'reps * kgs = vol');
  await createExerciseUi(page, 'Barbell Row', 'reps * kgs = vol');
  // Last time's bench: 8 × 80 kg, then 6 × 85 kg.
  await apiCall(context, 'POST', `/api${LOG}/exercises/bench-press/wlsessions`, {
    createdDate: '2026-11-20',
    set: [
      { repetitions: 8, kilograms: 80, isHard: true },
      { repetitions: 6, kilograms: 85, isHard: true },
    ],
  });

  // A routine: bench 3 × 6–8 with 90 s rest, supersetted with rows.
  await page.goto(LOG);
  await page.getByRole('link', { name: 'Routines' }).click();
  await expectHeading(page, 'Routines');
  await page.getByRole('link', { name: 'Create new' }).click();
  await expectHeading(page, 'New routine');
  await page.getByLabel('Title').fill('Push A');
  await page.getByLabel('Exercise 1', { exact: true }).selectOption({ label: 'Bench Press' });
  await page.getByLabel('Exercise 1 Min reps').fill('6');
  await page.getByLabel('Exercise 1 Max reps').fill('8');
  await page.getByLabel('Exercise 1 Rest (s)').fill('90');
  await page.getByLabel('Exercise 1 Superset').fill('1');
  await page.getByRole('button', { name: 'Add exercise' }).click();
  await page.getByLabel('Exercise 2', { exact: true }).selectOption({ label: 'Barbell Row' });
  await page.getByLabel('Exercise 2 Superset').fill('1');
  await shot(page, 'gym-routine-new');
  await accessible(page, 'new routine');
  await page.getByRole('button', { name: 'Save routine' }).click();
  await expectToast(page, 'Routine created');
  await expectPath(page, `${LOG}/routines`);
  await page.getByText('rest 1:30').waitFor();
  await shot(page, 'gym-routines');
  await accessible(page, 'routines');

  // The log page: Start workout, the routine with Start, links to Workouts and Routines.
  await page.goto(LOG);
  await page.getByRole('button', { name: 'Start Push A' }).waitFor();
  await shot(page, 'gym-log-page');
  await accessible(page, 'log page with routines');
  await page.getByRole('button', { name: 'Start Push A' }).click();
  await expectPath(page, `${LOG}/workouts/in-progress`);
  await expectHeading(page, 'Push A');

  // The routine's rows, with last time's values as placeholders.
  const benchWeight = (n) => page.getByLabel(`Bench Press set ${n} KGs`);
  const benchReps = (n) => page.getByLabel(`Bench Press set ${n} Reps`);
  await page.waitForFunction((input) => input.placeholder === '80', await benchWeight(1).elementHandle());
  assert.equal(await benchReps(2).getAttribute('placeholder'), '6');
  assert.equal(await benchReps(3).getAttribute('placeholder'), '6–8', 'no last time: the target range');
  assert.equal(
    (await page.getByRole('listitem').filter({ hasText: 'A1' }).count()) > 0,
    true,
    'superset labels',
  );

  // Done takes last time's values (one tap) and starts the routine's 90 s rest.
  await page.getByRole('button', { name: 'Bench Press set 1 done' }).click();
  assert.equal(await benchWeight(1).inputValue(), '80');
  assert.equal(await benchReps(1).inputValue(), '8');
  assert.equal(await restCount(page), '1:30');
  await page.clock.fastForward(30_000);
  assert.equal(await restCount(page), '1:00');
  // Plates beside the weight, from the account's settings (defaults until changed): 80 kg on a
  // 20 kg bar is 25 + 5 a side; on the 15 kg bar chosen here, 25 + 5 + 2.5.
  const plates = page.locator('.workout-set').first().locator('.plate-hint');
  assert.equal(await plates.innerText(), 'Per side: 25 + 5');
  await page.getByText('Plate settings (kg)').click();
  await page.getByLabel('Bar (kg)').fill('15');
  await page.getByRole('button', { name: 'Save plates' }).click();
  await expectToast(page, 'Plates saved');
  // Above the bar and its running rest timer, not over Skip or Finish (styles/components.css
  // anchors the toasts to the bar's top edge): once its entrance animation has ended.
  await page.waitForFunction(
    () => {
      const toast = document.querySelector('.Toastify__toast')?.getBoundingClientRect();
      const bar = document.querySelector('.workout-bar')?.getBoundingClientRect();
      return toast && bar && document.querySelector('.workout-bar .rest-timer') && toast.bottom <= bar.top;
    },
    null,
    { timeout: 5000 },
  );
  assert.equal(await plates.innerText(), 'Per side: 25 + 5 + 2.5');
  const profile = await apiCall(context, 'GET', '/api/users/profile');
  assert.deepEqual(profile.plates.kg, { bar: 15, plates: [25, 20, 15, 10, 5, 2.5, 1.25] });
  await page.getByText('Plate settings (kg)').click();
  await assertTapTargets(page);
  await shot(page, 'gym-workout-in-progress');
  await accessible(page, 'workout in progress with the rest timer');

  // A reload loses nothing: the ticked set, and the rest counting from its stored start.
  await page.reload();
  await expectHeading(page, 'Push A');
  assert.equal(await benchWeight(1).inputValue(), '80');
  assert.equal(
    await page.getByRole('button', { name: 'Bench Press set 1 done' }).getAttribute('aria-pressed'),
    'true',
  );
  // Not reset to 1:30: still counting from when Done was ticked (the checks above took a few seconds).
  const [minutes, seconds] = (await restCount(page)).split(':').map(Number);
  const left = minutes * 60 + seconds;
  assert.ok(left <= 60 && left >= 30, `the rest went on through the reload (${left} s left)`);
  await page.clock.fastForward(60_000);
  await page.getByTestId('rest-count').waitFor({ state: 'detached' });

  // /logs shows it with Resume and its running time.
  await page.goto('/logs');
  const resume = page.getByRole('region', { name: 'Workout in progress' });
  await resume.waitFor();
  assert.match(await resume.innerText(), /Push A[\s\S]*\d+:\d\d/);
  await shot(page, 'gym-logs-resume');
  await accessible(page, '/logs with the workout in progress');
  await resume.getByRole('link', { name: 'Resume' }).click();
  await expectPath(page, `${LOG}/workouts/in-progress`);
  await benchWeight(2).waitFor();
  await assertNoHorizontalScroll(page, 'the workout screen at 375 px');
  // By keyboard, every set's controls come into view above the workout bar and the tab bar.
  const checked = await assertFocusNeverHidden(page, 'the workout screen at 375 px', 70);
  assert.ok(checked >= 40, `tabbed through the workout screen's controls (${checked})`);
  // The log's Workouts list, seen once so this tab has it (still empty), then back to the workout.
  await emptyWorkoutsList(page);
  await page.goBack();
  await page.goBack();
  await expectPath(page, `${LOG}/workouts/in-progress`);

  // Set 2 typed: a drop set at RPE 9; set 3 left undone (not saved); a row set done.
  await benchWeight(2).fill('70');
  await benchReps(2).fill('10');
  await page.getByLabel('Bench Press set 2 type').selectOption('drop');
  await page.getByLabel('Bench Press set 2 RPE').selectOption('9');
  await page.getByRole('button', { name: 'Bench Press set 2 done' }).click();
  await page.getByLabel('Barbell Row set 1 KGs').fill('60');
  await page.getByLabel('Barbell Row set 1 Reps').fill('10');
  await page.getByRole('button', { name: 'Barbell Row set 1 done' }).click();

  // Finished with no connection: it waits on the device, then goes exactly once.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expectToast(page, "Saved on this device — it will sync when you're back online");
  assert.match(page.lastDialog ?? '', /Bench Press: set 3/, 'Finish listed the set not done');
  await page.getByText('Waiting to sync.').waitFor();
  // The offline bar calls it a workout, not a session.
  await page
    .getByRole('status')
    .filter({ hasText: /^Waiting to sync: 1 workout saved on this device \(Push A, \d{4}-\d\d-\d\d\)\.$/ })
    .waitFor();
  await shot(page, 'gym-workout-waiting');
  await accessible(page, 'workout waiting to sync');
  // Still offline, off to the log's Workouts list as this tab last saw it: no workout yet.
  await emptyWorkoutsList(page);
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expectToast(page, 'Workout synced');
  // The list on screen shows it once it has synced, with no reload (the sync invalidates the
  // workouts' tag, and the list also asks again on the connection's return, whichever lands last).
  await page.getByRole('link', { name: /Push A/ }).waitFor({ timeout: 10_000 });
  assert.equal(workoutPosts.length, 2, 'the offline try and the sync');
  assert.equal(workoutPosts[0], workoutPosts[1], 'the sync went with the offline try’s key');
  const list = await apiCall(context, 'GET', `/api${LOG}/workouts`);
  assert.equal(list.pagination.total, 1, 'exactly one workout on the server');
  const [saved] = list.workouts;
  assert.deepEqual(
    saved.entries.map((e) => [e.exercise.slugExercise, e.superset, e.wlsession.set.length]),
    [
      ['bench-press', 1, 2],
      ['barbell-row', 1, 1],
    ],
  );
  assert.deepEqual(
    saved.entries[0].wlsession.set.map((s) => [s.repetitions, s.kilograms, s.type, s.rpe]),
    [
      [8, 80, 'normal', null],
      [10, 70, 'drop', 9],
    ],
  );
  await shot(page, 'gym-workouts');
  await accessible(page, 'workouts list');

  // The workout's page: its exercises, sets with badges and RPE, volumes.
  await page.getByRole('link', { name: /Push A/ }).click();
  await expectPath(page, `${LOG}/workouts/${saved._id}`);
  await expectHeading(page, 'Push A');
  await page.getByRole('heading', { name: 'Bench Press' }).waitFor();
  await page.getByText('A1').first().waitFor();
  await shot(page, 'gym-workout-page');
  await accessible(page, 'workout page');

  // Edit: the same screen, saved with PUT, kept on the device from its first change.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expectPath(page, `${LOG}/workouts/edit/${saved._id}`);
  await expectHeading(page, 'Push A');
  const rowReps = page.getByLabel('Barbell Row set 1 Reps');
  await rowReps.fill('12');
  assert.deepEqual(await keptDrafts(page), [`${saved.author}/edit/${saved._id}`], 'kept under its user');
  // A reload mid-edit loses nothing. (A short window, so a card starts off screen, where it is
  // not laid out: it must not widen the screen.)
  await page.setViewportSize({ width: 375, height: 420 });
  await page.reload();
  await expectHeading(page, 'Push A');
  await page.getByText(/^Restored your unsaved draft from/).waitFor();
  await assertNoHorizontalScroll(page, 'the edit screen at 375 px');
  await page.setViewportSize({ width: 375, height: 812 });
  assert.equal(await rowReps.inputValue(), '12', 'the edit came back after a reload');
  // Left unsaved, the workout's page offers it back.
  await page.goto(`${LOG}/workouts/${saved._id}`);
  await expectHeading(page, 'Push A');
  await page.getByText('Unsaved changes to this workout').waitFor();
  await shot(page, 'gym-workout-kept-edit');
  await accessible(page, 'workout page with unsaved changes');
  await page.getByRole('link', { name: 'Resume editing' }).click();
  await expectPath(page, `${LOG}/workouts/edit/${saved._id}`);
  assert.equal(await rowReps.inputValue(), '12', 'resumed with the edit');
  await shot(page, 'gym-workout-edit');
  await accessible(page, 'workout edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Workout saved');
  await expectPath(page, `${LOG}/workouts/${saved._id}`);
  assert.deepEqual(await keptDrafts(page), [], 'saved: the edit left the device');
  assert.equal(await page.getByText('Unsaved changes to this workout').count(), 0);
  const edited = await apiCall(context, 'GET', `/api${LOG}/workouts/${saved._id}`);
  assert.equal(edited.workout.entries[1].wlsession.set[0].repetitions, 12);
  assert.equal(
    edited.workout.entries[1].wlsession._id,
    saved.entries[1].wlsession._id,
    'the same session, updated',
  );

  // Delete: 'Are you sure?', then back to the list.
  // Nothing of the deleted workout is fetched again on the way out (its sessions' records).
  const missing = [];
  const onResponse = (response) => {
    if (response.status() === 404 && response.url().includes('/api/')) missing.push(response.url());
  };
  page.on('response', onResponse);
  await deleteFromMore(page);
  assert.equal(page.lastDialog, 'Are you sure?');
  await expectToast(page, 'Workout deleted');
  await expectPath(page, `${LOG}/workouts`);
  await page.getByText('No workouts yet').waitFor();
  page.off('response', onResponse);
  assert.deepEqual(missing, [], 'requests answered 404 after the delete');
  assert.equal((await apiCall(context, 'GET', `/api${LOG}/workouts`)).pagination.total, 0);

  // The routine: edited (renamed, rows' rest changed), then deleted.
  await page.goto(`${LOG}/routines`);
  await page.getByRole('link', { name: 'Edit Push A' }).click();
  await expectHeading(page, 'Edit routine');
  assert.equal(await page.getByLabel('Exercise 2 Superset').inputValue(), '1');
  await page.getByLabel('Title').fill('Push B');
  await page.getByLabel('Exercise 2 Rest (s)').fill('60');
  await page.getByRole('button', { name: 'Save routine' }).click();
  await expectToast(page, 'Routine updated');
  await page.getByText('rest 1:00').waitFor();
  await page.getByRole('button', { name: 'Delete Push B' }).click();
  assert.equal(page.lastDialog, 'Are you sure?');
  await expectToast(page, 'Routine deleted');
  await page.getByText('No routines yet').waitFor();
  await page.locator('.empty').getByRole('link', { name: 'Create your first routine' }).waitFor();

  // Logout with a workout in progress (docs/api.md §12): warned, and once discarded nothing of the
  // user is left on the device.
  await page.goto(LOG);
  await page.getByRole('button', { name: 'Start workout' }).click();
  await expectPath(page, `${LOG}/workouts/in-progress`);
  // Stored after the frame that shows it (lib/workout-draft/after-next-paint.ts): on the page's
  // clock, which this journey moves.
  for (let i = 0; i < 30 && (await keptDrafts(page)).length === 0; i += 1) await page.clock.runFor(100);
  assert.equal((await keptDrafts(page)).length, 1, 'the workout in progress is on the device');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Not synced yet' });
  await warning.waitFor();
  assert.match(
    await warning.innerText(),
    /A workout in progress saved on this device has not reached the server yet/,
  );
  await warning.getByRole('button', { name: 'Log out and discard a workout in progress' }).click();
  await expectToast(page, 'You are now logged out');
  assert.deepEqual(await keptDrafts(page), [], 'nothing of the user left in IndexedDB');
}
