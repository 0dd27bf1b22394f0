// Nothing lost by a slip (docs/api.md §14), at 375 px: Delete sits in the log page's More (⋯)
// menu (keyboard: it opens, Escape closes it back to its button); the 'Log deleted' toast's Undo
// brings the log back whole (its exercise's sessions, records and chart) and lands on its page. A
// log deleted, a new one made with the same title, then the first restored from the profile's
// trash comes back as <slug>-2; Delete for good empties the trash. axe in both themes at 375 and
// 1280 px on the open menu, the toast with Undo and the profile's trash.
import {
  apiCall,
  assert,
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
import { accessible } from './gym.mjs';

export const name = 'trash';

const LOG = '/logs/trash-block';
const EXERCISE = `${LOG}/squat`;

/** The exercise is all there: two sessions, its records and its chart's bars. */
async function expectExerciseWhole(page, exercisePath) {
  await page.goto(exercisePath);
  await expectHeading(page, 'Squat');
  await page.getByRole('link', { name: /15 Jan 2024/ }).waitFor();
  await page.getByRole('link', { name: /20 Nov 2026/ }).waitFor();
  const card = page.getByRole('region', { name: 'Records' });
  await card.getByRole('listitem').filter({ hasText: 'Heaviest' }).getByText('120 kg').waitFor();
  await page.locator('.progress-chart').waitFor();
  assert.equal(await page.locator('.chart-bar[data-series="totalVolume"]').count(), 2, 'a bar per session');
}

/**
 * axe on /logs with the delete's toast and its Undo, in both themes at 375 and 1280 px, as gym.mjs'
 * `accessible` does. Its 10 s progress bar is cancelled before each run: axe waits for running
 * animations to end, and the toast closes when that one does.
 */
async function undoToastAccessible(page) {
  const toast = page.getByRole('alert').filter({ hasText: 'Log deleted' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const colorScheme of ['light', 'dark']) {
      await emulateScheme(page, colorScheme);
      await page.evaluate(() => {
        document.querySelectorAll('.Toastify__progress-bar').forEach((bar) => {
          for (const animation of bar.getAnimations()) animation.cancel();
        });
      });
      await toast.getByRole('button', { name: 'Undo' }).waitFor();
      await expectAccessible(page, `/logs with the Undo toast at ${width} px, ${colorScheme}`);
    }
  }
  await emulateScheme(page, 'light');
  await page.setViewportSize({ width: 375, height: 812 });
  await toast.getByRole('button', { name: /close/i }).click();
}

export async function run({ open, shot }) {
  const { context, page } = await open({ width: 375, height: 812 });
  await registerUi(page, newUser('trash'));
  await apiCall(context, 'POST', '/api/logs', { title: 'Trash Block' });
  await apiCall(context, 'POST', `/api${LOG}/exercises`, { title: 'Squat', session: 'wlsession' });
  for (const [createdDate, kilograms] of [
    ['2024-01-15', 100],
    ['2026-11-20', 120],
  ]) {
    await apiCall(context, 'POST', `/api${LOG}/exercises/squat/wlsessions`, {
      createdDate,
      set: [{ repetitions: 5, kilograms, isHard: true }],
    });
  }
  await expectExerciseWhole(page, EXERCISE);

  // The More menu by keyboard: ArrowDown opens it on Delete, Escape closes it back to its button.
  await page.goto(LOG);
  await expectHeading(page, 'Trash Block');
  const more = page.getByRole('button', { name: 'More', exact: true });
  assert.equal(await more.getAttribute('aria-haspopup'), 'menu');
  assert.equal(await more.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.getByRole('button', { name: 'Delete' }).count(), 0, 'no Delete button in sight');
  await more.focus();
  await page.keyboard.press('ArrowDown');
  const deleteItem = page.getByRole('menuitem', { name: 'Delete' });
  await deleteItem.waitFor();
  assert.ok(await deleteItem.evaluate((el) => el === document.activeElement), 'Delete has focus');
  const box = await deleteItem.boundingBox();
  assert.ok(box && box.height >= 44, `the menu item is ${box?.height} px tall`);
  await shot(page, 'trash-more-menu');
  await accessible(page, 'the log page with its More menu open');
  await more.click(); // the viewport changes moved focus; open it again by pointer
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await deleteItem.focus();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  assert.equal(await more.getAttribute('aria-expanded'), 'false');
  assert.ok(await more.evaluate((el) => el === document.activeElement), 'focus back on More');

  // Delete, then Undo: the log comes back whole and its page with it.
  await deleteFromMore(page);
  assert.equal(page.lastDialog, 'Are you sure?');
  await expectToast(page, 'Log deleted');
  await expectPath(page, '/logs');
  assert.equal(await page.getByRole('link', { name: 'Trash Block' }).count(), 0, 'gone from /logs');
  const undo = page
    .getByRole('alert')
    .filter({ hasText: 'Log deleted' })
    .getByRole('button', { name: 'Undo' });
  await undo.waitFor();
  const undoBox = await undo.boundingBox();
  assert.ok(undoBox && undoBox.height >= 44 && undoBox.width >= 44, 'Undo is a 44 px target');
  await undo.click();
  await expectToast(page, 'Restored');
  await expectPath(page, LOG);
  await expectHeading(page, 'Trash Block');
  await page.getByRole('link', { name: /Squat/ }).waitFor();
  await expectExerciseWhole(page, EXERCISE);

  // Deleted, its title taken again, then restored from the profile's trash: it becomes -2.
  await page.goto(LOG);
  await deleteFromMore(page);
  await expectToast(page, 'Log deleted');
  await expectPath(page, '/logs');
  await undoToastAccessible(page);
  await createLogUi(page, 'Trash Block');
  assert.equal((await apiCall(context, 'GET', `/api${LOG}`)).logAggregate.length, 0, 'the new log is empty');

  await page.goto('/profile');
  const trash = page.getByRole('region', { name: 'Trash' });
  const row = trash.getByRole('listitem').filter({ hasText: 'Trash Block' });
  await row.waitFor();
  assert.match(await row.textContent(), /Log.*Trash Block.*Deleted .* · With 1 exercise, 2 sessions/);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'trash-profile');
  await accessible(page, "the profile's trash");
  await row.getByRole('button', { name: 'Restore Trash Block' }).click();
  await expectToast(page, 'Restored');
  await trash.getByText('The trash is empty.').waitFor();
  const titles = (await apiCall(context, 'GET', '/api/logs')).logs.map((log) => log.slugLog).sort();
  assert.deepEqual(titles, ['trash-block', 'trash-block-2']);
  await expectExerciseWhole(page, `${LOG}-2/squat`);

  // The new log deleted, then deleted for good: 'Are you sure?', and the trash is empty again.
  await page.goto(LOG);
  await expectHeading(page, 'Trash Block');
  await deleteFromMore(page);
  await expectToast(page, 'Log deleted');
  await page.goto('/profile');
  await trash.getByRole('button', { name: 'Delete for good: Trash Block' }).click();
  assert.equal(page.lastDialog, 'Are you sure?');
  await expectToast(page, 'Deleted for good');
  await trash.getByText('The trash is empty.').waitFor();
  await shot(page, 'trash-profile-empty');
  await accessible(page, "the profile's empty trash");
  assert.deepEqual((await apiCall(context, 'GET', '/api/trash')).items, []);
}
