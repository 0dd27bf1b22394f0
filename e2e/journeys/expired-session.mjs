// The cookie disappears (expired, revoked): the next call answers 401 and the app logs out.
import { assert, createLogUi, expectPath, expectToast, newUser, registerUi } from '../lib/steps.mjs';

export const name = 'expired-session';

export async function run({ open }) {
  const { page, context } = await open();
  await registerUi(page, newUser('expiring'));
  await createLogUi(page, 'Soon Gone');
  await page.getByRole('link', { name: 'Soon Gone' }).waitFor(); // the list has reloaded
  await context.clearCookies();

  // The log's page was read as the log was created (it lands inside it): the next request is a save.
  await page.getByRole('link', { name: 'Soon Gone' }).click();
  await page.getByRole('link', { name: 'Create new' }).click();
  await page.getByLabel('Title').fill('Squat');
  await page.getByLabel('reps * kgs = vol').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Not authorized, please log in');
  await expectPath(page, '/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('userInfo')), null, 'userInfo cleared');

  // A reload of a protected page with stale storage also ends at /login.
  await page.evaluate(() =>
    localStorage.setItem(
      'userInfo',
      JSON.stringify({ _id: 'gone', username: 'x', email: 'x@x.x', isAdmin: false }),
    ),
  );
  await page.goto('/logs');
  await expectPath(page, '/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('userInfo')), null);
}
