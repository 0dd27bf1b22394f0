// A lifter in pounds (docs/api.md §10): the profile's unit, sets typed in pounds and shown as
// typed everywhere, volumes in pounds, notes, copy previous sets, and a draft that survives a reload.
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

export const name = 'pounds';

export async function run({ open, shot }) {
  const { context, page } = await open();
  await registerUi(page, newUser('pounds'));

  // The profile's unit choice.
  await clickMenu(page, 'Profile');
  await expectHeading(page, 'Update User Profile');
  assert.ok(await page.getByLabel('Kilograms (kg)').isChecked(), 'kg until chosen otherwise');
  await page.getByLabel('Pounds (lb)').check();
  await shot(page, 'profile-units');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Profile updated');
  assert.equal((await apiCall(context, 'GET', '/api/users/profile')).weightUnit, 'lb');

  await createLogUi(page, 'Garage Gym');
  await page.getByRole('link', { name: 'Garage Gym' }).click();
  await createExerciseUi(page, 'Deadlift', 'reps * kgs = vol');
  await page.getByRole('link', { name: /Deadlift/ }).click();
  await expectPath(page, '/logs/garage-gym/deadlift');

  // A session typed in pounds, with notes.
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  await page.getByLabel('Set 1 reps').fill('5');
  await page.getByLabel('Set 1 LBs').fill('135');
  await page.getByLabel('Set 1 Hard').check();
  await page.getByRole('button', { name: 'Add set' }).click();
  await page.getByLabel('Set 2 reps').fill('3');
  await page.getByLabel('Set 2 LBs').fill('225.5');
  await page.getByLabel('Notes').fill('Left knee sore, stopped at 2 sets');
  await page.locator('.volume-preview').getByText('1,351.5').waitFor(); // 5 × 135 + 3 × 225.5
  await shot(page, 'new-wl-session-lb');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session created');
  await expectPath(page, '/logs/garage-gym/deadlift');

  // What the server keeps: the typed pounds, kilograms derived, volumes in kilograms.
  const pageJson = await apiCall(context, 'GET', '/api/logs/garage-gym/exercises/deadlift');
  const stored = pageJson.exerciseAggregate[0].wlsessions;
  assert.deepEqual(
    stored.set.map((s) => [s.repetitions, s.pounds, s.kilograms]),
    [
      [5, 135, 61.23],
      [3, 225.5, 102.29],
    ],
  );
  assert.equal(stored.notes, 'Left knee sore, stopped at 2 sets');

  // The session page in pounds, exactly as typed, with the notes.
  await page
    .getByRole('link', { name: /\d{4}|Today|\w{3}/ })
    .first()
    .waitFor();
  await page.goto(`/logs/garage-gym/deadlift/wl/${stored.slugSession}`);
  await page.getByRole('columnheader', { name: 'LBs' }).waitFor();
  await page.getByRole('cell', { name: '135', exact: true }).waitFor();
  await page.getByRole('cell', { name: '225.5', exact: true }).waitFor();
  await page.getByRole('cell', { name: '675', exact: true }).waitFor();
  await page.getByText('1,351.5').first().waitFor(); // total volume in pounds
  await page.getByText('Left knee sore, stopped at 2 sets').waitFor();
  await shot(page, 'wl-session-lb');

  // The edit form shows the pounds as typed, and saving unchanged keeps them.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expectHeading(page, 'Edit Session');
  await page.getByLabel('Set 1 LBs').waitFor();
  await shot(page, 'edit-wl-session-lb');
  assert.equal(await page.getByLabel('Set 1 LBs').inputValue(), '135');
  assert.equal(await page.getByLabel('Notes').inputValue(), 'Left knee sore, stopped at 2 sets');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session updated');
  const edited = await apiCall(
    context,
    'GET',
    `/api/logs/garage-gym/exercises/deadlift/wlsessions/${stored.slugSession}`,
  );
  assert.deepEqual(
    edited.wlsession.set.map((s) => s.pounds),
    [135, 225.5],
  );

  // Next time: the previous session in pounds, copied in one click; a reload keeps the draft.
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  const previous = page.locator('.previous');
  await previous.getByRole('cell', { name: '135', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Copy previous sets' }).click();
  assert.equal(await page.getByLabel('Set 2 LBs').inputValue(), '225.5');
  await page.getByLabel('Set 2 reps').fill('4');
  await page.getByLabel('Notes').fill('Knee fine today');
  await page.waitForTimeout(500); // the draft is kept 300 ms after the last keystroke
  await page.reload();
  await page.getByText(/Restored your unsaved draft/).waitFor();
  assert.equal(await page.getByLabel('Set 2 reps').inputValue(), '4');
  assert.equal(await page.getByLabel('Set 1 LBs').inputValue(), '135');
  assert.equal(await page.getByLabel('Notes').inputValue(), 'Knee fine today');
  await shot(page, 'new-wl-session-lb-draft');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session created');
  await expectPath(page, '/logs/garage-gym/deadlift');

  // Saved: the draft is gone, and the chart speaks pounds.
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  assert.equal(await page.getByText(/Restored your unsaved draft/).count(), 0, 'no draft after a save');
  await page.goBack();
  // Every figure in the typed pounds, never kilograms converted back (225.5 lb is not 225.49):
  // the session cards, the records (from the sets that hold them) and the chart.
  // The first session (5 × 135 + 3 × 225.5) and the second (its sets copied, the last with 4 reps).
  await page.locator('.session-card').getByText('1,351.5 lb', { exact: true }).waitFor();
  await page.locator('.session-card').getByText('1,577 lb', { exact: true }).waitFor();
  await page.getByText('reps * lbs = vol').waitFor();
  await page.getByRole('link', { name: 'Heaviest: 225.5 lb' }).waitFor();
  await page.getByRole('link', { name: 'Estimated 1RM: 255.57 lb' }).waitFor();
  await page.getByRole('link', { name: 'Best set volume: 902 lb' }).waitFor();
  await page.getByRole('link', { name: 'Best session volume: 1,577 lb' }).waitFor();
  await page.locator('.chart-bar').first().waitFor();
  await page.locator('.chart-bar').first().hover();
  await page
    .locator('.chart-tooltip')
    .getByText(/Total Volume : 1,351\.5 lb/)
    .waitFor();
  await shot(page, 'exercise-lb');
}
