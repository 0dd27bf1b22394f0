// Two-factor sign-in (docs/api.md §13): set up and turn on from the profile, the code computed
// here from the secret the screen shows (as an authenticator app would), keep the recovery codes,
// log out, sign in with password + code. The provider's button and link section, with a provider
// set in /api/config, are checked for accessibility too. axe in both themes at 375 and 1280 px.
import { createHmac } from 'node:crypto';
import {
  assert,
  clickMenu,
  expectAccessible,
  expectFieldError,
  expectHeading,
  expectPath,
  expectToast,
  logoutUi,
  newUser,
  registerUi,
} from '../lib/steps.mjs';

export const name = 'two-factor';

/** RFC 6238 (HMAC-SHA1, 30 s, 6 digits) at `seconds`, from a base32 secret: what the app shows. */
function totp(secret, seconds) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(seconds / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * axe on the screen, at 375 and 1280 px, in the dark and the light theme. `part`, the section
 * being checked, is brought to the middle of the screen first: text scrolled under the
 * translucent sticky header is read by axe through it.
 */
async function accessibleEverywhere(page, label, part = null) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const theme of ['Dark', 'Light']) {
      await clickMenu(page, theme, 'button');
      await page.keyboard.press('Escape');
      if (part) await part.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      else await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page, `${label} at ${width} px, ${theme.toLowerCase()}`);
    }
  }
}

export async function run({ open, shot }) {
  const { page } = await open();
  const user = newUser('guarded');
  await registerUi(page, user);

  await page.goto('/profile');
  await expectHeading(page, 'Update User Profile');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await section.getByLabel('Current password').fill('not-my-password');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expectFieldError(page, 'Current password is incorrect');
  await section.getByLabel('Current password').fill(user.password);
  await section.getByRole('button', { name: 'Continue' }).click();
  await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await section.locator('.two-factor-secret').textContent()).replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/);
  await accessibleEverywhere(page, '/profile, 2FA set-up', section);
  await section.getByRole('img', { name: 'QR code for your authenticator app' }).scrollIntoViewIfNeeded();
  await shot(page, 'profile-two-factor-setup');

  await section.getByLabel('Code', { exact: true }).fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expectFieldError(page, 'The code is not valid');
  const enabledAt = Date.now() / 1000;
  await section.getByLabel('Code', { exact: true }).fill(totp(secret, enabledAt));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expectToast(page, 'Two-factor authentication is on');
  await section.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
  const codes = await section.locator('.recovery-codes code').allTextContents();
  assert.equal(codes.length, 10, 'ten recovery codes');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download recovery codes' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'workout-log-recovery-codes.txt');
  await accessibleEverywhere(page, '/profile, recovery codes', section);
  await shot(page, 'profile-two-factor-recovery-codes');
  await section.getByRole('button', { name: 'Done' }).click();
  await section.getByRole('button', { name: 'Turn off' }).waitFor();
  await accessibleEverywhere(page, '/profile, 2FA on', section);

  // Out, and in again: the password, then the code of the next step (the one used to turn it on
  // is spent; ±1 step is accepted).
  await logoutUi(page);
  await page.goto('/login');
  await expectHeading(page, 'User Login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  const code = page.getByLabel('Code', { exact: true });
  await code.waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('userInfo')), null, 'not signed in yet');
  await code.fill(totp(secret, enabledAt));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectFieldError(page, 'The code is not valid');
  await accessibleEverywhere(page, '/login, second step');
  await shot(page, 'login-two-factor');
  await code.fill(totp(secret, Math.max(Date.now() / 1000, enabledAt + 30)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Logged in Successfully');
  await expectPath(page, '/logs');
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('userInfo'))).twoFactor, true);

  // A server with an identity provider: its button on the login screen, why a sign-in came back,
  // and Link on the profile. /api/config is answered here as such a server would answer it.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), oidcName: 'Authentik' } });
  });
  await page.route('**/api/auth/oidc/link', (route) =>
    route.fulfill({ json: { linked: false, passwordSet: true } }),
  );
  await page.goto('/profile');
  const link = page.getByRole('region', { name: 'Sign in with Authentik' });
  assert.equal(
    await link.getByRole('link', { name: 'Link Authentik' }).getAttribute('href'),
    '/api/auth/oidc/start?link=1',
  );
  await accessibleEverywhere(page, '/profile, provider link', link);
  await link.scrollIntoViewIfNeeded();
  await shot(page, 'profile-sign-in-settings');
  await logoutUi(page);
  await page.goto('/login?oidc=taken');
  await page.getByRole('link', { name: 'Sign in with Authentik' }).waitFor();
  await page.getByText('An account with your email already exists.').waitFor();
  await accessibleEverywhere(page, '/login with a provider');
  await shot(page, 'login-oidc');
  await page.goto('/register');
  await page.getByRole('link', { name: 'Sign in with Authentik' }).waitFor();
  await accessibleEverywhere(page, '/register with a provider');
  await shot(page, 'register-oidc');
}
