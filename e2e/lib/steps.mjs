// Small steps shared by the journeys. They find things the way a person does: fields by their
// visible label, buttons and links by their name, toasts by their text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export { assert };

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page in a colour scheme as a user who switches it sees it. Chromium, after an emulated scheme
 * change (at a new viewport width especially), can keep some inherited light-dark() colours of the
 * other scheme (axe then saw light text on the dark page, in some runs only); a fresh style pass
 * gives the switched page.
 */
export async function emulateScheme(page, colorScheme) {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(() => {
    document.body.style.display = 'none';
    void document.body.offsetHeight;
    document.body.style.display = '';
  });
}

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is on screen (its theme included): no
 * violation. axe is loaded through the DevTools protocol, which the page's CSP does not govern.
 */
export async function expectAccessible(page, label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  let violations = await axeViolations(page);
  if (violations.length > 0) {
    // A second look half a second later. Chromium, on a busy machine, sometimes left an inherited
    // colour in the old palette for a few frames after a theme switch (axe read dark-theme text on
    // the light page: 1 run in 8 with both cores busy), which nobody reads. A violation that stays
    // is one a user sees, and fails.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          let frames = 30;
          const next = () => (--frames > 0 ? requestAnimationFrame(next) : resolve());
          requestAnimationFrame(next);
        }),
    );
    const again = await axeViolations(page);
    if (again.length === 0)
      console.log(`  axe, ${label}: gone on a second look: ${violations[0].slice(0, 200)}`);
    violations = again;
  }
  assert.deepEqual(violations, [], `${label}: axe found violations`);
}

/** axe's violations on the page once its animations have settled, one line each. */
async function axeViolations(page) {
  return page.evaluate(async () => {
    // What is on screen is what the next frame paints: a theme switched by the click before this
    // reached some table cells' computed colours only then (1 run in 4 read the old palette).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Colours mid-transition (a theme just switched) are not what anyone reads: let them settle.
    // Not a spinner (endless), nor a toast's timer bar: a countdown, not a colour, and paused for
    // good when the pointer was over the toast as the width changed (it moves and no mouseleave
    // comes), so its end never came and axe never ran (the gym journey with toasts at the bottom).
    const settling = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
      .filter((a) => !a.effect?.target?.closest?.('.Toastify__progress-bar--wrp'));
    await Promise.all(settling.map((a) => a.finished.catch(() => undefined)));
    const { violations } = await window.axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
    });
    return violations.map(
      (v) =>
        `${v.id}: ${v.help} — ` +
        v.nodes
          .slice(0, 4)
          .map((n) => `${n.html.slice(0, 120)} (${n.failureSummary?.split('\n').at(-1)?.trim()})`)
          .join('; '),
    );
  });
}

let counter = 0;
/** A user nobody has registered yet in this run. */
export function newUser(tag = 'user') {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `${tag} ${counter}`, email: `${tag}-${id}@example.test`, password: `secret-${id}` };
}

export async function expectToast(page, text) {
  try {
    await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ state: 'visible' });
  } catch (error) {
    const { area, seen, now } = await page.evaluate(() => ({
      area: document.querySelector('.Toastify')?.outerHTML ?? 'no .Toastify',
      seen: window.__toastLog ?? [],
      now: Math.round(performance.now()),
    }));
    throw new Error(
      `toast '${text}' not seen; toast area: ${area}\n` +
        `toasts shown (page time now ${now} ms on ${new URL(page.url()).pathname}): ${seen.join(' | ') || 'none'}\n` +
        `last API calls: ${(page.apiLog ?? []).join(' | ')}\n${error.message}`,
    );
  }
}

/**
 * A toast's box once its entrance has ended: it slides in from the side, so a box read mid-way
 * can sit thousands of pixels off screen (CI read x = 3944 at 1280 px on one run).
 */
export async function settledBox(toast) {
  await toast.evaluate(async (element) => {
    const own = element.closest('.Toastify__toast') ?? element;
    const entering = own.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(entering.map((a) => a.finished.catch(() => undefined)));
  });
  return toast.boundingBox();
}

export async function expectHeading(page, text) {
  await page.getByRole('heading', { level: 1, name: text }).waitFor({ state: 'visible' });
}

export async function expectPath(page, pathname) {
  await page.waitForURL((url) =>
    typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
  );
}

export async function expectFieldError(page, text) {
  await page.locator('.field-error', { hasText: text }).first().waitFor({ state: 'visible' });
}

export async function openMenu(page) {
  const button = page.getByRole('button', { name: 'Menu' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'visible' });
}

export async function clickMenu(page, name, role = 'link') {
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole(role, { name, exact: true }).click();
}

export async function registerUi(page, user) {
  await page.goto('/register');
  await expectHeading(page, 'Create New Account');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Registered Successfully');
  await expectLogsShown(page);
}

export async function loginUi(page, user) {
  await page.goto('/login');
  await expectHeading(page, 'User Login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Logged in Successfully');
  await expectLogsShown(page);
}

/**
 * The logs screen is shown, not only addressed: the router changes the URL before React commits
 * the screen (in a transition), and that commit closes an open menu, even one opened meanwhile.
 */
async function expectLogsShown(page) {
  await expectPath(page, '/logs');
  await expectHeading(page, 'Logs');
}

export async function logoutUi(page) {
  await clickMenu(page, 'Logout', 'button');
  await expectToast(page, 'You are now logged out');
  await expectPath(page, '/');
}

/** Calls the API with the browser context's cookie (for bulk set-up such as 30 logs). */
export async function apiCall(context, method, url, data) {
  const response = await context.request.fetch(url, { method, data });
  const body = await response.json().catch(() => null);
  if (!response.ok()) throw new Error(`${method} ${url} → ${response.status()} ${JSON.stringify(body)}`);
  return body;
}

export async function createLogUi(page, title) {
  await page.goto('/logs');
  await page.getByRole('link', { name: 'Create new' }).click();
  await expectHeading(page, 'New Log');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Log created');
  // A new log lands inside it (docs/api.md §14); the callers go on from the list, by its Back link.
  await expectHeading(page, title);
  await page.getByRole('main').getByRole('link', { name: 'Logs', exact: true }).click();
  await expectPath(page, '/logs');
}

export async function createExerciseUi(page, title, metrics) {
  await page.getByRole('link', { name: 'Create new' }).click();
  await expectHeading(page, 'New Exercise');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel(metrics, { exact: true }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Exercise created');
}

/** No sideways scrolling at the current width (phones: 375 px, under docs/product.md's 800 px breakpoint). */
export async function assertNoHorizontalScroll(page, where) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `${where}: page scrolls sideways (${scrollWidth} > ${clientWidth})`);
}

/**
 * Tabs through the screen once from its top, at most `presses` times, and fails on a focused control
 * that a bar fixed over the page covers, even in part (docs/api.md §12 "By keyboard alone", SC
 * 2.4.11): its top, middle and bottom edge must each be the control itself. A bar's own controls are
 * skipped. It stops where Tab leaves the page after its last control: coming back to the skip link,
 * the page may not have the window's focus yet, and `:focus` (which shows the link) does not match
 * until it does (a CI run once saw the link at its hidden -60 px). Returns how many controls it
 * checked.
 */
export async function assertFocusNeverHidden(page, where, presses = 60) {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  let checked = 0;
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    // The page scrolls a control into view in the frame after its focus (lib/keep-focus-in-view.ts).
    const hidden = await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const el = document.activeElement;
              if (!document.hasFocus()) return resolve('left the page');
              if (
                !el ||
                el === document.body ||
                el.closest('.workout-bar, .tab-bar, .Toastify, .site-header')
              )
                return resolve(undefined);
              const box = el.getBoundingClientRect();
              const x = box.left + box.width / 2;
              const cover = [box.top + 2, box.top + box.height / 2, box.bottom - 2]
                .map((y) => document.elementFromPoint(x, y))
                .find((hit) => !hit || !(hit === el || el.contains(hit) || hit.contains(el)));
              const name = el.getAttribute('aria-label') || el.labels?.[0]?.textContent || el.textContent;
              resolve(
                cover === undefined
                  ? null
                  : `${name || el.tagName}" at ${Math.round(box.top)}–${Math.round(box.bottom)} px, under "${cover?.className ?? 'nothing'}`,
              );
            }),
          ),
        ),
    );
    if (hidden === 'left the page') break;
    if (hidden === undefined) continue;
    checked += 1;
    assert.equal(hidden, null, `${where}: the focused control "${hidden}" is hidden under a bar`);
  }
  return checked;
}

/**
 * With --screenshots, writes the current screen at 375 and 1280 px into screenshots/, checking on
 * the way that the phone width has no sideways scroll.
 */
export function makeShooter(dir) {
  return async function shot(page, name) {
    if (!dir) return;
    const original = page.viewportSize();
    // Toasts would sit over the top of every screen; the journeys check them separately.
    await page.evaluate(() => document.querySelector('.Toastify')?.classList.add('e2e-hidden'));
    // Scrolled down, a full-page shot would draw the sticky header in the middle of the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.addStyleTag({ content: '.e2e-hidden { visibility: hidden !important; }' }).catch(() => {});
    for (const [width, height] of [
      [375, 812],
      [1280, 900],
    ]) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(250); // let the chart and the layout settle at the new width
      if (width === 375) await assertNoHorizontalScroll(page, `${name} at 375 px`);
      await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize(original);
    await page.evaluate(() => document.querySelector('.Toastify')?.classList.remove('e2e-hidden'));
    await page.waitForTimeout(100);
  };
}

export async function expectTitle(page, title) {
  await page
    .waitForFunction((t) => document.title === t, title, { timeout: 5000 })
    .catch(async () => {
      assert.equal(await page.title(), title, 'document.title');
    });
}

/** Delete on a record's page: it sits in the More (⋯) menu (docs/api.md §14); 'Are you sure?' is accepted. */
export async function deleteFromMore(page) {
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
}
