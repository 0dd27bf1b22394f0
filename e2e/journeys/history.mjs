// Navigation and history at 375 px (docs/api.md §14): the empty states lead from no log to the
// first session, the tab bar reaches each place (aria-current on the current one), History lists
// the days with their sessions and opens a day; the header menu closes on Escape with focus back on
// its button; at 1280 px the same four sit in the header. axe in both themes at both widths.
import {
  apiCall,
  assert,
  assertNoHorizontalScroll,
  clickMenu,
  expectAccessible,
  expectHeading,
  expectPath,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'history';

export async function run({ open, shot }) {
  const { context, page } = await open({ width: 375, height: 812 });
  await registerUi(page, newUser('history'));
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await tabs.waitFor();
  // The address changes before the new screen commits (a navigation is a transition): wait for it.
  await tabs.locator('a[aria-current="page"]', { hasText: 'Logs' }).waitFor();

  // No logs: the empty state's button comes first, with no heatmap or page size before it.
  assert.equal(await page.getByRole('table', { name: /Training days/ }).count(), 0, 'no heatmap');
  assert.equal(await page.getByLabel(/per page/i).count(), 0, 'no page-size picker');
  await shot(page, 'logs-empty-leads');
  await page.getByRole('link', { name: 'Create your first log' }).click();
  await page.getByLabel('Title').fill('Tab Block');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Log created');
  await expectPath(page, '/logs/tab-block');
  await page.getByRole('link', { name: 'Add an exercise' }).click();
  await expectHeading(page, 'New Exercise');
  await page.getByLabel('Title').fill('Squat');
  await page.getByLabel('reps * kgs = vol').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Exercise created');
  await page.getByRole('link', { name: /^Squat/ }).click();
  await expectPath(page, '/logs/tab-block/squat');
  await page.getByRole('link', { name: 'Log the first session' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Progress' }).count(), 0, 'no chart before data');
  await shot(page, 'exercise-empty-leads');

  // A session logged through the tab bar: Logs, the log, the exercise, its first session.
  await tabs.getByRole('link', { name: 'Workout' }).click();
  await expectPath(page, '/workout');
  await expectHeading(page, 'Workout');
  assert.equal(await tabs.getByRole('link', { name: 'Workout' }).getAttribute('aria-current'), 'page');
  await page.getByRole('link', { name: 'Start workout in Tab Block' }).waitFor();
  await shot(page, 'workout-tab');
  await tabs.getByRole('link', { name: 'Logs' }).click();
  await page.getByRole('link', { name: 'Tab Block', exact: true }).click();
  await page.getByRole('link', { name: /^Squat/ }).click();
  await page.getByRole('link', { name: 'Log the first session' }).click();
  await expectPath(page, '/logs/tab-block/squat/wl/create-new-session');
  await page.getByLabel('Set 1 reps').fill('5');
  await page.getByLabel('Set 1 KGs').fill('100');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Session created');
  await expectPath(page, '/logs/tab-block/squat');

  // An older day too, by the API, so History has two days.
  await apiCall(context, 'POST', '/api/logs/tab-block/exercises/squat/wlsessions', {
    createdDate: '2026-01-05',
    set: [{ repetitions: 3, kilograms: 1000, isHard: true }],
  });

  await tabs.getByRole('link', { name: 'History' }).click();
  await expectPath(page, '/history');
  await expectHeading(page, 'History');
  assert.equal(await tabs.getByRole('link', { name: 'History' }).getAttribute('aria-current'), 'page');
  await page.getByRole('table', { name: /Training days/ }).waitFor();
  const days = page.locator('.history-day');
  await page.getByText('2 days', { exact: true }).waitFor();
  assert.equal(await days.count(), 2);
  await page.getByText('1 set · 500 kg').first().waitFor();
  await page.getByText('1 set · 3,000 kg').first().waitFor();
  await assertNoHorizontalScroll(page, '/history at 375 px');
  // The last item is not hidden under the tab bar once scrolled to the end.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const footer = await page.locator('.site-footer').boundingBox();
  assert.ok(footer.y + footer.height <= (await tabs.boundingBox()).y + 1, 'the page clears the tab bar');
  await shot(page, 'history');
  await expectAccessible(page, '/history at 375 px, light');

  await page.getByRole('link', { name: '5 Jan 2026', exact: true }).click();
  await expectPath(page, '/history/2026-01-05');
  await expectHeading(page, '5 Jan 2026');
  await page.getByText('1 session', { exact: true }).waitFor();
  await shot(page, 'day');
  await expectAccessible(page, 'a day at 375 px, light');
  await page.getByRole('link', { name: /^Squat/ }).click();
  await expectPath(page, '/logs/tab-block/squat/wl/2026-01-05');
  await page.goBack();
  await expectPath(page, '/history/2026-01-05');

  // The menu: Escape closes it and gives focus back to its button.
  await clickMenu(page, 'Dark', 'button');
  await expectAccessible(page, 'a day at 375 px with the menu open, dark');
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Menu');
  await shot(page, 'day-dark');
  await expectAccessible(page, 'a day at 375 px, dark');
  await tabs.getByRole('link', { name: 'History' }).click();
  await page.getByText('2 days', { exact: true }).waitFor();
  await expectAccessible(page, '/history at 375 px, dark');
  // A day of the heatmap with sessions opens that day (docs/api.md §14).
  await page.getByRole('link', { name: '5 Jan 2026: 1 session', exact: true }).click();
  await expectPath(page, '/history/2026-01-05');
  await page.goBack();
  await page.getByText('2 days', { exact: true }).waitFor();
  await tabs.getByRole('link', { name: 'Workout' }).click();
  await expectAccessible(page, '/workout at 375 px, dark');
  // A tab opened by keyboard starts its screen at the top, as a tap does: the focused <main>,
  // taller than the screen, is not scrolled to its end (lib/keep-focus-in-view.ts).
  await tabs.getByRole('link', { name: 'Profile' }).focus();
  await page.keyboard.press('Enter');
  await tabs.locator('a[aria-current="page"]', { hasText: 'Profile' }).waitFor();
  await expectHeading(page, 'Update User Profile');
  const [scrollY, tall] = await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve([window.scrollY, document.documentElement.scrollHeight])),
        ),
      ),
  );
  assert.ok(tall > 1600, `the profile screen is taller than two screens (${tall} px)`);
  assert.equal(scrollY, 0, 'the profile screen opened by keyboard starts at its top');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main');

  // From 768 px: no tab bar, the same four in the header.
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.ok(!(await page.locator('.tab-bar').isVisible()), 'no tab bar from 768 px');
  const headerTabs = page.locator('.site-header').getByRole('navigation', { name: 'Tabs' });
  await headerTabs.getByRole('link', { name: 'History' }).click();
  await expectPath(page, '/history');
  await headerTabs.locator('[aria-current="page"]', { hasText: 'History' }).waitFor();
  await page.getByText('2 days', { exact: true }).waitFor();
  await shot(page, 'history-wide-dark');
  await expectAccessible(page, '/history at 1280 px, dark');
  await page.getByRole('link', { name: '5 Jan 2026', exact: true }).click();
  await expectAccessible(page, 'a day at 1280 px, dark');
  await clickMenu(page, 'Light', 'button');
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'a day at 1280 px, light');
  await headerTabs.getByRole('link', { name: 'History' }).click();
  await page.getByText('2 days', { exact: true }).waitFor();
  await shot(page, 'history-wide');
  await expectAccessible(page, '/history at 1280 px, light');
  await headerTabs.getByRole('link', { name: 'Workout' }).click();
  await expectHeading(page, 'Workout');
  await expectAccessible(page, '/workout at 1280 px, light');
}
