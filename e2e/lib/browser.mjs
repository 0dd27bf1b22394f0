// Chromium from Debian, driven by playwright-core. Every page records console errors, page
// errors and server errors (5xx); a journey fails when any of them happened.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser() {
  // launch() gives Chromium a fresh temporary profile (user-data-dir) and deletes it on close,
  // so nothing carries over between runs; each journey also gets its own browser contexts.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return { browser, close: () => browser.close() };
}

/**
 * A failed request (4xx) is logged by Chromium as a console error. Those are expected in journeys
 * that provoke them (wrong password, expired session, another user's log), so they are allowed, as
 * are the requests an offline context cannot make; 5xx answers are not, and every other console
 * error is a failure.
 */
const NETWORK_4XX = /^Failed to load resource: the server responded with a status of 4\d\d/;
// Only a journey that takes its context offline (context.setOffline) provokes this one.
const NETWORK_OFFLINE = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/;
// A preload the page cannot use (e.g. the server's `Link` header in another credentials mode than
// the request that follows it) downloads the file twice: Chromium says so with a warning.
const UNUSED_PRELOAD = /^A preload for '.*' is found, but is not used/;

export async function openPage(browser, baseURL, problems, { width = 1280, height = 900 } = {}) {
  const context = await browser.newContext({ baseURL, viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('console', (message) => {
    if (message.type() === 'warning' && UNUSED_PRELOAD.test(message.text()))
      problems.push(`preload not used on ${page.url()}: ${message.text()}`);
    if (message.type() !== 'error') return;
    if (NETWORK_4XX.test(message.text()) || NETWORK_OFFLINE.test(message.text())) return;
    problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  // Every Content-Security-Policy violation fails the journey, even one the page caught itself.
  await page.exposeFunction('__reportCspViolation', (text) =>
    problems.push(`CSP violation on ${page.url()}: ${text}`),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`),
    );
  });
  // What a failed expectation prints (lib/steps.mjs): the last API calls with their times, and
  // every toast the page showed, when and where (a toast missed by a wait is otherwise a mystery).
  page.apiLog = [];
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const response = await request.response().catch(() => null);
    const ms = Math.round(request.timing().responseEnd);
    page.apiLog.push(`${request.method()} ${url.pathname} ${response?.status() ?? '?'} in ${ms} ms`);
    if (page.apiLog.length > 12) page.apiLog.shift();
  });
  await page.addInitScript(() => {
    window.__toastLog = [];
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) {
          if (!(node instanceof Element)) continue;
          // A toast comes alone, or inside the container the first toast brings with it.
          const toasts = node.matches('.Toastify__toast')
            ? [node]
            : node.querySelectorAll('.Toastify__toast');
          for (const toast of toasts)
            window.__toastLog.push(
              `${Math.round(performance.now())} ms on ${location.pathname}: ${toast.textContent}`,
            );
        }
    }).observe(document, { childList: true, subtree: true });
  });
  // The entry's stylesheet is inside index.html (vite.config.ts inlineEntryStylesheet): fetched,
  // it would be a lazy chunk loading it again and restyling the whole page with the same rules.
  page.on('request', (request) => {
    if (/^\/assets\/index-[\w-]+\.css$/.test(new URL(request.url()).pathname))
      problems.push(`the entry stylesheet fetched again on ${page.url()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()}`);
  });
  // 'Are you sure?' is the browser's confirm; journeys accept it unless they say otherwise.
  page.on('dialog', (dialog) => {
    if (page.dialogAnswer === false) return dialog.dismiss();
    page.lastDialog = dialog.message();
    return dialog.accept();
  });
  return { context, page };
}

export function screenshotsDir(root) {
  const dir = path.join(root, 'screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}
