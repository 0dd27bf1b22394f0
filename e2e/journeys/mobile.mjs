// At 375 px: the hamburger menu opens, closes on a link and on a click outside, and no screen
// scrolls sideways. Also the contact and not-found screens.
import {
  assert,
  assertNoHorizontalScroll,
  expectHeading,
  expectPath,
  expectTitle,
  openMenu,
} from '../lib/steps.mjs';

export const name = 'mobile';

export async function run({ open, shot }) {
  const { page } = await open({ width: 375, height: 812 });
  await page.goto('/');
  await assertNoHorizontalScroll(page, 'home');
  const button = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main' });
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.ok(!(await menu.isVisible()), 'menu starts closed');

  await button.click();
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  await menu.getByRole('link', { name: 'Contact' }).waitFor();
  // The theme choice comes with the open menu's own code, which also closes it from outside.
  await menu.getByRole('button', { name: 'Dark' }).waitFor();
  await shot(page, 'menu-open-signed-out');
  await page.mouse.click(40, 500); // outside the menu
  await menu.waitFor({ state: 'hidden' });

  await openMenu(page);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });

  await openMenu(page);
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expectPath(page, '/contact');
  await menu.waitFor({ state: 'hidden' });
  await expectHeading(page, 'Contact');
  await page.getByRole('link', { name: /@/ }).waitFor();
  await page.getByRole('link', { name: /portfolio/i }).waitFor();
  await assertNoHorizontalScroll(page, 'contact');
  await shot(page, 'contact');
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expectPath(page, '/');

  // The keyboard reaches the menu: Tab to the button, Enter opens, Tab into the links.
  await page.goto('/');
  await expectHeading(page, /Log your training/);
  await page.keyboard.press('Tab'); // skip link
  await page.keyboard.press('Tab'); // brand
  await page.keyboard.press('Tab'); // menu button
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'visible' });
  // Escape and focus leaving come with the open menu's code (components/open-menu.tsx).
  await menu.getByRole('button', { name: 'Dark' }).waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Home');
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  // Focus leaving the menu closes it, backwards too (to the brand, outside the menu).
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'visible' });
  await page.keyboard.press('Shift+Tab');
  await menu.waitFor({ state: 'hidden' });
  assert.equal(await button.getAttribute('aria-expanded'), 'false');

  for (const [path, heading] of [
    ['/login', 'User Login'],
    ['/register', 'Create New Account'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password/some-token', 'Reset Password'],
  ]) {
    await page.goto(path);
    await expectHeading(page, heading);
    await assertNoHorizontalScroll(page, path);
  }
  await shot(page, 'login');

  await page.goto('/no/such/page');
  await expectHeading(page, 'This page does not exist');
  await expectTitle(page, 'Error Page');
  await page.getByRole('link', { name: 'Go Back' }).waitFor();
  await shot(page, 'not-found');
  assert.equal(await page.locator('h1').count(), 1, 'one h1');

  await page.goto('/register');
  await expectHeading(page, 'Create New Account');
  await shot(page, 'register');
}
