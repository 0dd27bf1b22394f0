// Delete the account (docs/api.md §13): Export my data comes first, the email is typed to
// confirm; the server deletes everything, the device forgets the user (docs/api.md §12) and the
// home page says so. The same email then registers again, as a new and empty account.
import {
  assert,
  createLogUi,
  expectAccessible,
  expectFieldError,
  expectPath,
  expectToast,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'delete-account';

export async function run({ open, shot }) {
  const user = newUser('leaving');
  const { page } = await open();
  await registerUi(page, user);
  await createLogUi(page, 'Old Training');
  await page.getByRole('link', { name: 'Old Training' }).waitFor();

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete account' });
  const exportLink = section.getByRole('link', { name: 'Export my data' });
  assert.equal(await exportLink.getAttribute('href'), '/api/export.json');
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  assert.match(download.suggestedFilename(), /\.json$/);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'profile-delete-account');

  // The wrong email is refused in the browser; the wrong password by the server.
  await section.getByLabel(/to confirm/).fill('someone-else@example.test');
  await section.getByLabel('Your password').fill(user.password);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expectFieldError(page, 'Type the email of this account to confirm');
  await section.getByLabel(/to confirm/).fill(user.email);
  await section.getByLabel('Your password').fill('not-my-password');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expectFieldError(page, 'Current password is incorrect');
  await expectAccessible(page, 'the delete form with its messages');

  await section.getByLabel('Your password').fill(user.password);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Account deleted');
  await expectPath(page, '/');
  assert.equal(await page.evaluate(() => localStorage.length), 0, 'nothing of the user in localStorage');
  const status = await page.evaluate(async () => (await fetch('/api/users/profile')).status);
  assert.equal(status, 401, 'the session has ended');

  // The email is free again: a new, empty account.
  await registerUi(page, { ...user, password: `${user.password}-2` });
  await page.getByText('Old Training').waitFor({ state: 'detached' });
  assert.equal(await page.getByRole('link', { name: 'Old Training' }).count(), 0);
}
