// A new user on a phone imports a Strong CSV and a Hevy CSV with warm-up sets, RPE and (Hevy) a
// superset, then finds each file's workout on its log's Workouts list and on the workout's page,
// grouped as it was trained: exercises in order with their superset labels, the W badge on the
// warm-ups, the RPE. axe on the workout page in both themes (docs/api.md §11).
import {
  assert,
  clickMenu,
  expectHeading,
  expectPath,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';
import { accessible } from './gym.mjs';

export const name = 'imported-workouts';

// Strong: `Set Order` W is a warm-up; the rows of set 2 and set 1 come out of order on purpose
// (Strong's files do that), the warm-up last: the page shows them by Set Order, the warm-up first.
const STRONG_CSV = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  '2024-03-04 18:00:00,"Leg Day",1h 10m,"Squat (Barbell)",2,100,5,0,0,"","",8',
  '2024-03-04 18:00:00,"Leg Day",1h 10m,"Squat (Barbell)",1,100,5,0,0,"","",7.5',
  '2024-03-04 18:00:00,"Leg Day",1h 10m,"Squat (Barbell)",W,60,8,0,0,"","",',
  '2024-03-04 18:00:00,"Leg Day",1h 10m,"Squat (Barbell)",Rest Timer,0,0,0,120,"","",',
  '2024-03-04 18:00:00,"Leg Day",1h 10m,"Leg Press",1,150,10,0,0,"","",9',
].join('\n');

// Hevy: a warm-up (`set_type` warmup), RPE, and pull-ups and dips in one superset (`superset_id` 0).
const HEVY_HEADER =
  '"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"';
const HEVY_ROW = '"Upper Day","5 Mar 2024, 18:30","5 Mar 2024, 19:30","",';
const HEVY_CSV = [
  HEVY_HEADER,
  `${HEVY_ROW}"Bench Press (Barbell)",,"",0,"warmup",40,10,,,`,
  `${HEVY_ROW}"Bench Press (Barbell)",,"",1,"normal",80,5,,,8`,
  `${HEVY_ROW}"Bench Press (Barbell)",,"",2,"normal",80,5,,,8.5`,
  `${HEVY_ROW}"Pull Up",0,"",0,"normal",10,8,,,9`,
  `${HEVY_ROW}"Pull Up",0,"",1,"normal",10,7,,,9.5`,
  `${HEVY_ROW}"Triceps Dip",0,"",0,"normal",20,10,,,`,
].join('\n');

const csvFile = (fileName, text) => ({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(text) });

/**
 * The workout page's entries as a person reads them: superset label, exercise, and per set its
 * number, type badge letter, reps, weight and RPE.
 */
const entriesOf = (page) =>
  page.locator('.workout-entry').evaluateAll((items) =>
    items.map((item) => ({
      label: item.querySelector('.superset-label')?.textContent ?? null,
      title: item.querySelector('.workout-entry-title')?.textContent,
      sets: [...item.querySelectorAll('tbody tr')].map((row) => {
        const head = row.querySelector('th');
        const badge = head.querySelector('.set-type-badge');
        // What the eye reads: a dash for no RPE (its word is for screen readers).
        const cells = [...row.querySelectorAll('td')].map(
          (td) => td.querySelector('[aria-hidden="true"]')?.textContent ?? td.textContent,
        );
        return [
          head.textContent.replace(badge?.textContent ?? '', '').trim(),
          badge?.querySelector('[aria-hidden="true"]').textContent ?? '',
          cells[0],
          cells[1],
          cells[2],
        ];
      }),
    })),
  );

/** From /logs: the log, its Workouts list, the one workout there, its page. */
async function openWorkout(page, logTitle, slugLog, meta) {
  await clickMenu(page, 'Home');
  await expectPath(page, '/logs');
  await page.getByRole('link', { name: logTitle, exact: true }).click();
  await expectHeading(page, logTitle);
  await page
    .getByRole('navigation', { name: 'Workouts and routines' })
    .getByRole('link', { name: 'Workouts' })
    .click();
  await expectPath(page, `/logs/${slugLog}/workouts`);
  await expectHeading(page, 'Workouts');
  await page.getByText('1 workout', { exact: true }).waitFor();
  const card = page.getByRole('link', { name: new RegExp(logTitle) });
  assert.match(await card.innerText(), meta, `${logTitle} on the Workouts list`);
  await card.click();
  await page.waitForURL(new RegExp(`/logs/${slugLog}/workouts/[^/]+$`));
  await expectHeading(page, logTitle);
  await page.locator('.workout-entry').first().waitFor();
}

export async function run({ open, shot }) {
  const { page } = await open({ width: 375, height: 812 });
  await registerUi(page, newUser('importer'));
  await page.getByText('No logs yet').first().waitFor();

  await clickMenu(page, 'Profile');
  await page.getByRole('heading', { level: 2, name: 'Your data' }).waitFor();

  // Strong: recognised from its header; its weight unit is asked, then the preview.
  await page.getByLabel('File').setInputFiles(csvFile('strong.csv', STRONG_CSV));
  await page.getByRole('group', { name: 'Weight unit' }).waitFor();
  assert.ok(await page.getByLabel('Strong CSV').isChecked(), 'Strong recognised from the header');
  await page.getByLabel('kg', { exact: true }).check();
  await page.getByText('5 rows read. Importing this file will create:').waitFor();
  await page.getByRole('button', { name: 'Import' }).click();
  await expectToast(page, 'Imported 1 log, 2 exercises and 2 sessions');
  await page.getByRole('heading', { name: 'Import complete' }).waitFor();

  // Hevy, on the same screen.
  await page.getByLabel('File').setInputFiles(csvFile('hevy.csv', HEVY_CSV));
  await page.getByText('6 rows read. Importing this file will create:').waitFor();
  assert.ok(await page.getByLabel('Hevy CSV').isChecked(), 'Hevy recognised from the header');
  await page.getByRole('button', { name: 'Import' }).click();
  await expectToast(page, 'Imported 1 log, 3 exercises and 3 sessions');

  // Hevy's workout: the bench alone, then pull-ups and dips as superset A.
  await openWorkout(page, 'Upper Day', 'upper-day', /5 Mar 2024 · 1 h 0 min · 3 exercises · \d+ sets/);
  assert.deepEqual(await entriesOf(page), [
    {
      label: null,
      title: 'Bench Press Barbell',
      sets: [
        ['1', 'W', '10', '40', '–'],
        ['2', '', '5', '80', '8'],
        ['3', '', '5', '80', '8.5'],
      ],
    },
    {
      label: 'A1',
      title: 'Pull Up',
      sets: [
        ['1', '', '8', '10', '9'],
        ['2', '', '7', '10', '9.5'],
      ],
    },
    { label: 'A2', title: 'Triceps Dip', sets: [['1', '', '10', '20', '–']] },
  ]);
  // Each set's number sits in its row: its cell is a table cell as tall as the row (a flex
  // header cell left the rows' dividers out of line).
  const misaligned = await page
    .locator('.sets-table tbody tr')
    .evaluateAll(
      (rows) =>
        rows.filter(
          (row) =>
            row.querySelector('th').getBoundingClientRect().height !== row.getBoundingClientRect().height,
        ).length,
    );
  assert.equal(misaligned, 0, 'set number cells as tall as their rows');
  // The badge is read out in full, not as a bare letter.
  await page.getByRole('rowheader', { name: '1 Warm-up', exact: true }).first().waitFor();
  await shot(page, 'imported-workout-hevy');
  await accessible(page, 'imported Hevy workout');

  // Strong's workout: sets by Set Order with the warm-up first; no superset, so no labels.
  await openWorkout(page, 'Leg Day', 'leg-day', /4 Mar 2024 · 1 h 10 min · 2 exercises · \d+ sets/);
  assert.deepEqual(await entriesOf(page), [
    {
      label: null,
      title: 'Squat Barbell',
      sets: [
        ['1', 'W', '8', '60', '–'],
        ['2', '', '5', '100', '7.5'],
        ['3', '', '5', '100', '8'],
      ],
    },
    { label: null, title: 'Leg Press', sets: [['1', '', '10', '150', '9']] },
  ]);
  await shot(page, 'imported-workout-strong');
  await accessible(page, 'imported Strong workout');
}
