// register → profile: import a small Hevy CSV (preview, then import, then the summary) →
// download the JSON and CSV exports → the logs, exercise, sessions and chart it created → the
// same file again adds nothing → a FitNotes file, its source chosen by hand.
import { readFile } from 'node:fs/promises';
import {
  assert,
  assertNoHorizontalScroll,
  clickMenu,
  expectHeading,
  expectPath,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'data';

const HEVY_HEADER =
  '"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"';

// Line 1 is the header. Line 6 has no numbers (skipped); line 7 is a run (a pace session).
const HEVY_CSV = [
  HEVY_HEADER,
  '"Push Day","15 Jan 2024, 18:30","15 Jan 2024, 19:30","","Bench Press (Barbell)",,"",0,"warmup",40,10,,,',
  '"Push Day","15 Jan 2024, 18:30","15 Jan 2024, 19:30","","Bench Press (Barbell)",,"",1,"normal",80,5,,,8',
  '"Push Day","15 Jan 2024, 18:30","15 Jan 2024, 19:30","","Bench Press (Barbell)",,"",2,"failure",82.5,4,,,9.5',
  '"Push Day","15 Jan 2024, 18:30","15 Jan 2024, 19:30","","Overhead Press (Barbell)",,"Strict, no leg drive",0,"normal",40,8,,,',
  '"Push Day","15 Jan 2024, 18:30","15 Jan 2024, 19:30","","Face Pull",,"",0,"normal",,,,,',
  '"Morning Run","16 Jan 2024, 07:05","16 Jan 2024, 07:35","","Running",,"",0,"normal",,,5.2,1710,',
  '"Push Day","22 Jan 2024, 18:00","22 Jan 2024, 19:00","","Bench Press (Barbell)",,"",0,"warmup",40,10,,,',
  '"Push Day","22 Jan 2024, 18:00","22 Jan 2024, 19:00","","Bench Press (Barbell)",,"",1,"normal",85,5,,,',
].join('\n');

const hevyFile = { name: 'hevy-workouts.csv', mimeType: 'text/csv', buffer: Buffer.from(HEVY_CSV) };

// Categories become logs; the two cycling rows of one day one pace session (10 km + 2 mi).
const FITNOTES_CSV = [
  'Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time,Comment',
  '2024-01-17,Deadlift,Back,100.0,5,,,,',
  '2024-01-17,Deadlift,Back,120.0,3,,,,Belt on',
  '2024-01-18,Cycling,Cardio,,,10.0,km,0:30:00,',
  '2024-01-18,Cycling,Cardio,,,2.0,mi,0:08:00,',
].join('\n');
const fitnotesFile = { name: 'FitNotes_Export.csv', mimeType: 'text/csv', buffer: Buffer.from(FITNOTES_CSV) };

/** The figure under a stat tile's label in the preview or summary. */
const count = (page, label) =>
  page.locator('.import-summary .stat').filter({ hasText: label }).locator('dd').textContent();

export async function run({ open, shot }) {
  const { page } = await open();
  const user = newUser('mover');
  // Lands on the (empty) logs list: it is in the cache from now on, so seeing the imported logs
  // there later shows the import invalidated it.
  await registerUi(page, user);
  await page.getByText('No logs yet').first().waitFor();

  await clickMenu(page, 'Profile');
  await expectHeading(page, 'Update User Profile');
  await page.getByRole('heading', { level: 2, name: 'Your data' }).waitFor();
  assert.equal(await page.locator('h1').count(), 1, 'one h1 on the profile page');
  await page.getByText('Choose a file and its source').waitFor();

  // Choosing the file recognises Hevy and runs the dry run.
  await page.getByLabel('File').setInputFiles(hevyFile);
  await page.getByRole('heading', { name: 'Preview' }).waitFor();
  assert.ok(await page.getByLabel('Hevy CSV').isChecked(), 'Hevy recognised from the header');
  await page.getByText('8 rows read. Importing this file will create:').waitFor();
  assert.equal(await count(page, 'Logs'), '2');
  assert.equal(await count(page, 'Exercises'), '3');
  assert.equal(await count(page, 'Sessions'), '4');
  await page.getByText('1 row skipped').waitFor();
  await page.getByText('No reps, weight, distance or duration').waitFor();
  assert.match(await page.locator('.skipped-list li').first().textContent(), /^Line 6:/);
  await shot(page, 'profile-data-preview');

  // Keyboard: from the file input, Tab reaches the chosen source, then Import; Enter imports.
  await page.getByLabel('File').focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('value')), 'hevy');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Import');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Imported 2 logs, 3 exercises and 4 sessions');
  await page.getByRole('heading', { name: 'Import complete' }).waitFor();
  assert.equal(await count(page, 'Sessions'), '4');
  assert.equal(await page.getByLabel('File').inputValue(), '', 'the file input is emptied');
  await page.setViewportSize({ width: 375, height: 812 });
  await assertNoHorizontalScroll(page, 'profile with the import summary');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'profile-data-imported');

  // Both exports download with the session cookie.
  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download JSON' }).click(),
  ]);
  assert.match(jsonDownload.suggestedFilename(), /^workout-log-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await jsonDownload.path(), 'utf8'));
  assert.equal(exported.format, 'workout-log');
  assert.equal(exported.version, 1);
  assert.deepEqual(exported.logs.map((log) => log.title).sort(), ['Morning Run', 'Push Day']);
  const push = exported.logs.find((log) => log.title === 'Push Day');
  const bench = push.exercises.find((exercise) => exercise.title === 'Bench Press Barbell');
  assert.deepEqual(
    bench.sessions.map((session) => session.createdDate),
    ['2024-01-15', '2024-01-22'],
  );
  assert.deepEqual(
    bench.sessions[0].set.map((set) => set.isHard),
    [false, true, true],
    'the warm-up is not hard',
  );
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile(await csvDownload.path(), 'utf8');
  assert.ok(csv.replace(/^\uFEFF/, '').startsWith('date,log,exercise,kind,set,reps,kg,hard'), 'CSV header');
  assert.equal(csv.trim().split('\r\n').length, 1 + 7, 'a row per weight set and per pace session');

  // The lists show what was imported (client-side navigation: the cached list was invalidated).
  await page.getByRole('link', { name: 'See your logs' }).click();
  await expectPath(page, '/logs');
  await page.getByRole('link', { name: 'Morning Run' }).waitFor();
  await page.getByRole('link', { name: 'Push Day' }).click();
  await expectHeading(page, 'Push Day');
  await page.getByRole('link', { name: /Overhead Press Barbell/ }).waitFor();
  await page.getByRole('link', { name: /Bench Press Barbell/ }).click();
  await expectPath(page, '/logs/push-day/bench-press-barbell');
  await expectHeading(page, 'Bench Press Barbell');
  await page.getByRole('link', { name: /22 Jan 2024/ }).waitFor();
  await page.getByRole('heading', { name: 'Volume Over Time' }).waitFor();
  await page.locator('.chart-bar').first().waitFor();
  const bars = await page.locator('.chart-bar').count();
  assert.ok(bars >= 4, `bars drawn for 2 dates (saw ${bars})`);

  await page.getByRole('link', { name: /15 Jan 2024/ }).click();
  await expectPath(page, '/logs/push-day/bench-press-barbell/wl/2024-01-15');
  await expectHeading(page, '15 Jan 2024');
  await page.getByRole('cell', { name: '330' }).waitFor(); // 4 × 82.5
  const warmUp = page.getByRole('row').nth(1);
  // Set, Reps, KGs, RPE, Hard, Volume (components/sets-table.tsx).
  assert.equal(await warmUp.getByRole('cell').nth(3).textContent(), '–No', 'the warm-up set is not hard');
  assert.equal(
    await page.locator('.stat-junk dd').textContent(),
    '400 kg',
    'junk volume is the warm-up: 10 × 40',
  );

  await clickMenu(page, 'Home');
  await expectPath(page, '/logs');
  await page.getByRole('link', { name: 'Morning Run' }).click();
  await expectHeading(page, 'Morning Run');
  await page.getByRole('link', { name: /Running/ }).click();
  await expectHeading(page, 'Running');
  await page.getByRole('link', { name: /16 Jan 2024/ }).waitFor();
  await page.locator('.chart-bar').first().waitFor();
  await page.getByText('5.2').first().waitFor();

  // The same file again: nothing new.
  await clickMenu(page, 'Profile');
  await expectHeading(page, 'Update User Profile');
  await page.getByLabel('File').setInputFiles(hevyFile);
  await page.getByText('Nothing new: everything in this file is already here.').waitFor();
  await page.getByText('4 sessions already here will be left as they are.').waitFor();

  // Told it is a Strong file, the server names the first bad line; the unit is asked first.
  await page.getByLabel('Strong CSV').check();
  await page.getByRole('group', { name: 'Weight unit' }).waitFor();
  await page.getByLabel('kg', { exact: true }).check();
  const alert = page.locator('.import-panel [role="alert"]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /^Line 1: /);
  await shot(page, 'profile-data-error');

  // FitNotes: its header is not guessed, so the source chosen stays.
  await page.getByLabel('FitNotes CSV').check();
  await page.getByLabel('File').setInputFiles(fitnotesFile);
  await page.getByText('4 rows read. Importing this file will create:').waitFor();
  assert.equal(await count(page, 'Logs'), '2');
  assert.equal(await count(page, 'Sessions'), '2');
  await page.getByRole('button', { name: 'Import' }).click();
  await expectToast(page, 'Imported 2 logs, 2 exercises and 2 sessions');
  await page.getByRole('link', { name: 'See your logs' }).click();
  await page.getByRole('link', { name: 'Cardio' }).click();
  await page.getByRole('link', { name: /Cycling/ }).click();
  await expectHeading(page, 'Cycling');
  await page.getByText('13.22').first().waitFor();
}
