// Toasts at 375 px (docs/api.md §14): at the bottom above the tab bar, clear of the header and
// Back; a save that failed on the network (the connection cut for that one request) gives an error
// toast that stays past 5 s and offers Retry, which sends it again and it succeeds; closing a toast
// by keyboard puts focus back on the button that saved; 44 px close and Retry buttons, the same
// focus ring as every control. axe with the error toast in both themes at 375 and 1280 px; at
// 1280 px the toast sits bottom right.
import { accessible } from './gym.mjs';
import {
  assert,
  expectHeading,
  expectPath,
  expectToast,
  newUser,
  registerUi,
  settledBox,
} from '../lib/steps.mjs';

export const name = 'toasts';

const CUT = 'Something went wrong. Check your connection and try again.';

export async function run({ open }) {
  const { page } = await open({ width: 375, height: 812 });
  await registerUi(page, newUser('toasts'));
  await page.getByRole('navigation', { name: 'Tabs' }).waitFor();
  await page.goto('/logs/create-new-log');
  await expectHeading(page, 'New Log');
  await page.getByLabel('Title').fill('Retry Block');

  // The next POST of a log never reaches the server, as when the gym's wifi drops.
  let posts = 0;
  const keys = [];
  await page.route('**/api/logs', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    posts += 1;
    keys.push(route.request().headers()['idempotency-key']);
    if (posts <= 2) return route.abort('internetdisconnected');
    return route.fallback();
  });
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  const error = page.getByRole('alert').filter({ hasText: CUT });
  await error.waitFor();
  await toastPlaced(page, error);

  // Closed by keyboard, focus goes back to Submit, not to the top of the page.
  // (A key pressed first, so the browser treats the focus that follows as the keyboard's.)
  await submit.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await error.getByRole('button', { name: /close/i }).focus();
  const ring = await error.getByRole('button', { name: /close/i }).evaluate((button) => {
    const style = getComputedStyle(button);
    return { outline: style.outlineStyle, width: style.outlineWidth };
  });
  assert.equal(ring.outline, 'solid', 'the close button shows the focus ring');
  assert.equal(ring.width, '3px', 'the same 3 px ring as every control');
  await page.keyboard.press('Enter');
  await error.waitFor({ state: 'detached' });
  assert.equal(
    await submit.evaluate((button) => button === document.activeElement),
    true,
    'focus back on Submit',
  );

  // Failed again: the error stays past 5 s (a success closes after 4 s) and offers Retry.
  await page.keyboard.press('Enter');
  await error.waitFor();
  await page.waitForTimeout(5500);
  assert.equal(await error.isVisible(), true, 'the error toast is still there after 5.5 s');
  await toastPlaced(page, error);
  for (const button of [
    error.getByRole('button', { name: 'Retry' }),
    error.getByRole('button', { name: /close/i }),
  ]) {
    const box = await button.boundingBox();
    assert.ok(box && box.width >= 44 && box.height >= 44, `44 px: ${JSON.stringify(box)}`);
  }
  await accessible(page, '/logs/create-new-log with an error toast');
  assert.equal(await error.isVisible(), true, 'still there after axe at both widths');

  // Retry sends the same request again; this time it goes through and the save goes on.
  await error.getByRole('button', { name: 'Retry' }).click();
  await expectToast(page, 'Log created');
  await expectPath(page, '/logs/retry-block');
  await expectHeading(page, 'Retry Block');
  assert.equal(posts, 3, 'two cut, then the Retry');
  // The same submission each time: had a cut one reached the server, the Retry could not add a second log.
  assert.ok(keys[0], 'a create carries an Idempotency-Key');
  assert.deepEqual(keys, [keys[0], keys[0], keys[0]], 'Retry sends the same Idempotency-Key');
  assert.equal(await error.count(), 0, 'Retry closed the error toast');
  await toastPlaced(page, page.getByRole('alert').filter({ hasText: 'Log created' }));

  // From 768 px: bottom right, clear of the header's menu and of the page's own controls.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/logs/create-new-log');
  await page.getByLabel('Title').fill('Wide Block');
  await page.getByRole('button', { name: 'Submit' }).click();
  const saved = page.getByRole('alert').filter({ hasText: 'Log created' });
  await saved.waitFor();
  const wide = await settledBox(saved);
  assert.ok(wide, 'the toast is still on screen at 1280 px');
  assert.ok(wide.x >= 640 && wide.x + wide.width <= 1280, `on the right: ${JSON.stringify(wide)}`);
  assert.ok(wide.y >= 400 && wide.y + wide.height <= 800, `at the bottom: ${JSON.stringify(wide)}`);
}

/** At the bottom, above the tab bar, below the header: over neither, nor over the page's Back. */
async function toastPlaced(page, toast) {
  const box = await settledBox(toast);
  const bars = await page.evaluate(() => ({
    header: document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0,
    tabBar: document.querySelector('.tab-bar')?.getBoundingClientRect().top ?? innerHeight,
    back: document.querySelector('main .back-link')?.getBoundingClientRect().bottom ?? 0,
  }));
  assert.ok(box, 'the toast is on screen');
  assert.ok(
    box.y >= Math.max(bars.header, bars.back),
    `below the header and Back: ${box.y} vs ${JSON.stringify(bars)}`,
  );
  assert.ok(box.y + box.height <= bars.tabBar, `above the tab bar: ${box.y + box.height} vs ${bars.tabBar}`);
}
