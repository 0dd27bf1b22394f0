// register → log → weight exercise → sessions with several sets → chart → edit → delete
import {
  assert,
  deleteFromMore,
  expectFieldError,
  expectHeading,
  expectPath,
  expectTitle,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'weights';

export async function run({ open, shot }) {
  const { page } = await open();
  const user = newUser('lifter');

  await page.goto('/');
  await expectHeading(page, /Log your training/);
  assert.match(await page.title(), /Workout Tracker/);
  await shot(page, 'home');
  await page.getByRole('button', { name: 'Register' }).click();
  await expectPath(page, '/register');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'This field is required');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'Not a valid email format');
  await expectFieldError(page, 'Password must be at least 6 characters');
  await shot(page, 'register-errors');
  await registerUi(page, user);
  await expectTitle(page, 'Logs');
  await shot(page, 'logs-empty');

  // A log, with the title rules first.
  await page.getByRole('link', { name: 'Create new' }).click();
  await expectHeading(page, 'New Log');
  await expectTitle(page, 'New Log');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'This field is required');
  await page.getByLabel('Title').fill('Bad title!');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'Letters, numbers, spaces, dashes and underscores allowed');
  await shot(page, 'new-log-errors');
  await page.getByLabel('Title').fill('Strength Block');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Log created');
  // A new log lands inside it (docs/api.md §14).
  await expectPath(page, '/logs/strength-block');
  await expectHeading(page, 'Strength Block');
  await expectTitle(page, 'Strength Block');
  await shot(page, 'log-empty');

  // The exercise: both messages, then a weights exercise.
  await page.getByRole('link', { name: 'Create new' }).click();
  await expectHeading(page, 'New Exercise');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'This field is required');
  await expectFieldError(page, 'You must choose an option');
  await shot(page, 'new-exercise-errors');
  await page.getByLabel('Title').fill('Bench Press');
  await page.getByLabel('reps * kgs = vol').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Exercise created');
  await expectPath(page, '/logs/strength-block');
  await shot(page, 'log');

  await page.getByRole('link', { name: /Bench Press/ }).click();
  await expectPath(page, '/logs/strength-block/bench-press');
  await expectHeading(page, 'Bench Press');
  // No session yet: the empty state leads, with no chart before there is data (docs/api.md §14).
  await page.getByRole('link', { name: 'Log the first session' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Volume Over Time' }).count(), 0);
  await shot(page, 'exercise-empty');

  // First session: today by default, three sets, the middle one removed by its own button.
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectPath(page, '/logs/strength-block/bench-press/wl/create-new-session');
  await expectHeading(page, 'New Session');
  await page.getByRole('heading', { name: 'Previous Session' }).waitFor();
  const today = await page.evaluate(() => {
    const d = new Date();
    const pad = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
  assert.equal(await page.getByLabel('Date').inputValue(), today, 'date defaults to today');
  assert.equal(await page.getByLabel('Set 1 reps').inputValue(), '0');
  assert.equal(await page.getByLabel('Set 1 KGs').inputValue(), '0');
  assert.ok(await page.getByRole('button', { name: 'Remove set 1' }).isDisabled(), 'the only set cannot go');
  await page.getByLabel('Set 1 reps').fill('5');
  await page.getByLabel('Set 1 KGs').fill('100');
  await page.getByLabel('Set 1 Hard').check();
  await page.getByRole('button', { name: 'Add set' }).click();
  await page.getByLabel('Set 2 reps').fill('3');
  await page.getByLabel('Set 2 KGs').fill('50');
  await page.getByRole('button', { name: 'Add set' }).click();
  assert.equal(await page.getByLabel('Set 3 reps').inputValue(), '0', 'new sets start at 0 reps');
  await page.getByLabel('Set 3 reps').fill('8');
  await page.getByLabel('Set 3 KGs').fill('60');
  await page.getByRole('button', { name: 'Remove set 2' }).click();
  assert.equal(await page.getByLabel('Set 2 reps').inputValue(), '8', 'set 2 removed, set 3 moved up');
  assert.equal(await page.getByLabel('Set 2 KGs').inputValue(), '60');
  assert.equal(await page.getByLabel('Set 3 reps').count(), 0);
  await page.getByLabel('Set 2 reps').fill('-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'Repetitions must be at least 0');
  await page.getByLabel('Set 2 KGs').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'This field is required');
  await shot(page, 'new-wl-session-errors');
  await page.getByLabel('Set 2 reps').fill('8');
  await page.getByLabel('Set 2 KGs').fill('60');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session created');
  await expectPath(page, '/logs/strength-block/bench-press');

  // Second session on an older date: the chart then has two days.
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  await page.getByText('980').first().waitFor(); // previous session's total volume: 500 + 480
  await shot(page, 'new-wl-session');
  await page.getByLabel('Date').fill('2024-01-15');
  await page.getByLabel('Set 1 reps').fill('10');
  await page.getByLabel('Set 1 KGs').fill('40.5');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session created');
  await expectPath(page, '/logs/strength-block/bench-press');
  await page.getByRole('link', { name: /15 Jan 2024/ }).waitFor();

  const bars = page.locator('.chart-bar');
  await page.locator('.progress-chart').first().waitFor();
  await bars.first().waitFor();
  const barCount = await bars.count();
  assert.ok(barCount >= 4, `bars drawn for 2 dates (saw ${barCount})`);
  await shot(page, 'exercise');
  await bars.first().hover(); // the older date's Total Volume bar
  await page.locator('.chart-tooltip').getByText('Total Volume : 405 kg').waitFor();
  await page.getByRole('checkbox', { name: 'Junk Volume' }).uncheck();
  await page.waitForFunction((n) => document.querySelectorAll('.chart-bar').length < n, barCount);
  await page.getByRole('checkbox', { name: 'Junk Volume' }).check();

  // Session detail, edit, delete.
  await page.getByRole('link', { name: /15 Jan 2024/ }).click();
  await expectPath(page, '/logs/strength-block/bench-press/wl/2024-01-15');
  await expectHeading(page, '15 Jan 2024');
  await page.getByRole('cell', { name: '405' }).waitFor(); // 10 × 40.5
  await shot(page, 'wl-session');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expectHeading(page, 'Edit Session');
  assert.equal(await page.getByLabel('Date').inputValue(), '2024-01-15', 'edit form prefilled');
  assert.equal(await page.getByLabel('Set 1 KGs').inputValue(), '40.5');
  await page.getByLabel('Set 1 reps').fill('12');
  await shot(page, 'edit-wl-session');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session updated');
  await expectPath(page, '/logs/strength-block/bench-press');
  await page.getByText('486').first().waitFor(); // 12 × 40.5

  await page.getByRole('link', { name: /15 Jan 2024/ }).click();
  await expectHeading(page, '15 Jan 2024');
  await deleteFromMore(page);
  await expectToast(page, 'Session deleted');
  await expectPath(page, '/logs/strength-block/bench-press');
  assert.equal(await page.getByRole('link', { name: /15 Jan 2024/ }).count(), 0);

  // Exercise edit and delete.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expectHeading(page, 'Edit Exercise');
  assert.equal(await page.getByLabel('Title').inputValue(), 'Bench Press');
  await page.getByLabel('Title').fill('Incline Bench');
  await shot(page, 'edit-exercise');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Exercise updated');
  await expectHeading(page, 'Incline Bench');
  await deleteFromMore(page);
  await expectToast(page, 'Exercise deleted');
  await expectPath(page, '/logs/strength-block');

  // Log edit and delete.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expectHeading(page, 'Edit Log');
  assert.equal(await page.getByLabel('Title').inputValue(), 'Strength Block');
  await page.getByLabel('Title').fill('Power Block');
  await shot(page, 'edit-log');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Log updated');
  await expectPath(page, '/logs');
  await page.getByRole('link', { name: 'Power Block' }).click();
  await expectHeading(page, 'Power Block');
  await deleteFromMore(page);
  await expectToast(page, 'Log deleted');
  await expectPath(page, '/logs');
  assert.equal(await page.getByRole('link', { name: 'Power Block' }).count(), 0);
}
