// Forgot password → the link the server writes to its log → reset → sign in with the new one.
import {
  assert,
  expectFieldError,
  expectHeading,
  expectPath,
  expectToast,
  loginUi,
  logoutUi,
  newUser,
  registerUi,
} from '../lib/steps.mjs';
import { latestResetLink } from '../lib/server.mjs';

export const name = 'reset-password';

export async function run({ open, server, shot }) {
  const { page } = await open();
  const user = newUser('forgetful');
  await registerUi(page, user);
  await logoutUi(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expectHeading(page, 'Forgot Password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'This field is required');
  await page.getByLabel('Email').fill(user.email.toUpperCase());
  await shot(page, 'forgot-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'You will receive an email shortly');
  assert.equal(await page.getByLabel('Email').inputValue(), '', 'form reset');

  let link = null;
  for (let i = 0; i < 40 && !link; i += 1) {
    link = latestResetLink(server.output(), user.email);
    if (!link) await page.waitForTimeout(100);
  }
  assert.ok(link, 'the server log holds the reset link');
  const { pathname } = new URL(link.url);
  assert.match(pathname, /^\/reset-password\/.+/);

  await page.goto(pathname);
  await expectHeading(page, 'Reset Password');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectFieldError(page, 'Password must be at least 6 characters');
  await shot(page, 'reset-password');
  const newPassword = `${user.password}-new`;
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Password Updated Successfully');
  await expectPath(page, '/login');

  // The link is single-use.
  await page.goto(pathname);
  await page.getByLabel('Password').fill('another-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Invalid or expired reset link');

  await loginUi(page, { ...user, password: newPassword });
}
