// A pace exercise: its messages, pace as m:ss, speed to 3 decimals, the chart, edit and the
// 'Previous Session' beside the form.
import {
  assert,
  createExerciseUi,
  createLogUi,
  deleteFromMore,
  expectFieldError,
  expectHeading,
  expectPath,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'pace';

export async function run({ open, shot }) {
  const { page } = await open();
  await registerUi(page, newUser('runner'));
  await createLogUi(page, 'Road Running');
  await page.getByRole('link', { name: 'Road Running' }).click();
  // The logs list has a "Create new" link too: wait for the log page before clicking its own.
  await expectPath(page, '/logs/road-running');
  await createExerciseUi(page, '5k Tempo', 'dist, pace, time');
  await page.getByRole('link', { name: /5k Tempo/ }).click();
  await expectPath(page, '/logs/road-running/5k-tempo');
  // An exercise without sessions leads to its first one, with no chart yet (docs/api.md §14).
  await page.getByText('No sessions yet').waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Pace & Speed Over Time' }).count(), 0);

  await page.getByRole('button', { name: 'Create New' }).click();
  await expectPath(page, '/logs/road-running/5k-tempo/pa/create-new-session');
  await expectHeading(page, 'New Session');
  for (const label of ['Hours', 'Minutes', 'Seconds', 'Distance']) {
    assert.equal(await page.getByLabel(label, { exact: true }).inputValue(), '0', `${label} starts at 0`);
  }
  await page.getByLabel('Hours', { exact: true }).fill('');
  await page.getByLabel('Minutes', { exact: true }).fill('-5');
  await page.getByLabel('Date').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'This field is required');
  await expectFieldError(page, 'Minutes must be at least 0');
  await expectFieldError(page, 'Must be a valid date');
  await shot(page, 'new-pa-session-errors');

  // 25:30 over 5 km: 5:06 min/km, 0.196 km/min.
  await page.getByLabel('Date').fill('2025-03-01');
  await page.getByLabel('Hours', { exact: true }).fill('0');
  await page.getByLabel('Minutes', { exact: true }).fill('25');
  await page.getByLabel('Seconds', { exact: true }).fill('30');
  await page.getByLabel('Distance', { exact: true }).fill('5');
  await page.getByText('5:06').first().waitFor(); // the live preview
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session created');
  await expectPath(page, '/logs/road-running/5k-tempo');

  // A second run: 1 h 2 min 5 s over 12.5 km → 4:58.0 → 4:58, 0.201 km/min.
  await page.getByRole('button', { name: 'Create New' }).click();
  await page.getByRole('heading', { name: 'Previous Session' }).waitFor();
  await page.locator('.previous').getByText('5:06').waitFor();
  await shot(page, 'new-pa-session');
  await page.getByLabel('Date').fill('2025-03-08');
  await page.getByLabel('Hours', { exact: true }).fill('1');
  await page.getByLabel('Minutes', { exact: true }).fill('2');
  await page.getByLabel('Seconds', { exact: true }).fill('5');
  await page.getByLabel('Distance', { exact: true }).fill('12.5');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session created');
  await page.locator('.chart-bar').first().waitFor();
  await shot(page, 'pa-exercise');
  await page.locator('.chart-bar').first().hover();
  await page.locator('.chart-tooltip').getByText('Pace : 5:06 min/km').waitFor();

  await page.getByRole('link', { name: /1 Mar 2025/ }).click();
  await expectPath(page, '/logs/road-running/5k-tempo/pa/2025-03-01');
  await expectHeading(page, '1 Mar 2025');
  const stats = page.locator('.stats');
  await stats.getByText('5:06').waitFor();
  await stats.getByText('0.196').waitFor();
  assert.match(await stats.innerText(), /Hours\s*0/i);
  assert.match(await stats.innerText(), /Minutes\s*25/i);
  assert.match(await stats.innerText(), /Seconds\s*30/i);
  assert.match(await stats.innerText(), /Distance\s*5/i);
  await shot(page, 'pa-session');

  await page.getByRole('link', { name: 'Edit' }).click();
  await expectHeading(page, 'Edit Session');
  assert.equal(await page.getByLabel('Minutes', { exact: true }).inputValue(), '25');
  await page.getByLabel('Minutes', { exact: true }).fill('20');
  await page.getByLabel('Seconds', { exact: true }).fill('0');
  await shot(page, 'edit-pa-session');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session updated');
  await expectPath(page, '/logs/road-running/5k-tempo');
  await page.getByRole('link', { name: /1 Mar 2025/ }).click();
  await page.locator('.stats').getByText('4:00').waitFor(); // 20 min / 5 km
  await page.locator('.stats').getByText('0.250').waitFor();

  await deleteFromMore(page);
  await expectToast(page, 'Session deleted');
  await expectPath(page, '/logs/road-running/5k-tempo');
  await page.getByText('1 session', { exact: true }).waitFor();
}
