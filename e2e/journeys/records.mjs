// Records and ranges (docs/api.md §10): two weight sessions, the second heavier with a warm-up set
// (§11: typed and rated in the editor, no record, its badge and RPE on the session page); the
// exercise page's records card with its links, the session page's badges, the chart's e1RM series
// and a range kept in the address.
import {
  apiCall,
  assert,
  assertNoHorizontalScroll,
  createExerciseUi,
  createLogUi,
  emulateScheme,
  expectAccessible,
  expectHeading,
  expectPath,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'records';

const EXERCISE = '/logs/records-block/squat';

async function logSession(page, { date, reps, kilograms, warmup, shot }) {
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  if (date) await page.getByLabel('Date').fill(date);
  await page.getByLabel('Set 1 reps').fill(String(reps));
  await page.getByLabel('Set 1 KGs').fill(String(kilograms));
  if (warmup) {
    // A second set, a warm-up with its RPE (docs/api.md §11): choosing warm-up unticks Hard.
    await page.getByRole('button', { name: 'Add set' }).click();
    await page.getByLabel('Set 2 reps').fill(String(warmup.reps));
    await page.getByLabel('Set 2 KGs').fill(String(warmup.kilograms));
    await page.getByLabel('Set 2 Hard').check();
    await page.getByLabel('Set 2 Type').selectOption('warmup');
    assert.equal(await page.getByLabel('Set 2 Hard').isChecked(), false, 'a warm-up is not hard');
    await page.getByLabel('Set 2 RPE').fill(String(warmup.rpe));
    await page
      .locator('.set-row')
      .nth(1)
      .locator('.set-type-badge')
      .getByText('W', { exact: true })
      .waitFor();
    await shot(page, 'records-editor-warmup');
    await expectAccessible(page, 'the session editor with a warm-up set, light');
    await emulateScheme(page, 'dark');
    // The form's controls fade to the new colours; axe reads them once they have.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, 'the session editor with a warm-up set, dark');
    await emulateScheme(page, 'light');
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session created');
  await expectPath(page, EXERCISE);
}

/** axe in the system's light scheme (the browser's default), then in its dark one. */
async function inBothThemes(page, label) {
  await expectAccessible(page, `${label}, light`);
  await emulateScheme(page, 'dark');
  await expectAccessible(page, `${label}, dark`);
  await emulateScheme(page, 'light');
}

export async function run({ open, shot }) {
  const { context, page } = await open();
  await registerUi(page, newUser('records'));
  await createLogUi(page, 'Records Block');
  await page.getByRole('link', { name: 'Records Block' }).click();
  await createExerciseUi(page, 'Squat', 'reps * kgs = vol');
  await page.getByRole('link', { name: /Squat/ }).click();
  await expectPath(page, EXERCISE);

  const card = page.getByRole('region', { name: 'Records' });
  await card.getByText('Records appear as you log sessions').waitFor();

  // An old session, then today's heavier one: 5 × 100 (e1RM 116.67, set volume 500), 3 × 120 (e1RM 132)
  // with a warm-up of 4 × 150 at RPE 6, which counts for no record (not heaviest, not the session's
  // 360 + 600 kg volume).
  await logSession(page, { date: '2024-01-15', reps: 5, kilograms: 100 });
  await logSession(page, { reps: 3, kilograms: 120, warmup: { reps: 4, kilograms: 150, rpe: 6 }, shot });

  const record = (label) => card.getByRole('listitem').filter({ hasText: label });
  await record('Heaviest').getByText('120 kg').waitFor();
  await record('Estimated 1RM').getByText('132 kg').waitFor();
  await record('Best set volume').getByText('500 kg').waitFor();
  await record('Best session volume').getByText('500 kg').waitFor();
  await record('Best set volume').getByText('15 Jan 2024').waitFor();
  const oldLink = card.getByRole('link', { name: 'Best set volume: 500 kg' });
  assert.equal(await oldLink.getAttribute('href'), `${EXERCISE}/wl/2024-01-15`);

  // The chart: a bar per session for each volume; the e1RM and the heaviest set as lines with a
  // marker per session, on their own right axis fitted to their range (116.67 to 132 kg, not from 0).
  const totals = page.locator('.chart-bar[data-series="totalVolume"]');
  await page.locator('.progress-chart').waitFor();
  assert.equal(await totals.count(), 2, 'All: both sessions');
  assert.equal(await page.locator('.chart-bar[data-series="e1rm"]').count(), 0, 'no e1RM bars');
  assert.equal(
    await page.locator('.chart-point[data-series="e1rm"]').count(),
    2,
    'an e1RM point per session',
  );
  assert.equal(
    await page.locator('.chart-point[data-series="heaviest"]').count(),
    2,
    'a heaviest point each',
  );
  const rightTicks = await page
    .locator('.progress-chart text[text-anchor="start"]:not(.chart-axis-unit)')
    .evaluateAll((texts) => texts.map((t) => Number(t.textContent)));
  assert.ok(rightTicks[0] > 0 && rightTicks[0] <= 100, `the weights' axis is fitted: ${rightTicks}`);
  assert.deepEqual(
    await page.locator('.progress-chart .chart-axis-unit').allTextContents(),
    ['kg', 'kg'],
    'each axis names its unit',
  );
  await page.getByRole('button', { name: 'All', pressed: true }).waitFor();
  await shot(page, 'records-exercise');
  await inBothThemes(page, 'the exercise page with its records, range and e1RM');

  // 1M hides the 2024 session and is kept in the address with the page's own params.
  await page.goto(`${EXERCISE}?limit=20`);
  await page.locator('.progress-chart').waitFor();
  await page.getByRole('button', { name: '1M' }).click();
  await page.getByRole('button', { name: '1M', pressed: true }).waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('.chart-bar[data-series="totalVolume"]').length === 1,
  );
  const search = new URL(page.url()).searchParams;
  assert.equal(search.get('range'), '1M');
  assert.equal(search.get('limit'), '20', 'the page size stays');
  await page.reload();
  await page.getByRole('button', { name: '1M', pressed: true }).waitFor();
  await page.locator('.progress-chart').waitFor();
  assert.equal(await totals.count(), 1, 'the range survives a reload');
  await shot(page, 'records-range-1m');
  await page.getByRole('button', { name: 'All' }).click();
  await page.waitForFunction(
    () => document.querySelectorAll('.chart-bar[data-series="totalVolume"]').length === 2,
  );
  assert.equal(new URL(page.url()).searchParams.get('range'), null, 'All is the default, not written');

  // The heavier session's page marks the records it set; the old one its own.
  await card.getByRole('link', { name: 'Heaviest: 120 kg' }).click();
  await expectHeading(page, /\d{4}/);
  const badges = page.getByRole('list', { name: 'Personal records set in this session' });
  await badges.getByRole('listitem').first().waitFor();
  assert.deepEqual(await badges.getByRole('listitem').allTextContents(), [
    'PR · Personal record: Heaviest',
    'PR · Personal record: Estimated 1RM',
  ]);
  // The warm-up's badge and RPE on the session page.
  const warmupRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^2\s*Warm-up$/ }) });
  await warmupRow.getByRole('cell', { name: '6', exact: true }).waitFor();
  assert.equal(await page.locator('tbody .set-type-badge').count(), 1, 'only the warm-up has a badge');
  await shot(page, 'records-session');
  await inBothThemes(page, 'a session page with its record badges');
  const records = await apiCall(
    context,
    'GET',
    `/api${EXERCISE.replace('/squat', '/exercises/squat')}/records`,
  );
  assert.equal(records.records.e1rm.value, 132);
  await page.goto(`${EXERCISE}/wl/2024-01-15`);
  await expectHeading(page, '15 Jan 2024');
  await badges.getByText('Best set volume').waitFor();
  assert.equal(await badges.getByText('Heaviest').count(), 1, 'the first session set every record');

  await bigVolumes(context, page, shot);
}

/**
 * 7-digit volumes with their unit (docs/api.md §14) fit their tiles and record cards at 375 px:
 * 1000 × 1234.56 + 1 × 7.89 kg hard (work 1,234,567.89 kg) and 1000 × 1000 kg junk (1,000,000 kg).
 */
async function bigVolumes(context, page, shot) {
  const bigSets = [
    { repetitions: 1000, kilograms: 1234.56, isHard: true },
    { repetitions: 1, kilograms: 7.89, isHard: true },
    { repetitions: 1000, kilograms: 1000, isHard: false },
  ];
  await apiCall(context, 'POST', '/api/logs/records-block/exercises', {
    title: 'Big Volume',
    session: 'wlsession',
  });
  const created = await apiCall(context, 'POST', '/api/logs/records-block/exercises/big-volume/wlsessions', {
    createdDate: '2024-02-01',
    set: bigSets,
  });
  const exercise = '/logs/records-block/big-volume';
  /** Every tile and record card holds its figure: nothing wider than its box. */
  const assertNothingClipped = async (selector, where) => {
    const boxes = await page
      .locator(selector)
      .evaluateAll((elements) =>
        elements.map((e) => ({ text: e.textContent, scroll: e.scrollWidth, client: e.clientWidth })),
      );
    assert.ok(boxes.length > 0, `${where}: ${selector} drawn`);
    for (const box of boxes)
      assert.ok(box.scroll <= box.client, `${where}: "${box.text}" clipped (${box.scroll} > ${box.client})`);
  };
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`${exercise}/wl/${created.slugSession}`);
    await page.locator('.stat-total dd').getByText('2,234,567.89 kg').waitFor();
    assert.equal(await page.locator('.stat-work dd').textContent(), '1,234,567.89 kg');
    assert.equal(await page.locator('.stat-junk dd').textContent(), '1,000,000 kg');
    await assertNothingClipped('.stat', `the session page at ${width} px`);
    await assertNoHorizontalScroll(page, `the session page at ${width} px`);
    await inBothThemes(page, `a session page with 7-digit volumes at ${width} px`);

    await page.goto(exercise);
    await page.getByRole('link', { name: 'Best session volume: 2,234,567.89 kg' }).waitFor();
    await page.locator('.session-card .stat-total').getByText('2,234,567.89 kg').waitFor();
    await page.locator('.chart-point[data-series="e1rm"]').waitFor();
    await assertNothingClipped('.stat', `the exercise page's session card at ${width} px`);
    await assertNothingClipped('.record', `the records card at ${width} px`);
    await assertNothingClipped('.record-value', `the records card at ${width} px`);
    await assertNoHorizontalScroll(page, `the exercise page at ${width} px`);
    await inBothThemes(page, `an exercise page with 7-digit volumes at ${width} px`);
  }
  // The same sets as a workout: its summary's volume and its entry's tiles; the day's session line.
  const answer = await apiCall(context, 'POST', '/api/logs/records-block/workouts', {
    createdDate: '2024-02-02',
    entries: [{ slugExercise: 'big-volume', set: bigSets }],
  });
  const workoutId = (answer.workout ?? answer)._id;
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`/logs/records-block/workouts/${workoutId}`);
    await page.locator('.workout-summary').getByText('2,234,567.89 kg').waitFor();
    await page.locator('.stat-total').getByText('2,234,567.89 kg').waitFor();
    await assertNothingClipped('.workout-summary > div', `the workout's summary at ${width} px`);
    await assertNothingClipped('.stat', `the workout's entry at ${width} px`);
    await assertNoHorizontalScroll(page, `the workout page at ${width} px`);
    await inBothThemes(page, `a workout page with 7-digit volumes at ${width} px`);
    await page.goto('/history/2024-02-02');
    await page.getByText('3 sets · 2,234,567.89 kg').waitFor();
    await assertNoHorizontalScroll(page, `the day at ${width} px`);
  }
  await shot(page, 'records-big-volume-day');
  await page.goto(`/logs/records-block/workouts/${workoutId}`);
  await page.locator('.workout-summary').waitFor();
  await shot(page, 'records-big-volume-workout');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${exercise}/wl/${created.slugSession}`);
  await page.locator('.stat-total dd').waitFor();
  await shot(page, 'records-big-volume-session');
  await page.goto(exercise);
  await page.locator('.chart-point').first().waitFor();
  await shot(page, 'records-big-volume-exercise');
}
