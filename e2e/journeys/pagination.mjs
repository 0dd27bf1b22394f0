// Page size and pages on the logs list and on a log's exercises, read from and written to the address.
import { apiCall, assert, expectHeading, expectPath, newUser, registerUi } from '../lib/steps.mjs';

export const name = 'pagination';

const query = (page) => Object.fromEntries(new URL(page.url()).searchParams);

export async function run({ open, shot }) {
  const { page, context } = await open();
  await registerUi(page, newUser('pager'));
  for (let i = 1; i <= 30; i += 1) {
    await apiCall(context, 'POST', '/api/logs', { title: `Plan ${String(i).padStart(2, '0')}` });
  }

  await page.goto('/logs');
  await expectHeading(page, 'Logs');
  const cards = page.locator('.card-list > li');
  await cards.first().waitFor();
  assert.equal(await cards.count(), 10, 'default page size 10');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('button', { name: 'Page 3' }).waitFor();
  assert.equal(await pager.getByRole('button', { name: 'Page 4' }).count(), 0);
  await shot(page, 'logs-paginated');

  await pager.getByRole('button', { name: 'Next page' }).click();
  await page.waitForURL(/page=2/);
  assert.equal(query(page).page, '2');
  await page.getByRole('button', { name: 'Page 2 is your current page' }).waitFor();
  await page.goBack();
  await page.waitForURL((url) => url.searchParams.get('page') !== '2');

  // A new size starts again at page 1 and replaces the history entry.
  await page.getByRole('button', { name: 'Page 3' }).click();
  await page.waitForURL(/page=3/);
  await page.getByLabel('Per page').selectOption('24');
  await page.waitForURL(/limit=24/);
  assert.deepEqual(query(page), { page: '1', limit: '24' });
  await page.waitForFunction(() => document.querySelectorAll('.card-list > li').length === 24);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.card-list > li').length === 6);
  await page.goBack();
  assert.equal(query(page).limit, '24');
  assert.notEqual(query(page).page, '3', 'changing the size replaced the entry for page 3');

  // Past the end: back to the last page. Nonsense values: the defaults.
  await page.goto('/logs?limit=12&page=99');
  await page.waitForURL(/page=3/);
  await page.waitForFunction(() => document.querySelectorAll('.card-list > li').length === 6);
  await page.goto('/logs?limit=abc&page=-4');
  await page.waitForFunction(() => document.querySelectorAll('.card-list > li').length === 10);

  // A log's exercises: 12 a page.
  for (let i = 1; i <= 13; i += 1) {
    await apiCall(context, 'POST', '/api/logs/plan-01/exercises', {
      title: `Move ${String(i).padStart(2, '0')}`,
      session: i % 2 ? 'wlsession' : 'pasession',
    });
  }
  await page.goto('/logs/plan-01');
  await expectHeading(page, 'Plan 01');
  await page.waitForFunction(() => document.querySelectorAll('.card-list > li').length === 12);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.card-list > li').length === 1);
  await expectPath(page, '/logs/plan-01');
  await page.getByLabel('Per page').selectOption('24');
  await page.waitForFunction(() => document.querySelectorAll('.card-list > li').length === 13);
  await shot(page, 'log-many-exercises');
}
