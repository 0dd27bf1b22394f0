// Activity on /logs and the light theme (docs/api.md §10): sessions logged on a few days show in
// the year heatmap with the last 30 days' count; the theme chosen in the menu is applied by
// index.html's head script before any of our scripts run, with no CSP violation.
import {
  apiCall,
  assert,
  assertNoHorizontalScroll,
  clickMenu,
  expectAccessible,
  expectHeading,
  newUser,
  openMenu,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'activity';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `YYYY-MM-DD` moved by whole days (UTC noon: no zone, no DST). */
function addDays(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12) + days * 86_400_000).toISOString().slice(0, 10);
}

/** As the heatmap names its cells: "3 Mar 2026". */
function formatDate(date) {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

export async function run({ open, shot, baseURL }) {
  const { context, page } = await open();
  await registerUi(page, newUser('activity'));

  // The browser's own today, as the page works it out.
  const today = await page.evaluate(() => {
    const now = new Date();
    const pad = (n) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
  // No logs yet: /logs leads to the first one; the empty heatmap is History's (docs/api.md §14).
  await page.getByRole('link', { name: 'Create your first log' }).waitFor();
  await page.goto('/history');
  await page.getByText('0 sessions in the last 30 days').waitFor();
  await page.getByText(/No sessions in the last year yet/).waitFor();

  await apiCall(context, 'POST', '/api/logs', { title: 'Year Plan' });
  await apiCall(context, 'POST', '/api/logs/year-plan/exercises', { title: 'Squat', session: 'wlsession' });
  const days = { [today]: 2, [addDays(today, -3)]: 1, [addDays(today, -10)]: 3, [addDays(today, -60)]: 1 };
  let slugSession = '';
  for (const [date, count] of Object.entries(days)) {
    for (let i = 0; i < count; i += 1) {
      const created = await apiCall(context, 'POST', '/api/logs/year-plan/exercises/squat/wlsessions', {
        createdDate: date,
        set: [{ repetitions: 5, kilograms: 100 + i * 5, isHard: true }],
      });
      slugSession ||= created.slugSession;
    }
  }
  assert.ok(slugSession, 'a session slug to visit');

  await page.goto('/logs');
  await expectHeading(page, 'Logs');
  await page.getByText('6 sessions in the last 30 days').waitFor();
  const heatmap = page.getByRole('table', {
    name: /Training days in the last 12 months: 7 sessions on 4 days/,
  });
  await heatmap.waitFor();
  assert.equal(await heatmap.locator('td.heatmap-day:not(.is-outside)').count(), 365, 'a year of days');
  for (const [date, count] of Object.entries(days)) {
    const cell = heatmap.getByRole('cell', {
      name: `${formatDate(date)}: ${count} ${count === 1 ? 'session' : 'sessions'}`,
    });
    assert.match((await cell.getAttribute('class')) ?? '', new RegExp(`level-${Math.min(count, 3)}`), date);
  }
  await heatmap.getByRole('cell', { name: `${formatDate(addDays(today, -1))}: 0 sessions` }).waitFor();

  // At 375 px the heatmap scrolls inside its own box, not the page.
  await page.setViewportSize({ width: 375, height: 812 });
  await assertNoHorizontalScroll(page, '/logs with the heatmap at 375 px');
  const region = page.getByRole('region', { name: /Training days/ });
  // Where the first and the last (today's) day are, against the box's own edges.
  const inView = () =>
    region.evaluate((el) => {
      const days = el.querySelectorAll('td.heatmap-day:not(.is-outside)');
      const view = el.getBoundingClientRect();
      const first = days[0].getBoundingClientRect();
      const last = days[days.length - 1].getBoundingClientRect();
      return {
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        first: first.right > view.left,
        today: last.left >= view.left && last.right <= view.right,
        todayLeft: last.left,
      };
    });
  const box = await inView();
  assert.ok(box.scrollWidth > box.clientWidth, 'the heatmap box scrolls sideways at 375 px');
  // Its CSS opens it at the end (activity-heatmap.tsx): Chromium counts scrollLeft from the right
  // edge there, so the check is on what is in view.
  assert.ok(box.today && !box.first, "it opens at today's end");
  // A keyboard scrolls it back towards the year's start.
  await region.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((left) => {
    const days = document.querySelectorAll('.heatmap-scroll td.heatmap-day:not(.is-outside)');
    return days[days.length - 1].getBoundingClientRect().left > left;
  }, box.todayLeft);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The theme follows the system (light in this browser) until one is chosen in the menu.
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme ?? null), null, 'system');
  await clickMenu(page, 'Dark', 'button');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await expectAccessible(page, '/logs with the heatmap and the open theme menu, dark');
  await page.keyboard.press('Escape');
  await shot(page, 'logs-activity-dark');

  // The light theme, applied at once and remembered on the device.
  await clickMenu(page, 'Light', 'button');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');
  await page.keyboard.press('Escape');

  await page.reload({ waitUntil: 'commit' });
  assert.equal(
    await page.evaluate(() => document.documentElement.dataset.theme ?? null),
    'light',
    'data-theme right after navigation',
  );
  await page.getByText('6 sessions in the last 30 days').waitFor();
  await expectAccessible(page, '/logs with the heatmap, light');
  // --bg of the light palette (styles/tokens.css).
  assert.equal(
    await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    'rgb(244, 246, 249)',
  );

  // Proof that index.html's head script sets it, not our bundle: with every script file refused,
  // the page still opens light.
  const bare = await context.browser().newContext({
    baseURL,
    serviceWorkers: 'block',
    storageState: await context.storageState(),
  });
  try {
    const barePage = await bare.newPage();
    const violations = [];
    await barePage.exposeFunction('__cspViolation', (text) => violations.push(text));
    await barePage.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolation(e.violatedDirective)),
    );
    await barePage.route(/\.js(\?|$)/, (route) => route.abort());
    await barePage.goto('/logs', { waitUntil: 'domcontentloaded' });
    assert.equal(await barePage.evaluate(() => document.documentElement.dataset.theme ?? null), 'light');
    assert.deepEqual(violations, [], 'the head script runs under the CSP');
  } finally {
    await bare.close();
  }

  await shot(page, 'logs-activity-light');
  await page.goto(`/logs/year-plan/squat/wl/${slugSession}`);
  await page.getByRole('columnheader', { name: 'KGs' }).waitFor();
  await shot(page, 'wl-session-light');
  await page.goto('/logs/year-plan/squat');
  await expectHeading(page, 'Squat');
  await page.locator('main svg').last().waitFor();
  await shot(page, 'exercise-light');
  await page.getByRole('button', { name: 'Create New' }).click();
  await expectHeading(page, 'New Session');
  await shot(page, 'new-session-light');
  await openMenu(page);
  await shot(page, 'menu-theme-light');
  await page.keyboard.press('Escape');

  // Back to the system's choice; logging out keeps a stored theme (lib/auth-store.ts clears storage).
  await clickMenu(page, 'Dark', 'button');
  await page.keyboard.press('Escape');
  await clickMenu(page, 'Logout', 'button');
  await page.waitForURL((url) => url.pathname === '/');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark', 'kept through logout');
}
