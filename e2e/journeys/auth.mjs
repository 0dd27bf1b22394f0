// Login and logout, the menu for each kind of user, protected routes, profile update.
import {
  assert,
  clickMenu,
  expectFieldError,
  expectHeading,
  expectPath,
  expectTitle,
  expectToast,
  loginUi,
  logoutUi,
  newUser,
  openMenu,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'auth';

export async function run({ open, shot }) {
  const { page } = await open();
  const user = newUser('member');
  await registerUi(page, user);
  await logoutUi(page);
  await expectHeading(page, /Log your training/);
  assert.equal(await page.evaluate(() => localStorage.getItem('userInfo')), null, 'storage wiped');

  // Protected screens send a signed-out visitor to /login, replacing the history entry.
  await page.goto('/');
  await page.goto('/logs');
  await expectPath(page, '/login');
  await page.goBack();
  await expectPath(page, '/');

  await openMenu(page);
  const menu = page.getByRole('navigation', { name: 'Main' });
  for (const item of ['Home', 'Contact', 'Login', 'Register'])
    await menu.getByRole('link', { name: item }).waitFor();
  assert.equal(await menu.getByRole('link', { name: 'Profile' }).count(), 0);
  await menu.getByRole('link', { name: 'Login' }).click();
  await expectHeading(page, 'User Login');
  await expectTitle(page, 'Login');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'This field is required');
  await page.getByLabel('Email').fill('someone@nowhere');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'Not a valid email format');
  await shot(page, 'login-errors');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Invalid email or password');
  await expectPath(page, '/login');
  await page.getByRole('link', { name: 'Home' }).waitFor();
  await page.getByRole('link', { name: 'Forgot Password' }).waitFor();

  await loginUi(page, user);
  await openMenu(page);
  for (const item of ['Home', 'Contact', 'Profile']) await menu.getByRole('link', { name: item }).waitFor();
  await menu.getByRole('button', { name: 'Logout' }).waitFor();
  assert.equal(await menu.getByRole('link', { name: 'Admin' }).count(), 0, 'no Admin link for a member');
  assert.equal(await menu.getByRole('link', { name: 'Login' }).count(), 0);
  await shot(page, 'menu-open');

  // Home redirects a signed-in user to the logs.
  await menu.getByRole('link', { name: 'Home' }).click();
  await expectPath(page, '/logs');

  // Profile: prefilled from the server, an empty password keeps the current one.
  await clickMenu(page, 'Profile');
  await expectHeading(page, 'Update User Profile');
  await page.waitForFunction((u) => document.querySelector('#username')?.value === u, user.username);
  assert.equal(await page.getByLabel('Email').inputValue(), user.email);
  const passwordField = page.getByLabel('Password', { exact: true });
  assert.equal(await passwordField.inputValue(), '');
  assert.equal(await page.getByLabel('Current password').count(), 0, 'no current password until needed');
  await passwordField.fill('123');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'Password must be at least 6 characters');
  // A new email (or password) needs the current password, checked by the server.
  await passwordField.fill('');
  await page.getByLabel('Email').fill(`changed-${user.email}`);
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'Current password is incorrect');
  await shot(page, 'profile-current-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Current password').waitFor({ state: 'detached' });
  await page.getByLabel('Username').fill('Renamed Member');
  await shot(page, 'profile');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Profile updated');
  await expectPath(page, '/logs');
  const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('userInfo')));
  assert.equal(stored.username, 'Renamed Member');

  // The old password still works after a profile update without one.
  await logoutUi(page);
  await loginUi(page, user);
}
