// Devices (docs/api.md §13): one account signed in on two browsers. The profile lists both, this
// one marked; signing the other out from here lands that browser on the login screen at its next
// request, as does Sign out everywhere else. The profile passes axe in both themes at 375 and 1280 px.
import {
  assert,
  emulateScheme,
  expectAccessible,
  expectPath,
  expectToast,
  loginUi,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'devices';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The phone's next request answers 401: the app signs it out and shows the login screen. */
async function expectSignedOut(page) {
  await page.getByRole('link', { name: 'Create new' }).waitFor();
  await page.reload();
  await expectPath(page, '/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('userInfo')), null, 'userInfo cleared');
}

async function accessibleEverywhere(page, label) {
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ]) {
    await page.setViewportSize({ width, height });
    await expectAccessible(page, `${label} at ${width} px, light`);
    await emulateScheme(page, 'dark');
    await expectAccessible(page, `${label} at ${width} px, dark`);
    await emulateScheme(page, 'light');
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

export async function run({ open, shot }) {
  const user = newUser('devices');
  const laptop = await open();
  await registerUi(laptop.page, user);
  const phone = await open({ width: 375, height: 812 });
  await phone.context.setExtraHTTPHeaders({ 'user-agent': PHONE });
  await loginUi(phone.page, user);

  const { page } = laptop;
  await page.goto('/profile');
  const devices = page.getByRole('region', { name: 'Devices' });
  const rows = devices.getByRole('listitem');
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2);
  await devices
    .getByRole('listitem')
    .filter({ hasText: 'This device' })
    .getByText('Chrome on Linux')
    .waitFor();
  await devices.getByRole('listitem').filter({ hasText: 'Chrome on Android' }).waitFor();
  await shot(page, 'profile-devices');
  await accessibleEverywhere(page, 'the profile with two devices');

  // Sign the phone out from the laptop.
  await devices.getByRole('button', { name: 'Sign out Chrome on Android' }).click();
  await expectToast(page, 'Signed out of that device');
  await rows.filter({ hasText: 'Chrome on Android' }).waitFor({ state: 'detached' });
  assert.equal(await rows.count(), 1);
  await expectSignedOut(phone.page);

  // Back in on the phone; Sign out everywhere else from the laptop signs it out again.
  await loginUi(phone.page, user);
  await page.reload();
  await rows.nth(1).waitFor();
  await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expectToast(page, 'Signed out of every other device');
  await rows.nth(1).waitFor({ state: 'detached' });
  await devices.getByRole('button', { name: 'Sign out everywhere else' }).waitFor({ state: 'detached' });
  await expectSignedOut(phone.page);

  // This device's own Sign out is the logout.
  await devices.getByRole('button', { name: 'Sign out this device' }).click();
  await expectToast(page, 'You are now logged out');
  await expectPath(page, '/');
}
